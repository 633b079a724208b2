import { describe, expect, it } from 'vitest';
import { type BillFact, billLabel, billsNamedIn } from './bill-facts.ts';
import { answerQuestion } from './offline-engine.ts';
import { detectIntent } from './intents.ts';

// The assistant finds a utility's bills by either of its names (issue 25): the legal name on
// the bill or the brand the customer knows.

const fact = (id: string, provider: string, providerBrand: string | null, totalAmount: number, periodEnd: string): BillFact => ({
  id,
  billType: 'electricity',
  provider,
  providerBrand,
  totalAmount,
  usageAmount: 500,
  usageUnit: 'kWh',
  periodStart: null,
  periodEnd,
  dueDate: null,
  accountKey: `${provider}#1`,
  amountSure: true,
  stateCode: 'MA',
});

const BILLS = [
  fact('water', 'Springfield Water Department', null, 41.2, '2026-03-01'),
  fact('nstar', 'NSTAR Electric Company', 'Eversource Energy', 132.45, '2026-02-01'),
];

describe('utilities named in a question', () => {
  it('finds the bills of a utility by its brand or its legal name', () => {
    expect(billsNamedIn('What was my last Eversource bill?', BILLS).map((b) => b.id)).toEqual(['nstar']);
    expect(billsNamedIn('How much was the NSTAR bill?', BILLS).map((b) => b.id)).toEqual(['nstar']);
    expect(billsNamedIn('What was my last bill?', BILLS).map((b) => b.id)).toEqual(['water', 'nstar']);
  });

  it('answers about the named utility and labels its bill with the brand the customer knows', () => {
    const question = 'What was my latest Eversource bill?';
    const answer = answerQuestion(detectIntent(question), question, { bills: BILLS });
    expect(answer.text).toContain('132.45');
    expect(answer.text).not.toContain('41.20');
    expect(billLabel(BILLS[1] as BillFact)).toMatch(/^Eversource Energy electricity bill/);
  });
});
