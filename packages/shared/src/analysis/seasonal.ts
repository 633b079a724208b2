import type { BillMetrics } from './bill-metrics.ts';
import { monthNumberOf } from './dates.ts';
import { fitLinear, median } from './stats.ts';
import type { AnalysisBillType } from './types.ts';

/**
 * Default monthly shapes (Jan..Dec, relative to the yearly mean) used when a user has no bill
 * for the same month last year. They are modelling assumptions for the contiguous US
 * (northern hemisphere), not measured data: electricity peaks with air conditioning in
 * July–August and has a smaller heating bump in winter; natural gas follows space heating
 * (January about five times July); water rises in summer with outdoor use; internet and
 * other bills are flat. Each curve is normalised to a mean of 1.
 */
const RAW_PROFILES: Record<AnalysisBillType, readonly number[]> = {
  electricity: [1.1, 0.98, 0.88, 0.8, 0.85, 1.05, 1.27, 1.27, 1.07, 0.85, 0.85, 1.03],
  natural_gas: [1.9, 1.7, 1.35, 0.9, 0.55, 0.4, 0.35, 0.35, 0.4, 0.65, 1.15, 1.7],
  water: [0.88, 0.88, 0.9, 0.95, 1.05, 1.15, 1.22, 1.2, 1.08, 0.95, 0.88, 0.86],
  internet: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
  other: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
};

function normalise(values: readonly number[]): number[] {
  const m = values.reduce((s, v) => s + v, 0) / values.length;
  return values.map((v) => v / m);
}

export const SEASONAL_PROFILES: Readonly<Record<AnalysisBillType, readonly number[]>> = {
  electricity: normalise(RAW_PROFILES.electricity),
  natural_gas: normalise(RAW_PROFILES.natural_gas),
  water: normalise(RAW_PROFILES.water),
  internet: normalise(RAW_PROFILES.internet),
  other: normalise(RAW_PROFILES.other),
};

/** Seasonal factor of a bill type for a `YYYY-MM` month. */
export function seasonalFactor(billType: AnalysisBillType, monthKey: string): number {
  return SEASONAL_PROFILES[billType][monthNumberOf(monthKey) - 1] ?? 1;
}

/**
 * Share of yearly use that the default curve puts above its lowest month: the weather-driven
 * part (heating and cooling) assumed when the bills are too few to measure it.
 */
export function defaultSeasonalShare(billType: AnalysisBillType): number {
  const p = SEASONAL_PROFILES[billType];
  const min = Math.min(...p);
  return p.reduce((s, v) => s + (v - min), 0) / p.reduce((s, v) => s + v, 0);
}

/**
 * Relative heating and cooling need by calendar month (Jan..Dec, peak month = 1). Rounded
 * shapes of US heating and cooling degree-day normals, used as regressors because bills
 * carry no temperatures. An approximation for the contiguous US, not local weather.
 */
export const HEATING_CURVE: readonly number[] = [1, 0.85, 0.65, 0.38, 0.15, 0.03, 0, 0, 0.05, 0.3, 0.6, 0.9];
export const COOLING_CURVE: readonly number[] = [0, 0, 0.02, 0.05, 0.2, 0.6, 1, 0.95, 0.55, 0.15, 0.02, 0];

/** Which weather drivers each bill type responds to. */
export const DRIVERS: Readonly<Record<AnalysisBillType, { heating: boolean; cooling: boolean }>> = {
  electricity: { heating: true, cooling: true },
  natural_gas: { heating: true, cooling: false },
  // For water the summer curve stands for outdoor use (irrigation, pools), reported as cooling.
  water: { heating: false, cooling: true },
  internet: { heating: false, cooling: false },
  other: { heating: false, cooling: false },
};

/** A month counts as a heating (cooling) month at this share of the peak month's need. */
const SEASON_MONTH = 0.3;

/**
 * Season class of a bill for its type: 'heating', 'cooling' or 'mild' months (by the curves
 * above); every month is 'mild' for bills that do not follow the weather.
 */
export function seasonOf(billType: AnalysisBillType, monthKey: string): 'heating' | 'cooling' | 'mild' {
  const i = monthNumberOf(monthKey) - 1;
  const d = DRIVERS[billType];
  if (d.heating && (HEATING_CURVE[i] ?? 0) >= SEASON_MONTH) return 'heating';
  if (d.cooling && (COOLING_CURVE[i] ?? 0) >= SEASON_MONTH) return 'cooling';
  return 'mild';
}

/** A year apart, give or take three weeks of billing-cycle drift. */
const YEAR_DAYS = 365;
const YEAR_TOLERANCE_DAYS = 21;

export interface Expectation {
  value: number;
  basis: 'same_month_last_year' | 'seasonal_profile' | 'usual_prices';
  billsUsed: number;
}

/**
 * Expected value of a per-day metric for `target`, from the `others` bills:
 * the bill(s) about a year apart when present (same month last year), else the user's level
 * (median of value ÷ seasonal factor, over the bills of the same season when there are two)
 * times this month's seasonal factor.
 * Null when no other bill has the metric or the target has no month.
 */
export function expectMetric(
  target: BillMetrics,
  others: readonly BillMetrics[],
  metric: (m: BillMetrics) => number | null,
): Expectation | null {
  if (target.month === null || target.refDay === null) return null;
  const usable = others.filter((o) => o.month !== null && o.refDay !== null && metric(o) !== null);
  if (usable.length === 0) return null;
  const yearApart = usable.filter(
    (o) => Math.abs(Math.abs((target.refDay ?? 0) - (o.refDay ?? 0)) - YEAR_DAYS) <= YEAR_TOLERANCE_DAYS,
  );
  if (yearApart.length > 0) {
    const values = yearApart.map((o) => metric(o) ?? 0);
    return { value: values.reduce((s, v) => s + v, 0) / values.length, basis: 'same_month_last_year', billsUsed: values.length };
  }
  const type = target.bill.billType;
  // Scale the default curve by the user's level in the same season when two bills show it
  // (interpolation); otherwise by the level over all bills (an extrapolation across seasons).
  const season = seasonOf(type, target.month);
  const sameSeason = usable.filter((o) => seasonOf(type, o.month ?? '') === season);
  const basisBills = sameSeason.length >= 2 ? sameSeason : usable;
  const level = median(basisBills.map((o) => (metric(o) ?? 0) / seasonalFactor(type, o.month ?? '')));
  if (level === null) return null;
  return { value: level * seasonalFactor(type, target.month), basis: 'seasonal_profile', billsUsed: basisBills.length };
}

/**
 * What this bill's usage would usually cost: cost per day fitted as fixed + price × usage per
 * day over the other bills (three or more, with usage). Separates "paid more for the same use"
 * from "used more". Null without usage, with too few bills or when the fit makes no sense.
 */
export function expectCostAtUsualPrices(target: BillMetrics, others: readonly BillMetrics[]): Expectation | null {
  const usage = target.dailyUsage;
  if (usage === null || usage <= 0) return null;
  const points = others.filter((o) => o.dailyUsage !== null && o.dailyUsage > 0 && o.dailyCost !== null && o.dailyCost > 0);
  if (points.length < 3) return null;
  const fit = fitLinear([points.map((p) => p.dailyUsage ?? 0)], points.map((p) => p.dailyCost ?? 0));
  if (fit === null) return null;
  const [fixed = 0, price = 0] = fit.coef;
  const typicalCost = median(points.map((p) => p.dailyCost ?? 0)) ?? 0;
  // A clearly negative fixed part means cost does not follow usage linearly: do not use the fit.
  if (price <= 0 || fixed < -0.1 * typicalCost) return null;
  const value = Math.max(0, fixed) + price * usage;
  return value > 0 ? { value, basis: 'usual_prices', billsUsed: points.length } : null;
}
