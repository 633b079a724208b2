import { describe, expect, it } from 'vitest';
import { createBillSummary } from '@/test/factories.ts';
import type { BillSummary } from '@wattwise/shared/contract/bills';
import { missingInputsText, noIssuesText } from './analysis-text.ts';
import { buildAccountSeries, describeInsightsLegend, SECOND_BILL_HINT } from './chart-data.ts';
import { recommendationSource } from './recommendations.ts';

// Issue 9: what the dashboard says about bills must never contradict what was (not) read.

function bill(id: string, extra: Partial<BillSummary> = {}): BillSummary {
  return createBillSummary({ id, createdAt: '2026-03-10T00:00:00Z', propertyId: 'p', servicePeriodEnd: '2026-01-31', usageAmount: 500, usageUnit: 'kWh', analyzed: true, ...extra });
}

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

