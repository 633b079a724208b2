import { describe, expect, it } from 'vitest';
import type { BillFact } from './bill-facts.ts';
import { detectIntent } from './intents.ts';
import { answerQuestion } from './offline-engine.ts';

const fact = (id: string, totalAmount: number | null, amountSure: boolean, periodEnd: string): BillFact => ({
  id,
  billType: 'electricity',
  provider: 'Example Power',
  providerBrand: null,
  totalAmount,
  usageAmount: null,
  usageUnit: null,
  periodStart: null,
  periodEnd,
  dueDate: null,
  accountKey: 'Example Power#1',
  amountSure,
  stateCode: 'MA',
});

describe('the trend answer', () => {
  it('leaves out a bill whose amount was not read (never $0.00) and marks an unsure amount as one to check', () => {
    const question = 'Show me the trend of my bills';
    const bills = [fact('a', 100, true, '2026-01-31'), fact('b', null, false, '2026-02-28'), fact('c', 140, false, '2026-03-31')];
    const { text } = answerQuestion(detectIntent(question), question, { bills });
    expect(text).not.toContain('$0.00');
    expect(text).toContain('$140.00 (to check)');
    expect(text).toContain('average $120.00');
    expect(text).toContain('estimates until then');
  });
});
