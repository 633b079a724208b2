import { describe, expect, it } from 'vitest';
import type { BillSummary } from '../types.ts';
import { missingInputsText, noIssuesText } from './analysis-text.ts';
import { analyzeAction, billLoadError, billRowText, isBillId, READING_TEXT, sortBillsByPeriod } from './bill-view.ts';
import { buildAccountSeries, describeInsightsLegend, SECOND_BILL_HINT } from './chart-data.ts';
import { recommendationSource } from './recommendations.ts';

// Issue 9: what the dashboard says about bills must never contradict what was (not) read.

function bill(id: string, extra: Partial<BillSummary> = {}): BillSummary {
  return {
    id,
    createdAt: '2026-03-10T00:00:00Z',
    fileName: `${id}.pdf`,
    propertyId: 'p',
    propertyType: 'residential',
    billType: 'electricity',
    accountId: 'a1',
    status: 'processed',
    progress: 100,
    failureReason: null,
    utilityProvider: 'Duke Energy',
    accountNumber: '1',
    totalAmount: 100,
    dueDate: null,
    servicePeriodStart: null,
    servicePeriodEnd: '2026-01-31',
    usageAmount: 500,
    usageUnit: 'kWh',
    processingConfidence: 1,
    analyzed: true,
    hasAnomalies: false,
    duplicateOfId: null,
    ...extra,
  };
}

describe('bill rows (items 1 and 16)', () => {
  it('shows an amount that was not read as Not found, never $0.00', () => {
    expect(billRowText(bill('a', { totalAmount: null }))).toMatchObject({ amount: 'Not found', amountMissing: true });
    expect(billRowText(bill('b', { totalAmount: 0 })).amount).toBe('$0.00');
  });

  it('says Reading… for a bill in flight instead of Unknown Provider, $0.00 dated today', () => {
    const row = billRowText(bill('c', { status: 'processing', utilityProvider: 'Unknown', totalAmount: null, servicePeriodEnd: null }));
    expect(row).toEqual({ date: '—', provider: READING_TEXT, amount: '—', amountMissing: false });
  });

  it('orders bills by period, newest first, with bills being read on top', () => {
    const bills = [
      bill('jan', { servicePeriodEnd: '2026-01-31', createdAt: '2026-03-03T00:00:00Z' }),
      bill('mar', { servicePeriodEnd: '2026-03-31', createdAt: '2026-03-01T00:00:00Z' }),
      bill('reading', { status: 'queued', servicePeriodEnd: null, createdAt: '2026-02-01T00:00:00Z' }),
      bill('feb', { servicePeriodEnd: '2026-02-28', createdAt: '2026-03-02T00:00:00Z' }),
    ];
    expect(sortBillsByPeriod(bills).map((b) => b.id)).toEqual(['reading', 'mar', 'feb', 'jan']);
  });
});

describe('analysis texts (item 1)', () => {
  it('names what was not read', () => {
    expect(missingInputsText(['amount'])).toBe(
      'Not found on this bill: the amount due. The figures that need it are left out; add it under What we read.',
    );
    expect(missingInputsText(['amount', 'usage'])).toContain('the amount due and the usage');
    expect(missingInputsText([])).toBeNull();
  });

  it('claims the charges add up only when they were checked', () => {
    expect(noIssuesText({ charges: false, servicePeriod: false })).not.toContain('add up');
    expect(noIssuesText({ charges: true, servicePeriod: false })).toContain('the charges add up');
    expect(noIssuesText({ charges: true, servicePeriod: true })).toBe('No billing errors found: the charges add up and the service days line up.');
  });
});

describe('charts (item 14)', () => {
  it('with one bill, says what a second bill will show and promises no dashed line', () => {
    const series = buildAccountSeries([bill('only')]);
    expect(series[0]?.summary).toContain(SECOND_BILL_HINT);
    expect(describeInsightsLegend(series)).not.toContain('dashed');
  });

  it('promises the dashed last-year line only when a bill of the same month last year exists', () => {
    const months = ['2025-01-31', '2025-02-28', '2026-01-31'];
    const series = buildAccountSeries(months.map((end, i) => bill(`b${i}`, { servicePeriodEnd: end, servicePeriodStart: `${end.slice(0, 8)}01` })));
    expect(describeInsightsLegend(series)).toContain('The dashed line is the same month last year.');
    const noLastYear = buildAccountSeries(months.slice(0, 2).map((end, i) => bill(`b${i}`, { servicePeriodEnd: end })));
    expect(describeInsightsLegend(noLastYear)).not.toContain('dashed');
  });

  it('leaves a bill without an amount out of the cost figures instead of counting $0', () => {
    const series = buildAccountSeries([bill('a', { totalAmount: 100 }), bill('b', { servicePeriodEnd: '2026-02-28', totalAmount: null })]);
    expect(series[0]?.points.map((p) => p.cost)).toEqual([100, null]);
    expect(series[0]?.summary).toContain('Average cost $100.00 per bill.');
  });
});

describe('recommendation cards (item 5)', () => {
  it('say which bill they come from', () => {
    expect(recommendationSource({ billId: 'a' }, [bill('a', { servicePeriodEnd: '2026-03-31' })])).toEqual({
      label: 'From your Duke Energy bill of Mar 2026',
      href: '/dashboard/bills/a',
    });
  });
});

describe('the analyse action (item 12)', () => {
  it('is not offered on an analysed bill, and says Re-analyze after a correction', () => {
    expect(analyzeAction(bill('a', { analyzed: true }))).toBeNull();
    expect(analyzeAction(bill('b', { analyzed: false }))).toBe('Analyze');
    expect(analyzeAction({ ...bill('c', { analyzed: false }), fields: { totalAmount: { corrected: true } } })).toBe('Re-analyze');
    expect(analyzeAction(bill('d', { status: 'processing', analyzed: false }))).toBeNull();
  });
});

describe('a bill that cannot be shown (item 18)', () => {
  it('treats a malformed address as not found, and says so once', () => {
    expect(isBillId('not-a-uuid')).toBe(false);
    expect(isBillId('0b9a3c1e-1111-4a7e-9c1d-2b2b2b2b2b2b')).toBe(true);
    const error = billLoadError(404, 'Bill not found');
    expect(error.title).toBe('Bill not found');
    expect(error.detail).not.toBe(error.title);
    expect(billLoadError(null, 'Network down')).toEqual({ title: 'Failed to load bills', detail: 'Network down' });
  });
});
