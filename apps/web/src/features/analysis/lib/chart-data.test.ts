import { describe, expect, it } from 'vitest';
import { createBillSummary } from '@/test/factories.ts';
import type { BillSummary } from '@wattwise/shared/contract/bills';
import { billMonth, buildAccountSeries } from './chart-data.ts';

function bill(overrides: Partial<BillSummary>): BillSummary {
  return createBillSummary({ createdAt: '2026-03-20T10:00:00Z', fileName: 'bill.pdf', utilityProvider: 'Georgia Power', accountNumber: '12345', ...overrides });
}

describe('chart data', () => {
  it('places a bill in the month its service period mostly covers', () => {
    expect(billMonth(bill({ servicePeriodStart: '2026-01-15', servicePeriodEnd: '2026-02-14' }))).toBe('2026-01');
    expect(billMonth(bill({ servicePeriodStart: '2026-01-25', servicePeriodEnd: '2026-02-24' }))).toBe('2026-02');
    expect(billMonth(bill({ dueDate: '2026-04-10' }))).toBe('2026-04');
  });

  it('builds one series per account, in month order, with last year beside each month', () => {
    const bills = [
      bill({ id: 'm3', servicePeriodEnd: '2026-03-28', totalAmount: 130, usageAmount: 900, analyzed: true, hasAnomalies: true }),
      bill({ id: 'm2', servicePeriodEnd: '2026-02-28', totalAmount: 100, usageAmount: 700 }),
      bill({ id: 'ly', servicePeriodEnd: '2025-03-28', totalAmount: 90, usageAmount: 650 }),
      bill({ id: 'gas', accountId: 'a2', billType: 'natural_gas', usageUnit: 'therms', servicePeriodEnd: '2026-03-28' }),
      bill({ id: 'failed', status: 'failed', servicePeriodEnd: '2026-01-28' }),
    ];
    const series = buildAccountSeries(bills);
    expect(series.map((s) => s.key)).toEqual(['a1', 'a2']);
    const power = series[0];
    expect(power?.points.map((p) => p.month)).toEqual(['2025-03', '2026-02', '2026-03']);
    expect(power?.points[2]).toMatchObject({ billId: 'm3', lastYearUsage: 650, lastYearCost: 90, hasAnomalies: true });
    expect(power?.summary).toContain('3 bills from Mar 2025 to Mar 2026.');
    expect(power?.summary).toContain('up 30% on the one before');
    expect(power?.summary).toContain('1 bill was flagged as unusual.');
  });

  it('keeps every bill: two bills in one month are both drawn, and a corrected period moves a bill without dropping it', () => {
    const bills = [
      bill({ id: 'feb', servicePeriodStart: '2026-02-01', servicePeriodEnd: '2026-02-28', totalAmount: 100, createdAt: '2026-03-01T00:00:00Z' }),
      // Uploaded later, its period corrected into February too: the older upload must stay.
      bill({ id: 'feb-b', servicePeriodStart: '2026-02-03', servicePeriodEnd: '2026-02-25', totalAmount: 40, createdAt: '2026-04-01T00:00:00Z' }),
      bill({ id: 'mar', servicePeriodStart: '2026-03-01', servicePeriodEnd: '2026-03-31', totalAmount: 120 }),
    ];
    const [series] = buildAccountSeries(bills);
    expect(series?.points.map((p) => p.billId).sort()).toEqual(['feb', 'feb-b', 'mar']);
    expect(new Set(series?.points.map((p) => p.label)).size).toBe(3);
    expect(series?.summary).toContain('3 bills');
  });

  it('takes last year from the same account 12 months earlier ± 20 days only, not an 11-months-earlier bill', () => {
    const bills = [
      bill({ id: 'now', servicePeriodStart: '2026-03-01', servicePeriodEnd: '2026-03-31', usageAmount: 900 }),
      bill({ id: 'eleven', servicePeriodStart: '2025-04-01', servicePeriodEnd: '2025-04-30', usageAmount: 930 }),
      bill({ id: 'other', accountId: 'a2', servicePeriodStart: '2025-03-01', servicePeriodEnd: '2025-03-31', usageAmount: 10 }),
    ];
    const series = buildAccountSeries(bills).find((s) => s.key === 'a1');
    expect(series?.points.find((p) => p.billId === 'now')).toMatchObject({ lastYearUsage: null, lastYearCost: null });
  });

  it('marks figures read unsure as estimates, with what to confirm (issue 24: a one-meter usage read at 14%)', () => {
    const bills = [
      { ...bill({ id: 'jan', servicePeriodEnd: '2026-01-31', totalAmount: 120, usageAmount: 900 }), usageSure: true, amountSure: true },
      { ...bill({ id: 'feb', servicePeriodEnd: '2026-02-28', totalAmount: 130, usageAmount: 5940 }), usageSure: false, amountSure: true },
    ];
    const [series] = buildAccountSeries(bills);
    expect(series?.points.map((p) => [p.usageEstimate, p.costEstimate])).toEqual([[false, false], [true, false]]);
    expect(series?.summary).toContain('Average usage about 3,420 units (an estimate: the usage of 1 bill is still to confirm).');
    expect(series?.summary).toContain('Average cost $125.00 per bill.');
    // A bill summary says nothing of sureness: nothing is marked.
    expect(buildAccountSeries([bill({ id: 'x', usageAmount: 10, totalAmount: 5 })])[0]?.summary).not.toContain('estimate');
  });
});
