import { describe, expect, it } from 'vitest';
import { analyzeBill } from './analyze.ts';
import { generateRecommendations } from './recommendations.ts';
import { classifyCharge } from './charges.ts';
import { analysisBillSchema } from './schema.ts';
import { makeHistory, makeMonthlyBill } from './test-fixtures.ts';
import type { AnalysisBill } from './types.ts';

const TODAY = '2025-06-01';
const flat = (): number => 20;
const codes = (bill: AnalysisBill, history: AnalysisBill[] = []): string[] =>
  analyzeBill(bill, history, { today: TODAY }).potentialIssues.map((i) => i.code);
const issue = (bill: AnalysisBill, code: string, history: AnalysisBill[] = []) =>
  analyzeBill(bill, history, { today: TODAY }).potentialIssues.find((i) => i.code === code);

// April 2025: 30 days × 20 kWh = 600 kWh; $90 energy + $12 customer charge = $102.
const april = (o: Partial<AnalysisBill> = {}): AnalysisBill => makeMonthlyBill(2025, 4, 20, o);

describe('charges that must add up', () => {
  it('accepts a bill whose lines add up to its total', () => {
    expect(codes(april())).toEqual([]);
  });

  it('flags lines that do not add up to the printed current charges, with the amount', () => {
    const i = issue(april({ currentCharges: 110, totalAmount: 110 }), 'charges_mismatch');
    expect(i?.severity).toBe('high');
    expect(i?.amount).toBe(8);
    expect(i?.detail).toContain('$102.00');
  });

  it('treats lines covering under half the charges as a partial read, not a billing error', () => {
    const bill = april({ charges: [{ label: 'Customer Charge', amount: 12 }] });
    expect(issue(bill, 'charges_incomplete')?.severity).toBe('low');
    expect(codes(bill)).not.toContain('charges_mismatch');
  });

  it('tolerates a one-cent rounding difference', () => {
    expect(codes(april({ totalAmount: 102.01 }))).toEqual([]);
  });

  it('accepts previous balance − payments + current charges = total', () => {
    expect(codes(april({ previousBalance: 95.2, payments: 95.2, currentCharges: 102, totalAmount: 102 }))).toEqual([]);
    // A balance carried over is reported as past due, not as a mismatch.
    expect(codes(april({ previousBalance: 50, payments: -20, currentCharges: 102, totalAmount: 132 }))).toEqual(['past_due_balance']);
    // Without printed current charges: total − carried balance is compared with the lines.
    expect(codes(april({ previousBalance: 50, payments: 20, totalAmount: 132 }))).toEqual(['past_due_balance']);
  });

  it('flags an amount due that does not follow from the account summary', () => {
    const i = issue(april({ previousBalance: 50, payments: 20, currentCharges: 102, totalAmount: 150 }), 'balance_mismatch');
    expect(i?.severity).toBe('high');
    expect(i?.amount).toBe(18);
  });

  it('notes late fees with their amount', () => {
    const bill = april({ charges: [...april().charges, { label: 'Late Payment Fee', amount: 5 }], totalAmount: 107 });
    expect(issue(bill, 'late_fee')?.amount).toBe(5);
    expect(codes(bill)).not.toContain('charges_mismatch');
  });
});

describe('service periods', () => {
  const march = makeMonthlyBill(2025, 3, 20); // 2025-03-01 .. 2025-04-01

  it('accepts read-to-read and calendar-style continuous periods', () => {
    expect(codes(april(), [march])).toEqual([]);
    expect(codes(april({ servicePeriodStart: '2025-04-02', servicePeriodEnd: '2025-05-02' }), [march])).toEqual([]);
  });

  it('flags days billed twice when the period overlaps the previous bill', () => {
    const bill = april({ servicePeriodStart: '2025-03-29', servicePeriodEnd: '2025-05-01' });
    const i = issue(bill, 'service_overlap', [march]);
    expect(i?.severity).toBe('high');
    expect(i?.detail).toContain('3 days appear on both');
    expect(i?.amount).toBeCloseTo(3 * (102 / 33), 2);
  });

  it('flags days missing between two bills', () => {
    const bill = april({ servicePeriodStart: '2025-04-10', servicePeriodEnd: '2025-05-10' });
    expect(issue(bill, 'service_gap', [march])?.detail).toMatch(/^8 days between/);
  });

  it('flags a period far from a month and a due date before the period ends', () => {
    expect(codes(april({ servicePeriodEnd: '2025-05-12' }))).toContain('long_period');
    expect(codes(april({ servicePeriodEnd: '2025-04-20' }))).toContain('short_period');
    expect(codes(april({ dueDate: '2025-04-25' }))).toContain('due_before_period_end');
  });

  it('flags a service period that ends after today (a misread date)', () => {
    expect(codes(makeMonthlyBill(2025, 8, 20))).toContain('future_period');
  });

  it('flags a bill for the same period as one already on the account', () => {
    const copy = { ...april(), id: 'another-upload' };
    const i = issue(april(), 'duplicate_bill', [copy]);
    expect(i?.severity).toBe('high');
    expect(i?.amount).toBe(102);
  });
});

describe('reads and rates', () => {
  it('flags an estimated meter read', () => {
    expect(codes(april({ meterReadings: [{ previous: 1000, current: 1600, estimated: true }] }))).toContain('estimated_read');
    expect(codes(april({ meterReadings: [{ previous: 1000, current: 1600, estimated: false }] }))).not.toContain('estimated_read');
  });

  it('flags a price per kWh more than 25% above the usual one, with the extra cost', () => {
    const history = makeHistory(2024, 10, 6, flat); // Oct 2024 .. Mar 2025 at $0.15/kWh
    const i = issue(april({ rate: 0.2, charges: [{ label: 'Customer Charge', amount: 12 }, { label: 'Energy Charge', amount: 120 }], totalAmount: 132 }), 'rate_jump', history);
    expect(i?.amount).toBeCloseTo(0.05 * 600, 2);
    expect(i?.detail).toContain('33% more');
    // 20% up is within the tolerance.
    const mild = april({ charges: [{ label: 'Customer Charge', amount: 12 }, { label: 'Energy Charge', amount: 108 }], totalAmount: 120 });
    expect(codes(mild, history)).not.toContain('rate_jump');
  });

  it('flags the price change as a cost anomaly, not a usage anomaly', () => {
    const history = makeHistory(2024, 4, 12, (m) => 18 + (m % 4));
    const bill = makeMonthlyBill(2025, 4, 20, { rate: 0.24 });
    const a = analyzeBill(bill, history, { today: TODAY });
    expect(a.usageAnomalies.map((x) => x.metric)).toEqual(['daily_cost']);
    expect(a.usageAnomalies[0]?.explanation).toContain('what this much use usually costs you');
  });
});

describe('charge classification', () => {
  it.each([
    ['Customer Charge', 'fixed'],
    ['Basic Service Charge', 'fixed'],
    ['Meter Charge', 'fixed'],
    ['Energy Charge 600 kWh @ $0.15', 'variable'],
    ['Distribution Facilities Charge', 'variable'],
    ['Gas Supply', 'variable'],
    ['State Sales Tax', 'taxes_fees'],
    ['Franchise Fee', 'taxes_fees'],
    ['Previous Balance', 'balance'],
    ['Payment Received - Thank You', 'balance'],
    ['Budget Billing Credit', 'credit'],
    ['Modem Rental', 'fixed'],
  ])('%s is %s', (label, category) => {
    expect(classifyCharge({ label, amount: 10 })).toBe(category);
  });
});

describe('input schema', () => {
  it('parses a bill and rejects malformed dates and amounts', () => {
    expect(analysisBillSchema.parse(april())).toEqual(april());
    expect(analysisBillSchema.safeParse(april({ servicePeriodEnd: '04/30/2025' })).success).toBe(false);
    expect(analysisBillSchema.safeParse(april({ totalAmount: Number.NaN })).success).toBe(false);
  });
});

describe('a credit balance (a negative amount due)', () => {
  it('says "Credit $75.61" in the summary check, never an amount owed', () => {
    const i = issue(april({ previousBalance: 120, payments: -300, currentCharges: 102, totalAmount: -75.61 }), 'balance_mismatch');
    expect(i?.detail).toContain('= Credit $78.00, but the bill shows Credit $75.61');
    expect(i?.severity).toBe('high');
  });

  it('does not take a credit without balance lines as this period’s charges', () => {
    const bill = april({ totalAmount: -75.61, charges: [{ label: 'Late Payment Fee', amount: 5 }] });
    const result = analyzeBill(bill, [], { today: TODAY });
    expect(result.costs.currentCharges).toBeNull();
    const recommendations = generateRecommendations(bill, result);
    for (const r of recommendations) expect(r.costReduced === null || r.costReduced >= 0).toBe(true);
  });
});
