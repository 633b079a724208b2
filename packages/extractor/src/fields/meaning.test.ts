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
    ['Your total', 'total'],
    ['Your total bill', 'total'],
  ])('an amount after "%s" is the amount due', (label) => {
    expect(labelMeaning(label, 'money').total).toBeGreaterThan(0.6);
  });

  it('reads balance lines told to the customer in plain words', () => {
    expect(labelMeaning('What you owed last time', 'money').previousBalance).toBe(1);
    expect(labelMeaning('What you owed last time', 'money').total ?? 0).toBe(0);
    expect(labelMeaning('What you paid', 'money').payments).toBeGreaterThan(0.8);
    // A payment still to make is no payment received.
    expect(labelMeaning('What you will pay', 'money').payments ?? 0).toBe(0);
  });

  it('a total of charges or usage is not the amount due, even when it is "yours"', () => {
    expect(labelMeaning('Your total charges', 'money').total ?? 0).toBe(0);
    expect(labelMeaning('Your total energy use', 'money').total ?? 0).toBe(0);
    expect(labelMeaning('Your total last month', 'money').total ?? 0).toBe(0);
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
    // An older balance is not the one carried over (a photo read it as the previous balance).
    expect(labelMeaning('Balance prior to last bill', 'money').previousBalance).toBeUndefined();
    expect(labelMeaning('Balance at last bill', 'money').previousBalance).toBe(1);
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

/**
 * Label wordings of real utility bills (billing-system abbreviations, plain-language bills,
 * bilingual headers): each names its field, read by the same rules, not by a phrase list.
 */
describe('wordings of real bills', () => {
  const cases: Array<[string, 'money' | 'date' | 'range' | 'id' | 'quantity', string]> = [
    ['ACCT NO', 'id', 'account'], ['CUST NO', 'id', 'account'], ['CUSTOMER #', 'id', 'account'], ['Acct ID', 'id', 'account'],
    ['Billing Account', 'id', 'account'], ['Your account number is', 'id', 'account'], ['ACCOUNT NUMBER/NUMERO DE CUENTA', 'id', 'account'],
    ['Service Agreement ID', 'id', 'account'], ['Member No.', 'id', 'account'], ['Contract Acct', 'id', 'account'], ['Client No.', 'id', 'account'],
    ['Reference Number', 'id', 'account'], ['Premise ID', 'id', '-'], ['Meter No.', 'id', '-'],
    ['AMT DUE', 'money', 'total'], ['AMOUNT NOW DUE', 'money', 'total'], ['PLEASE PAY', 'money', 'total'], ['NET AMOUNT DUE', 'money', 'total'],
    ['Amount to pay', 'money', 'total'], ['What you owe', 'money', 'total'], ['Pay this amount', 'money', 'total'], ['TOTAL CURRENT BALANCE', 'money', 'total'],
    ['Amount Enclosed', 'money', '-'],
    ['PREV BAL', 'money', 'previousBalance'], ['BAL FWD', 'money', 'previousBalance'], ['Balance forward', 'money', 'previousBalance'],
    ['PYMT RECD', 'money', 'payments'], ['Payment(s) received', 'money', 'payments'], ['CURR CHGS', 'money', 'currentCharges'], ['Charges this month', 'money', 'currentCharges'],
    ['DUE DT', 'date', 'due'], ['PAY BY', 'date', 'due'], ['Due on or before', 'date', 'due'], ['Will be debited on', 'date', 'due'],
    ['BILL DT', 'date', 'statement'], ['Date of bill', 'date', 'statement'], ['Bill issued', 'date', 'statement'], ['Date mailed', 'date', 'statement'],
    ['SERV PER', 'range', 'period'], ['SVC PERIOD', 'range', 'period'], ['Period covered', 'range', 'period'], ['For service', 'range', 'period'], ['Reading period', 'range', 'period'],
    ['SVC FROM', 'date', 'periodStart'], ['SVC TO', 'date', 'periodEnd'], ['PREV READ DT', 'date', 'periodStart'], ['PRES READ DT', 'date', 'periodEnd'], ['Period ending', 'date', 'periodEnd'],
    ['KWH USED', 'quantity', 'usage'], ['TOTAL KWH', 'quantity', 'usage'], ['Energy used', 'quantity', 'usage'], ['You used', 'quantity', 'usage'],
    ['Billed usage', 'quantity', 'usage'], ['Water used', 'quantity', 'usage'], ['Usage this period', 'quantity', 'usage'], ['Avg daily usage', 'quantity', '-'],
  ];
  it.each(cases)('"%s" next to a %s names %s', (label, kind, field) => {
    const meaning = Object.entries(labelMeaning(label, kind)).sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0));
    expect(meaning[0]?.[0] ?? '-').toBe(field);
  });
});
