import { afterAll, describe, expect, it } from 'vitest';
import { extractBill } from './extract.ts';
import { closeReaders } from './read/read-document.ts';
import { buildPdf } from './read/testing/minimal-pdf.ts';

// Invented bills with one line reworded at a time: the wordings other utilities print for the
// same fields. Each goes through the whole reader (text PDF → layout → fields).

afterAll(async () => {
  await closeReaders();
});

const BASE = {
  provider: 'Pinecrest Municipal Utilities',
  account: 'Account Number: 7781-2290-45',
  period: 'Service Period: 01/05/2026 - 02/03/2026',
  usage: 'Total Usage: 612 kWh',
  total: 'Total Amount Due: $97.12',
  due: 'Due Date: 02/24/2026',
};

const EXPECTED = {
  accountNumber: '7781229045',
  servicePeriodStart: '2026-01-05',
  servicePeriodEnd: '2026-02-03',
  usageAmount: 612,
  totalAmount: 97.12,
  dueDate: '2026-02-24',
};

const REWORDED: Array<[keyof typeof BASE, string]> = [
  ['account', 'Acct. No. 7781-2290-45'],
  ['account', 'Account #: 7781-2290-45'],
  ['account', 'Customer Account 7781-2290-45'],
  ['account', 'Account ID: 7781-2290-45'],
  ['account', 'Billing Account Number 7781-2290-45'],
  ['account', 'Acct: 7781229045'],
  ['period', 'Billing Period: Jan 5, 2026 to Feb 3, 2026'],
  ['period', 'Service from 01/05/26 to 02/03/26'],
  ['period', 'Period: 2026-01-05 - 2026-02-03'],
  ['period', 'Service Dates: 1/5/2026 - 2/3/2026'],
  ['period', 'For service 05 Jan 2026 - 03 Feb 2026'],
  ['period', 'Billing period January 5 - February 3, 2026'],
  ['period', 'Read dates: 01/05/2026 to 02/03/2026'],
  ['usage', 'Energy Usage 612 kWh'],
  ['usage', 'Electric Usage: 612 kWh'],
  ['usage', 'Kilowatt Hours Used: 612'],
  ['usage', 'Consumption (kWh): 612'],
  ['usage', 'Total kWh: 612'],
  ['usage', 'You used 612 kWh this month'],
  ['usage', 'Electric Consumption 612 kWh'],
  ['total', 'Amount Due: $97.12'],
  ['total', 'Please Pay $97.12'],
  ['total', 'Total Due $97.12'],
  ['total', 'Balance Due: $97.12'],
  ['total', 'Pay This Amount $97.12'],
  ['total', 'Amount Due by 02/24/2026 $97.12'],
  ['total', 'Total Amount Due Now: 97.12'],
  ['total', 'New Balance $97.12'],
  ['total', 'AMOUNT DUE $ 97.12'],
  ['total', 'Total to pay: $97.12'],
  ['total', 'Current Balance Due $97.12'],
  ['due', 'Payment Due: Feb 24, 2026'],
  ['due', 'Due by 02/24/2026'],
  ['due', 'Please pay by February 24, 2026'],
  ['due', 'Pay by: 2/24/26'],
  ['due', 'Payment due date 24 Feb 2026'],
  ['due', 'Due on or before 02/24/2026'],
  ['due', 'Due: 2026-02-24'],
  ['due', 'Amount due by Feb. 24, 2026'],
  ['due', 'Autopay date: February 24, 2026'],
  ['due', 'Scheduled payment date 02/24/2026'],
];

describe('label wordings of other utilities', () => {
  it.each(REWORDED)('%s: %s', async (key, line) => {
    const lines = { ...BASE, [key]: line };
    const pdf = buildPdf({
      pages: [[lines.provider, lines.account, 'Statement Date: 01/31/2026', lines.period, lines.usage, lines.total, lines.due]],
    });
    const { fields } = await extractBill(pdf);
    expect({
      accountNumber: fields.accountNumber.value?.replace(/[\s-]/g, ''),
      servicePeriodStart: fields.servicePeriodStart.value,
      servicePeriodEnd: fields.servicePeriodEnd.value,
      usageAmount: fields.usageAmount.value,
      totalAmount: fields.totalAmount.value,
      dueDate: fields.dueDate.value,
    }).toEqual(EXPECTED);
  });
});

describe('other utilities and account situations', () => {
  const page = (lines: string[]) => buildPdf({ pages: [lines] });

  it('reads a gas bill in therms and one in CCF', async () => {
    const therms = await extractBill(page(['Riverbend Gas Company', 'Account: 55-1200-334', 'Billing period 12/02/2025 - 01/02/2026', 'Gas Used: 74 Therms', 'Amount Due $88.20', 'Due Date 01/22/2026']));
    expect([therms.fields.billType.value, therms.fields.usageAmount.value, therms.fields.usageUnit.value, therms.fields.totalAmount.value]).toEqual(['natural_gas', 74, 'therms', 88.2]);
    const ccf = await extractBill(page(['Riverbend Gas Company', 'Account: 55-1200-334', 'Billing period 12/02/2025 - 01/02/2026', 'Natural gas usage 61 CCF', 'Amount Due $88.20', 'Due Date 01/22/2026']));
    expect([ccf.fields.usageAmount.value, ccf.fields.usageUnit.value]).toEqual([61, 'CCF']);
  });

  it('reads water usage in gallons, also when printed in thousands', async () => {
    const head = ['City of Fairview Water Department', 'Account No 000123-44', 'Service: 03/01/2026 to 03/31/2026'];
    const plain = await extractBill(page([...head, 'Water Consumption: 4,300 gallons', 'Sewer charge $22.10', 'Total Amount Due $61.75', 'Due 04/20/2026']));
    expect([plain.fields.billType.value, plain.fields.usageAmount.value, plain.fields.usageUnit.value, plain.fields.totalAmount.value]).toEqual(['water', 4300, 'gallons', 61.75]);
    const thousands = await extractBill(page([...head, 'Water used (1,000 gal): 4.3', 'Total Amount Due $61.75', 'Due 04/20/2026']));
    expect([thousands.fields.usageAmount.value, thousands.fields.usageUnit.value]).toEqual([4300, 'gallons']);
  });

  it('takes the amount due including a past-due balance, a zero or negative amount due, and a value printed under its label', async () => {
    const pastDue = await extractBill(page(['Northwind Electric', 'Account 1234567890', 'Previous Balance $120.00', 'Payment Received $0.00', 'Past Due $120.00', 'Current Charges $133.45', 'Total Amount Due $253.45', 'Due Date: Jun 10, 2026']));
    expect(pastDue.fields.totalAmount.value).toBe(253.45);
    const zero = await extractBill(page(['Northwind Electric', 'Account 1234567890', 'Credit balance - do not pay', 'Amount Due $0.00', 'Due Date June 10, 2026']));
    expect(zero.fields.totalAmount.value).toBe(0);
    const credit = await extractBill(page(['Northwind Electric', 'Account 1234567890', 'Payment Received -$150.00', 'Total Amount Due -$60.00', 'Due Date June 10, 2026']));
    expect(credit.fields.totalAmount.value).toBe(-60);
    const dashed = await extractBill(page(['Northwind Electric', 'Account 1234567890', 'Total Amount Due - $60.00', 'Due Date June 10, 2026']));
    expect(dashed.fields.totalAmount.value).toBe(60);
    const yearFirst = await extractBill(page(['Northwind Electric', 'Account 1234567890', 'Total Amount Due $60.00', 'Due Date 2026/06/10']));
    expect(yearFirst.fields.dueDate.value).toBe('2026-06-10');
    const below = await extractBill(page(['Northwind Electric', 'Account 1234567890', 'Total Amount Due', '$253.45', 'Due Date', 'June 10, 2026']));
    expect([below.fields.totalAmount.value, below.fields.dueDate.value]).toEqual([253.45, '2026-06-10']);
  });
});
