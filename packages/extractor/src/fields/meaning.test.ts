import { describe, expect, it } from 'vitest';
import { labelMeaning, labelStems } from './meaning.ts';

describe('label stems', () => {
  it('expands abbreviations and folds plurals and OCR slips', () => {
    expect(labelStems('Acct. No.')).toEqual(['account', 'number']);
    expect(labelStems('Previous Balance')).toEqual(['previous', 'balance']);
    expect(labelStems('Amnt Due')).toEqual(['amount', 'due']);
    expect(labelStems('Acount Ballance')).toEqual(['account', 'balance']);
  });
});

describe('what a label means', () => {
  it.each([
    ['We ask that you pay', 'total'],
    ['Total balance', 'total'],
    ['Please remit', 'total'],
    ['Amount owing', 'total'],
    ['Balance due now', 'total'],
  ])('an amount after "%s" is the amount due', (label) => {
    expect(labelMeaning(label, 'money').total).toBeGreaterThan(0.6);
  });

  it('an amount due if paid by the due date is the amount due', () => {
    expect(labelMeaning('Amount Due if Paid by Due Date', 'money').total).toBe(1);
  });

  it.each(['Previous balance', 'Balance carried over', 'Amount due after Mar 3', 'Late payment charge', 'Amount enclosed', 'Amount paid', 'Amount remitted', 'Budget billing amount'])(
    'an amount after "%s" is not the amount due',
    (label) => {
      expect(labelMeaning(label, 'money').total ?? 0).toBe(0);
    },
  );

  it('tells this period\'s charges and carried balances apart', () => {
    expect(labelMeaning('Charges this period', 'money').currentCharges).toBe(1);
    expect(labelMeaning('Balance carried over', 'money').previousBalance).toBe(1);
    expect(labelMeaning('Payment - thank you', 'money').payments).toBeGreaterThan(0);
    expect(labelMeaning('Please pay', 'money').payments).toBeUndefined();
  });

  it.each(['Payment deadline', 'Please make your payment no later than', 'Must be received by', 'Pay by', 'Due'])('a date after "%s" is the due date', (label) => {
    expect(labelMeaning(label, 'date').due).toBeGreaterThan(0.4);
  });

  it('a payment received on a date is not a due date; a bill date is the statement date', () => {
    expect(labelMeaning('Payment received on', 'date').due).toBeUndefined();
    expect(labelMeaning('Statement issued', 'date').statement).toBe(1);
    expect(labelMeaning('Bill date', 'date').statement).toBe(1);
  });

  it('reads periods worded as cycles, read dates or coverage', () => {
    for (const label of ['Billing cycle', 'Read dates', 'Period covered', 'For service from']) expect(labelMeaning(label, 'range').period).toBe(1);
    expect(labelMeaning('Due dates', 'range').period).toBeUndefined();
  });

  it('knows account labels and what only looks like one', () => {
    for (const label of ['Member number', 'Acct #', 'Customer No.', 'Account ID']) expect(labelMeaning(label, 'id').account).toBeGreaterThan(0.7);
    for (const label of ['Meter number', 'Customer service', 'Invoice number']) expect(labelMeaning(label, 'id').account).toBeUndefined();
  });

  it('usage, not demand, readings or history', () => {
    expect(labelMeaning('Energy delivered', 'quantity').usage).toBeGreaterThan(0);
    expect(labelMeaning('Kilowatt-hours billed this cycle', 'quantity').usage).toBe(1);
    for (const label of ['Max demand', 'Previous reading', 'Average daily use', 'Same month last year']) expect(labelMeaning(label, 'quantity').usage).toBeUndefined();
  });

  it('counts a long sentence as a weaker label', () => {
    const short = labelMeaning('Amount due', 'money').total ?? 0;
    const long = labelMeaning('If you have questions about the amount due on this statement please call us', 'money').total ?? 0;
    expect(long).toBeLessThan(short);
  });
});
