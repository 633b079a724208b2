import { describe, expect, it } from 'vitest';
import { extractFromDocument } from './extract.ts';
import { findCreditBalance } from './credit-balance.ts';
import { documentFromLayoutText } from './fields/text-doc.ts';

// A credit bill reads as a negative amount due (issue 25), whatever the wording; the same
// figure with words that make it history, a condition or a part is left alone.

const head = `
   Bluestem Electric Cooperative
   Account Number 5512-3390
   Billing Period: 01/02/2026 - 02/01/2026
   Statement Date: 02/03/2026
   Due Date: 02/20/2026
   Energy used 612 kWh
`;
const withBalances = `${head}
   Previous Balance   $120.00
   Payment Received - Thank You   -$195.61
   Current Charges   $0.00
`;
const read = (text: string) => extractFromDocument(documentFromLayoutText(text));

describe('credit balances', () => {
  it.each([
    ['75.61CR', '   Amount Due   75.61CR'],
    ['75.61-', '   Amount Due   75.61-'],
    ['($75.61)', '   Amount Due   ($75.61)'],
    ['$75.61 CR', '   Total Amount Due   $75.61 CR'],
    ['-$75.61', '   Amount Due   -$75.61'],
    ['CREDIT BALANCE — NO PAYMENT IS REQUIRED', '   CREDIT BALANCE — NO PAYMENT IS REQUIRED   $75.61'],
    ['credit balance above its figure', '   Your Credit Balance\n   $75.61\n   No payment is required.'],
    ['you have a credit of', '   You have a credit of $75.61 on your account. Do not pay.'],
  ])('%s reads as −75.61 due, with the balance lines', (_, line) => {
    const r = read(`${withBalances}${line}\n`);
    expect(r.fields.totalAmount.value).toBe(-75.61);
  });

  it.each([
    ['CREDIT BALANCE — NO PAYMENT IS REQUIRED', '   CREDIT BALANCE — NO PAYMENT IS REQUIRED   $75.61'],
    ['credit balance with amount due $0.00', '   Amount Due   $0.00\n   Credit Balance   $75.61'],
    ['75.61CR alone', '   Amount Due   75.61CR'],
  ])('%s reads as −75.61 due without balance lines, never 75.61 owed', (_, line) => {
    const r = read(`${head}${line}\n`);
    expect(r.fields.totalAmount.value).toBe(-75.61);
    expect(r.fields.totalAmount.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('is surer when the bill also says nothing is to be paid, and says why in the checks', () => {
    const r = read(`${withBalances}   CREDIT BALANCE — NO PAYMENT IS REQUIRED   $75.61\n`);
    expect(r.fields.totalAmount.confidence).toBeGreaterThanOrEqual(0.9);
    expect(read(`${head}   Credit Balance   $75.61\n`).fields.totalAmount.confidence).toBeLessThan(0.9);
    expect(r.checks.find((c) => c.name === 'credit balance')?.detail).toContain('-75.61');
  });

  it.each([
    ['a previous credit balance', '   Previous credit balance   $20.00\n   Amount Due   $55.40'],
    ['a credit balance applied', '   Credit balance applied   $20.00\n   Amount Due   $55.40'],
    ['a condition', '   If you have a credit balance of more than $5.00, we will refund it.\n   Amount Due   $55.40'],
  ])('leaves %s alone (the bill still owes 55.40)', (_, line) => {
    const r = read(`${head}${line}\n`);
    expect(r.fields.totalAmount.value).toBe(55.4);
    expect(findCreditBalance(documentFromLayoutText(`${head}${line}\n`))).toBeNull();
  });

  it('does not guess between two different credits', () => {
    expect(findCreditBalance(documentFromLayoutText(`${head}   Credit balance   $75.61\n   Credit balance   $12.00\n`))).toBeNull();
  });
});
