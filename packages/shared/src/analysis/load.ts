import type { BillMetrics } from './bill-metrics.ts';
import { monthLabelOf } from './dates.ts';
import { seasonalFactor } from './seasonal.ts';
import { median, percentile, round } from './stats.ts';
import type { AnnualEstimate, LoadFigure, MeterBaseLoad, PeakUsageTimes } from './types.ts';

export const MIN_BILLS_FOR_LOAD = 3;
/** Base load = this percentile of daily use across the bills (the quiet months). */
export const BASE_LOAD_PERCENTILE = 10;
/** A month is a peak when its daily use is at least this much above the median month. */
export const PEAK_RATIO = 1.15;
const MAX_PEAK_MONTHS = 3;

const METERED = new Set(['electricity', 'natural_gas', 'water']);

/**
 * Base load (what runs all year: fridge, standby, water heating…) and variable load as this
 * bill's daily use above it. Measured by the meter when its interval data is given (the
 * night-time minimum, in the bill's unit); else estimated as the 10th percentile of daily use
 * over this bill and its history. Null for unmetered bills, or without meter data and with fewer
 * than three bills with usage.
 */
export function computeLoads(
  current: BillMetrics,
  all: readonly BillMetrics[],
  meter?: MeterBaseLoad,
): { baseLoad: LoadFigure | null; variableLoad: LoadFigure | null } {
  const daily = all.map((b) => b.dailyUsage).filter((d): d is number => d !== null);
  const now = current.dailyUsage;
  const measured = meter && meter.unit.toLowerCase() === (current.bill.usageUnit ?? '').toLowerCase() ? meter : undefined;
  if (!METERED.has(current.bill.billType) || now === null || now <= 0 || (!measured && daily.length < MIN_BILLS_FOR_LOAD)) {
    return { baseLoad: null, variableLoad: null };
  }
  const base = Math.min(measured ? measured.perDay : (percentile(daily, BASE_LOAD_PERCENTILE) ?? 0), now);
  const variable = now - base;
  const unit = current.bill.usageUnit;
  const figure = (perDay: number, method: string): LoadFigure => ({
    perDay: round(perDay, 3),
    perPeriod: round(perDay * current.days, 1),
    unit,
    share: round(perDay / now, 3),
    method,
    billsUsed: daily.length,
  });
  return {
    baseLoad: figure(
      base,
      measured ? `night-time minimum of your meter's hourly readings over ${measured.nights} nights` : `${BASE_LOAD_PERCENTILE}th percentile of daily use over ${daily.length} bills`,
    ),
    variableLoad: figure(variable, 'this bill’s daily use minus the base load'),
  };
}

/**
 * The months of the history whose daily use stands out. Bills are monthly, so this can name
 * peak months but not peak hours; the note says so.
 */
export function findPeakUsageTimes(all: readonly BillMetrics[]): PeakUsageTimes {
  const bills = all.filter((b) => b.dailyUsage !== null && b.month !== null);
  const hourly = 'Hourly or time-of-day peaks need smart-meter (interval) data from your utility.';
  if (bills.length < MIN_BILLS_FOR_LOAD) {
    return { basis: 'monthly_bills', peakMonths: [], note: `We need at least ${MIN_BILLS_FOR_LOAD} bills with usage to see which months peak. ${hourly}` };
  }
  const mid = median(bills.map((b) => b.dailyUsage ?? 0)) ?? 0;
  const peakMonths = bills
    .filter((b) => mid > 0 && (b.dailyUsage ?? 0) >= PEAK_RATIO * mid)
    .sort((a, b) => (b.dailyUsage ?? 0) - (a.dailyUsage ?? 0))
    .slice(0, MAX_PEAK_MONTHS)
    .map((b) => ({
      month: b.month ?? '',
      label: monthLabelOf(b.month ?? ''),
      dailyUsage: round(b.dailyUsage ?? 0, 3),
      ratioToMedian: round((b.dailyUsage ?? 0) / mid, 2),
    }));
  const lead = peakMonths.length
    ? `Your highest months were ${peakMonths.map((p) => p.label).join(', ')}.`
    : `No month stood out by more than ${Math.round((PEAK_RATIO - 1) * 100)}% over your usual use.`;
  return { basis: 'monthly_bills', peakMonths, note: `${lead} Your bills are monthly, so we can see which months peak, not which hours. ${hourly}` };
}

const YEAR_DAYS = 365;
/** At least this many days of bills in the last year to add them up instead of scaling one bill. */
const MIN_COVERAGE_DAYS = 330;

/**
 * Days the bills cover. Read-to-read bills start on the day the previous one ended and count
 * end − start days; calendar bills (Jan 1 – Jan 31) start the day after and count both ends.
 * When the bills follow each other the calendar way, each covers one day more than end − start.
 */
function coveredDays(bills: readonly BillMetrics[]): number {
  const sorted = [...bills].sort((a, b) => (a.startDay ?? 0) - (b.startDay ?? 0));
  const calendar = sorted.some((b, i) => i > 0 && b.startDay !== null && sorted[i - 1]?.endDay != null && b.startDay === (sorted[i - 1]?.endDay ?? 0) + 1);
  return sorted.reduce((sum, b) => sum + b.days + (calendar && !b.daysAssumed ? 1 : 0), 0);
}

/**
 * Yearly usage and cost of the account. `accountBills` are all bills of this account and unit,
 * this one included, later ones too. When the twelve months up to the account's latest bill
 * are covered (330+ days), the figure is their sum scaled to 365 days, the same on every bill
 * of the account. Otherwise this bill's daily level with the season removed, times 365, kept
 * within the range of the account's own bills (lowest to highest cost per day × 365). Cost is
 * null when a bill behind it has no amount read; never 0 in place of unknown.
 */
export function estimateAnnual(current: BillMetrics, accountBills: readonly BillMetrics[]): AnnualEstimate | null {
  if (current.refDay === null && current.dailyUsage === null) return null;
  const placed = accountBills.filter((b) => b.refDay !== null);
  const latest = Math.max(...placed.map((b) => b.refDay ?? 0), current.refDay ?? 0);
  const lastYear = placed.filter((b) => (b.refDay ?? 0) > latest - YEAR_DAYS);
  const coverage = coveredDays(lastYear);
  if (current.refDay !== null && coverage >= MIN_COVERAGE_DAYS && !lastYear.some((b) => b.daysAssumed)) {
    const scale = YEAR_DAYS / coverage;
    const hasUsage = lastYear.every((b) => b.usage !== null);
    const hasCost = lastYear.every((b) => b.currentCharges !== null);
    return {
      usage: hasUsage ? round(lastYear.reduce((s, b) => s + (b.usage ?? 0), 0) * scale, 1) : null,
      cost: hasCost ? round(lastYear.reduce((s, b) => s + (b.currentCharges ?? 0), 0) * scale) : null,
      basis: 'last_12_months',
      billsUsed: lastYear.length,
    };
  }
  const factor = current.month === null ? 1 : seasonalFactor(current.bill.billType, current.month);
  const bills = accountBills.length ? accountBills : [current];
  const clamp = (v: number, values: (number | null)[]): number => {
    const known = values.filter((x): x is number => x !== null);
    return known.length ? Math.min(Math.max(v, Math.min(...known)), Math.max(...known)) : v;
  };
  // The season is taken out, but the year is never put outside what the account's own bills show.
  const usage = current.dailyUsage === null ? null : clamp(current.dailyUsage / factor, bills.map((b) => b.dailyUsage)) * YEAR_DAYS;
  let cost: number | null = null;
  if (current.dailyCost !== null) {
    const raw = usage !== null && current.costPerUnit !== null ? (usage * current.costPerUnit) / YEAR_DAYS : current.dailyCost;
    cost = clamp(raw, bills.map((b) => b.dailyCost)) * YEAR_DAYS;
  }
  return { usage: usage === null ? null : round(usage, 1), cost: cost === null ? null : round(cost), basis: 'seasonal_scaling', billsUsed: 1 };
}
