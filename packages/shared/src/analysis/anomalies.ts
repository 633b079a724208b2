import type { BillMetrics } from './bill-metrics.ts';
import { monthNameOf } from './dates.ts';
import { expectCostAtUsualPrices, expectMetric, seasonOf, type Expectation } from './seasonal.ts';
import { median, medianAbsoluteDeviation, round } from './stats.ts';
import type { AnomalyMetric, UsageAnomaly } from './types.ts';

/** |robust z| above which a bill is unusual (Iglewicz and Hoaglin's modified z-score cut-off). */
export const ANOMALY_Z_THRESHOLD = 3.5;
/** Earlier bills needed for the robust z-score; with fewer, a cruder ratio test runs. */
export const MIN_BILLS_FOR_Z = 3;
/** Ratio test (one or two earlier bills): flag at twice or half the expectation. */
export const RATIO_HIGH = 2;
export const RATIO_LOW = 0.5;
/** 0.6745 makes the MAD comparable to a standard deviation for normal data. */
const MAD_SCALE = 0.6745;
/**
 * Floor on the MAD of log residuals (≈5%), so a perfectly steady history does not turn a
 * 10% wobble into an alarm; plus a minimum effect size for anything to be called unusual.
 */
const MAD_FLOOR = 0.05;
const MIN_EFFECT = 0.2;
/** The default seasonal curve is only a shape: against it a gap must be larger to count. */
const MIN_EFFECT_PROFILE = 0.3;

interface MetricSpec {
  value: (m: BillMetrics) => number | null;
  expect: (target: BillMetrics, others: readonly BillMetrics[]) => Expectation | null;
}

const usageOf = (m: BillMetrics): number | null => (m.dailyUsage !== null && m.dailyUsage > 0 ? m.dailyUsage : null);
const costOf = (m: BillMetrics): number | null => (m.dailyCost !== null && m.dailyCost > 0 ? m.dailyCost : null);

const METRICS: Record<AnomalyMetric, MetricSpec> = {
  daily_usage: { value: usageOf, expect: (t, o) => expectMetric(t, o, usageOf) },
  // Cost is judged against what this much use usually costs; bills without usage (internet) by season.
  daily_cost: { value: costOf, expect: (t, o) => expectCostAtUsualPrices(t, o) ?? expectMetric(t, o, costOf) },
};

/** Confidence of a flag: grows with the number of earlier bills behind the expectation. */
export function anomalyConfidence(method: 'robust_z' | 'ratio', bills: number): number {
  return method === 'robust_z' ? round(Math.min(0.95, 0.5 + 0.04 * bills)) : round(Math.min(0.45, 0.25 + 0.1 * bills));
}

function fmtValue(metric: AnomalyMetric, v: number, unit: string): string {
  if (metric === 'daily_cost') return `$${v.toFixed(2)}/day`;
  return `${v >= 100 ? v.toFixed(0) : v.toFixed(1)} ${unit}/day`;
}

function explain(
  metric: AnomalyMetric,
  value: number,
  exp: Expectation,
  current: BillMetrics,
  method: 'robust_z' | 'ratio',
  n: number,
  newSeason: boolean,
): string {
  const ratio = value / exp.value;
  const pct = Math.round(Math.abs(ratio - 1) * 100);
  const word = ratio >= 1 ? 'above' : 'below';
  const what = metric === 'daily_usage' ? 'daily use' : 'daily cost';
  const month = monthNameOf(current.month ?? '');
  const unit = current.bill.usageUnit ?? 'units';
  const figures = `(${fmtValue(metric, value, unit)} against ${fmtValue(metric, exp.value, unit)})`;
  const bills = n === 1 ? 'your last bill' : `your last ${n} bills`;
  if (exp.basis === 'same_month_last_year') {
    const tail = method === 'robust_z' ? `, well outside the usual range of ${bills}` : `; with only ${bills} to go on this is a rough check`;
    return `Your ${what} was ${pct}% ${word} ${month} last year ${figures}${tail}.`;
  }
  if (exp.basis === 'usual_prices') {
    return `Your ${what} was ${pct}% ${word} what this much use usually costs you, judged from ${bills} ${figures}. Check for a rate change or a new charge.`;
  }
  let tail = '';
  if (method === 'ratio') {
    tail = newSeason
      ? ` We have no bill from this time of year from you yet, so this is a rough check against the usual seasonal pattern.`
      : ' With so few bills this is a rough check.';
  }
  return `Your ${what} was ${pct}% ${word} what we expect for ${month} from ${bills} ${figures}.${tail}`;
}

/**
 * Flags unusual daily usage and daily cost. With three or more earlier bills: robust z-score
 * of log(value / seasonal expectation) against the same residuals of the earlier bills
 * (each predicted from the others), median/MAD, |z| > 3.5 and at least a 20% gap (30% against the default curve). With one
 * or two, or when the history has fewer than two bills from this season (heating, cooling or
 * mild months) and no bill from a year ago: a ratio test (≥2× or ≤½ the expectation) at lower confidence. Without history: none.
 * `marginalRate` prices the extra usage of a usage anomaly.
 */
export function detectAnomalies(
  current: BillMetrics,
  history: readonly BillMetrics[],
  marginalRate: number | null,
): UsageAnomaly[] {
  const out: UsageAnomaly[] = [];
  for (const metric of Object.keys(METRICS) as AnomalyMetric[]) {
    const { value: fn, expect } = METRICS[metric];
    const value = fn(current);
    const exp = expect(current, history);
    if (value === null || exp === null || exp.value <= 0) continue;
    const usable = history.filter((h) => fn(h) !== null);
    const n = usable.length;
    const ratio = value / exp.value;
    let zScore: number | null = null;
    let method: 'robust_z' | 'ratio' = 'ratio';
    let flagged: boolean;
    // The z-score measures how well the history predicts itself; it says nothing about a season
    // the history has not seen (winter bills extrapolated to summer), so those get the ratio test.
    const season = seasonOf(current.bill.billType, current.month ?? '');
    const newSeason =
      exp.basis === 'seasonal_profile' && usable.filter((h) => seasonOf(h.bill.billType, h.month ?? '') === season).length < 2;
    if (n >= MIN_BILLS_FOR_Z && !newSeason) {
      const residuals = usable
        .map((h) => {
          const e = expect(h, usable.filter((o) => o !== h));
          return e && e.value > 0 ? Math.log((fn(h) ?? 0) / e.value) : null;
        })
        .filter((r): r is number => r !== null);
      if (residuals.length < MIN_BILLS_FOR_Z) continue;
      const mid = median(residuals) ?? 0;
      const mad = Math.max(medianAbsoluteDeviation(residuals) ?? 0, MAD_FLOOR);
      zScore = round((MAD_SCALE * (Math.log(ratio) - mid)) / mad, 2);
      method = 'robust_z';
      const minEffect = exp.basis === 'seasonal_profile' ? MIN_EFFECT_PROFILE : MIN_EFFECT;
      flagged = Math.abs(zScore) > ANOMALY_Z_THRESHOLD && Math.abs(ratio - 1) >= minEffect;
    } else {
      flagged = ratio >= RATIO_HIGH || ratio <= RATIO_LOW;
    }
    if (!flagged) continue;
    const excessPerDay = value - exp.value;
    const excessCost =
      metric === 'daily_cost' ? excessPerDay * current.days : marginalRate === null ? null : excessPerDay * current.days * marginalRate;
    out.push({
      metric,
      value: round(value, 3),
      expected: round(exp.value, 3),
      zScore,
      ratio: round(ratio, 3),
      direction: ratio >= 1 ? 'high' : 'low',
      method,
      explanation: explain(metric, value, exp, current, method, n, newSeason),
      confidence: anomalyConfidence(method, n),
      excessCost: excessCost === null ? null : round(excessCost),
    });
  }
  return out;
}
