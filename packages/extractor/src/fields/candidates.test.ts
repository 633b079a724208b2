import { describe, expect, it } from 'vitest';
import { parseAccount } from './account.ts';
import { findCandidates } from './candidates.ts';
import { findAmountParts, findLineItems } from './charges.ts';
import { normalizeDateOrder } from './date-order.ts';
import { extractFields } from './extract-fields.ts';
import { chooseDates, dateViolations } from './joint.ts';
import { buildLayout } from './layout.ts';
import { printedUsageUnit } from './usage.ts';
import { documentFromLayoutText } from './text-doc.ts';

const layoutOf = (text: string) => normalizeDateOrder(buildLayout(documentFromLayoutText(text)));

describe('values read under column headers', () => {
  const TABLE = `
   CITY OF MAPLE GROVE
   Account Number      Customer Name        Billing Date      Due Date        Amount Due
   10402-2310          JOHN SMITH           03/02/24          03/22/24        $88.40

   Meter       Read Dates                 Previous     Current      Consumption
   88213       01/28/24    02/27/24       10450        10512        62 CCF
`;
  it('pairs each cell with its header, and two dates under one header make a period', () => {
    const f = extractFields(documentFromLayoutText(TABLE)).fields;
    expect(f.accountNumber.value).toBe('10402-2310');
    expect(f.totalAmount.value).toBe(88.4);
    expect(f.dueDate.value).toBe('2024-03-22');
    expect(f.servicePeriodStart.value).toBe('2024-01-28');
    expect(f.servicePeriodEnd.value).toBe('2024-02-27');
    expect(f.usageAmount.value).toBe(62);
  });

  it('reads a table row by its column header, not by the row label', () => {
    const layout = layoutOf(`
   Reading Type     Current     Previous     Usage
   Total kWh        99245       98602        643
`);
    const byValue = new Map(findCandidates(layout, { ref: null, parseAccount }).filter((c) => c.kind === 'quantity' || c.kind === 'id').map((c) => [JSON.stringify(c.value), c.context]));
    expect(byValue.get('"99245"')).toBe('Current');
  });

  it('takes the label over a bilingual label it does not know', () => {
    const f = extractFields(
      documentFromLayoutText(`
   Bill Date                      Due Date                        Amount Due
   Date de la facture  2019-10-24   Date d'echeance  2019-11-12     Montant du  $50.35
`),
    ).fields;
    expect(f.dueDate.value).toBe('2019-11-12');
    expect(f.totalAmount.value).toBe(50.35);
  });
});

describe('dates', () => {
  it('reads a bill whose numeric dates are day-first', () => {
    const f = extractFields(documentFromLayoutText('   Bill date 25/09/2019\n   Billing period 01/08/2019 to 31/08/2019\n   Due date 15/10/2019\n   Amount due $120.50\n')).fields;
    expect([f.servicePeriodStart.value, f.servicePeriodEnd.value, f.dueDate.value]).toEqual(['2019-08-01', '2019-08-31', '2019-10-15']);
  });

  it('reads a bill whose dates all read either way in the order under which they agree', () => {
    const f = extractFields(documentFromLayoutText('   Issue Date        11/04/2026\n   Billing Period    07/03/2026 thru 10/04/2026\n   Due Date          04/05/2026\n   Amount due $88.10\n')).fields;
    expect([f.servicePeriodStart.value, f.servicePeriodEnd.value, f.dueDate.value]).toEqual(['2026-03-07', '2026-04-10', '2026-05-04']);
    const us = extractFields(documentFromLayoutText('   Issue Date        04/11/2026\n   Billing Period    03/07/2026 thru 04/10/2026\n   Due Date          05/04/2026\n   Amount due $88.10\n')).fields;
    expect([us.servicePeriodStart.value, us.servicePeriodEnd.value, us.dueDate.value]).toEqual(['2026-03-07', '2026-04-10', '2026-05-04']);
  });

  it('keeps month-first bills month-first', () => {
    const layout = layoutOf('   Due 01/08/2026   Period 12/05/2025 - 01/04/2026\n');
    expect(layout.lines[0]?.text).toContain('01/08/2026');
  });

  it('chooses dates that agree: the period ends before the statement, due comes after', () => {
    const pick = chooseDates(
      [{ value: '2024-04-19', score: 1 }],
      [{ value: '2024-05-16', score: 1 }],
      [
        { value: { start: '2024-04-01', end: '2024-04-30' }, score: 1 },
        { value: { start: '2024-03-19', end: '2024-04-19' }, score: 0.9 },
      ],
    );
    expect(pick.period).toEqual({ start: '2024-03-19', end: '2024-04-19' });
    expect(dateViolations({ statement: '2024-04-19', due: '2024-05-16', period: { start: '2024-03-19', end: '2024-04-19' } })).toBe(0);
  });

  it('lets service billed in advance be due inside its period, at a small cost only', () => {
    expect(dateViolations({ statement: '2025-02-07', due: '2025-02-23', period: { start: '2025-02-07', end: '2025-03-06' } })).toBeLessThan(1);
  });
});

describe('amount parts and itemised charges', () => {
  const BILL = `
   Previous Balance        Payment Received       Balance Carried Over    Total Current Charges
   $ 144.69                $ 0.00                 $ 144.69                $ 165.71
   Customer Charge                                  $ 10.00
   Energy Charge          565 kWh   x $0.1100       $ 62.15
   Delivery Charge        565 kWh   x $0.1500       $ 84.75
   Sales Tax (5.5%)                                  $ 8.81
   • A late payment charge of $ 5.11 may be added if payment is not received by 04/06/2025.
   Total Current Charges                             $ 165.71
   Total Amount Due                                  $ 310.40
`;
  const layout = layoutOf(BILL);
  const candidates = findCandidates(layout, { ref: null, parseAccount });

  it('reads previous balance, payments and current charges, and no late fee from a warning', () => {
    const parts = findAmountParts(candidates, 310.4);
    expect(parts.previousBalance?.value).toBe(144.69);
    expect(parts.paymentsReceived?.value).toBe(-0);
    expect(parts.currentCharges?.value).toBe(165.71);
    expect(parts.lateFees).toBeNull();
  });

  it('returns the line items that add up to current charges, with quantity, rate and kind', () => {
    const items = findLineItems(layout, candidates, 165.71);
    expect(items.map((i) => [i.label, i.amount, i.kind])).toEqual([
      ['Customer Charge', 10, 'fixed'],
      ['Energy Charge', 62.15, 'variable'],
      ['Delivery Charge', 84.75, 'variable'],
      ['Sales Tax (5.5%)', 8.81, 'tax'],
    ]);
    expect(items[1]).toMatchObject({ quantity: 565, unit: 'kWh', rate: 0.11 });
  });

  it('drops a part that makes the sum wrong rather than show a payment the bill does not carry', () => {
    const layout = layoutOf(`
   Previous Balance                                  $ 0.00
   Total Current Charges                             $ 109.79
   Total Amount Due                                  $ 109.79
   Payment received                                  $ 109.79
`);
    const parts = findAmountParts(findCandidates(layout, { ref: null, parseAccount }), 109.79);
    expect(parts.previousBalance?.value).toBe(0);
    expect(parts.currentCharges?.value).toBe(109.79);
    expect(parts.paymentsReceived).toBeNull();
  });

  it('returns no items when the printed lines do not add up', () => {
    expect(findLineItems(layout, candidates, 999.99)).toEqual([]);
  });
});

describe('units', () => {
  it('reads the unit a bill defines for its bare usage figures', () => {
    expect(printedUsageUnit('1 unit of usage = 100 cubic ft of water and 748 gallons of water')).toEqual({ unit: 'CCF', factor: 1 });
    expect(printedUsageUnit('One billing unit equals 1,000 gallons')).toEqual({ unit: 'gallons', factor: 1000 });
    expect(printedUsageUnit('Usage 12 units')).toBeNull();
  });
});
