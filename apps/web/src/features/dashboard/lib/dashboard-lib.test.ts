import { describe, expect, it } from 'vitest';
import type { BillSummary } from '../types.ts';
import { billViewStatus, flaggedBills, providerName, recentBills } from './bill-view.ts';
import { billMonth, buildAccountSeries } from './chart-data.ts';
import { confidenceLevel, formatChange, formatMonth, formatUsage } from './format.ts';
import { noticeToShow, parseSubscriptionParams } from './subscription-params.ts';

function bill(overrides: Partial<BillSummary>): BillSummary {
  return {
    id: 'b1',
    createdAt: '2026-03-20T10:00:00Z',
    fileName: 'bill.pdf',
    propertyId: 'p1',
    propertyType: 'residential',
    billType: 'electricity',
    accountId: 'a1',
    status: 'processed',
    progress: 100,
    failureReason: null,
    utilityProvider: 'Georgia Power',
    accountNumber: '12345',
    totalAmount: 100,
    dueDate: null,
    servicePeriodStart: null,
    servicePeriodEnd: null,
    usageAmount: 800,
    usageUnit: 'kWh',
    processingConfidence: 1,
    analyzed: false,
    hasAnomalies: false,
    duplicateOfId: null,
    ...overrides,
  };
}

describe('bill view', () => {
  it('maps server states to the table statuses', () => {
    expect(billViewStatus({ status: 'processed', analyzed: true })).toBe('analyzed');
    expect(billViewStatus({ status: 'processed', analyzed: false })).toBe('pending');
    expect(billViewStatus({ status: 'queued', analyzed: false })).toBe('processing');
    expect(billViewStatus({ status: 'failed', analyzed: false })).toBe('failed');
  });

  it("shows 'Unknown Provider' when the reader found none", () => {
    expect(providerName('Unknown')).toBe('Unknown Provider');
    expect(providerName('  ')).toBe('Unknown Provider');
    expect(providerName('Duke Energy')).toBe('Duke Energy');
  });

  it('flags only analyzed bills with real anomaly flags', () => {
    const bills = [
      bill({ id: 'a', analyzed: true, hasAnomalies: true }),
      bill({ id: 'b', analyzed: false, hasAnomalies: true }),
      bill({ id: 'c', analyzed: true, hasAnomalies: false }),
    ];
    expect(flaggedBills(bills).map((b) => b.id)).toEqual(['a']);
  });

  it('lists recent bills newest first by bill date', () => {
    const bills = [
      bill({ id: 'jan', servicePeriodEnd: '2026-01-31' }),
      bill({ id: 'mar', servicePeriodEnd: '2026-03-31' }),
      bill({ id: 'feb', servicePeriodEnd: '2026-02-28' }),
    ];
    expect(recentBills(bills, 2).map((b) => b.id)).toEqual(['mar', 'feb']);
  });
});

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

describe('formatting', () => {
  it('keeps the unit with usage and signs changes', () => {
    expect(formatUsage(824, 'kWh')).toBe('824 kWh');
    expect(formatUsage(null, 'kWh')).toBeNull();
    expect(formatChange(0.123)).toBe('+12%');
    expect(formatChange(-0.08)).toBe('−8%');
    expect(formatMonth('2026-03')).toBe('Mar 2026');
  });

  it('grades confidence', () => {
    expect(confidenceLevel(0.95)).toBe('High');
    expect(confidenceLevel(0.75)).toBe('Medium');
    expect(confidenceLevel(0.4)).toBe('Low');
  });
});

describe('subscription query parameters', () => {
  it('reads success and canceled with a known plan', () => {
    expect(parseSubscriptionParams(new URLSearchParams('subscription=success&plan=pro'))).toEqual({ kind: 'success', plan: 'pro' });
    expect(parseSubscriptionParams(new URLSearchParams('subscription=canceled&plan=basic'))).toEqual({ kind: 'canceled', plan: 'basic' });
  });

  it('ignores unknown values', () => {
    expect(parseSubscriptionParams(new URLSearchParams('subscription=maybe'))).toBeNull();
    expect(parseSubscriptionParams(new URLSearchParams('subscription=success&plan=gold'))).toEqual({ kind: 'success', plan: null });
  });
});

describe('subscription notice (issue 9, item 8)', () => {
  const success = parseSubscriptionParams(new URLSearchParams('subscription=success&plan=pro'));
  it('never announces a subscription from the query string alone, signed out or in', () => {
    expect(noticeToShow(success, { isAuthenticated: false, confirmedPlan: null })).toBeNull();
    expect(noticeToShow(success, { isAuthenticated: true, confirmedPlan: null })).toBeNull();
    expect(noticeToShow(success, { isAuthenticated: true, confirmedPlan: 'basic' })).toBeNull();
  });

  it('announces it once the server confirms that plan', () => {
    expect(noticeToShow(success, { isAuthenticated: true, confirmedPlan: 'pro' })).toEqual({ kind: 'success', plan: 'pro' });
  });

  it('shows the canceled notice to signed-in users only', () => {
    const canceled = parseSubscriptionParams(new URLSearchParams('subscription=canceled'));
    expect(noticeToShow(canceled, { isAuthenticated: false, confirmedPlan: null })).toBeNull();
    expect(noticeToShow(canceled, { isAuthenticated: true, confirmedPlan: null })).toEqual(canceled);
  });
});
