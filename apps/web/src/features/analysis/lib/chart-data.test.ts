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
});

