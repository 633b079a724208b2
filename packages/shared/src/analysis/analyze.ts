import { detectAnomalies } from './anomalies.ts';
import { type BillMetrics, carriedBalanceFigure, getBillMetrics, isSameAccount, selectAccountBills } from './bill-metrics.ts';
import { runBillingChecksWithCoverage } from './billing-checks.ts';
import { getCostBreakdown } from './charges.ts';
import { findComparisons } from './compare.ts';
import { monthNameOf } from './dates.ts';
import { computeLoads, estimateAnnual, findPeakUsageTimes } from './load.ts';
import { defaultSeasonalShare, expectMetric } from './seasonal.ts';
import { canAdvise, confirmText, FIELD_NOUNS, type Figure, type ProvenanceField, weakestStatus } from './provenance.ts';
import { round } from './stats.ts';
import type { AnalysisBill, AnalysisFigures, AnalysisInput, AnalyzeOptions, BillAnalysis, FigureStatus, LoadFigure, SeasonalExpectation } from './types.ts';
import { analyzeWeatherImpact } from './weather.ts';

/**
 * Analyses one bill against the user's earlier bills of the same utility account:
 * cost per unit and fixed vs variable charges, base and variable load, comparisons with the
 * previous bill and the same month last year, the seasonally expected usage, usage and cost
 * anomalies, billing-error checks, peak months and the weather's share of usage.
 *
 * Pure and deterministic: no I/O, no clock (`opts.today` is the date of the analysis).
 * `history` may contain any bills of the account; only earlier bills of the same type and
 * unit feed the statistics, and all of them are checked for a duplicate period.
 */
export function analyzeBill(bill: AnalysisBill, history: readonly AnalysisBill[], opts: AnalyzeOptions): BillAnalysis {
  const current = getBillMetrics(bill);
  const accountBills = selectAccountBills(current, history);
  const earlier = accountBills.filter((h) => (h.refDay ?? 0) < (current.refDay ?? 0));
  const all = [...earlier, current];
  const costs = getCostBreakdown(current);
  const notes: string[] = [];
  const missingInputs: AnalysisInput[] = [];
  if (current.currentChargesBasis === 'balance_unread') {
    const which = current.chargesFigure.missing.map((f) => FIELD_NOUNS[f as ProvenanceField] ?? f).join(' and ');
    notes.push(`This period's charges could not be worked out: the amount due includes a balance from earlier bills, and the bill's ${which} was not read. Add the charges this period (or the ${which}) to see the cost figures.`);
  } else if (current.currentCharges === null) {
    missingInputs.push('amount');
    notes.push('The amount was not read from this bill, so cost figures, the yearly cost and the charge checks are left out. Add it to see them.');
  }
  if (current.usage === null && bill.billType !== 'internet' && bill.billType !== 'other') missingInputs.push('usage');
  if (current.daysAssumed) missingInputs.push('service_period');
  if (bill.accountKey === null) notes.push('We could not tell which utility account this bill belongs to (no account number, provider and service address), so it is not compared with other bills.');
  if (current.daysAssumed) notes.push('The service period dates are missing, so a 30-day period was assumed for daily figures.');
  if (current.usage === null && bill.billType !== 'internet' && bill.billType !== 'other') {
    notes.push('No usage was read from this bill, so per-unit figures, loads and usage anomalies are not available.');
  }
  const otherUnit = history.filter((h) => h.id !== bill.id && isSameAccount(h, bill) && h.billType === bill.billType && bill.usageUnit !== null && h.usageUnit !== null && h.usageUnit !== bill.usageUnit).length;
  if (otherUnit > 0) notes.push(`${otherUnit} earlier bill${otherUnit === 1 ? '' : 's'} measured in another unit ${otherUnit === 1 ? 'was' : 'were'} left out of the comparisons.`);
  if (earlier.length === 0) notes.push('This is the first bill of this account we have, so there is nothing to compare it with yet.');

  const usageExp = expectMetric(current, earlier, (m) => m.dailyUsage);
  const seasonalExpectation: SeasonalExpectation | null =
    usageExp && current.month
      ? {
          dailyUsage: round(usageExp.value, 3),
          periodUsage: round(usageExp.value * current.days, 1),
          basis: usageExp.basis === 'same_month_last_year' ? 'same_month_last_year' : 'seasonal_profile',
          monthName: monthNameOf(current.month),
          billsUsed: usageExp.billsUsed,
        }
      : null;

  // An anomaly is judged only on values read with confidence or confirmed (an unsure usage is no evidence of a spike).
  const usageAnomalies = detectAnomalies(current, earlier, costs.marginalRate).filter((a) =>
    canAdvise(a.metric === 'daily_usage' ? current.usageFigure.status : weakestStatus([current.usageFigure.status, current.chargesFigure.status])),
  );
  // A bill flagged as unusual would distort the weather fit; measure the seasons without it.
  const spiked = usageAnomalies.some((x) => x.metric === 'daily_usage');
  const weather = analyzeWeatherImpact(bill.billType, spiked ? earlier : all);
  let hvacShare: BillAnalysis['hvacShare'] = null;
  if (weather.status === 'ok') hvacShare = { value: (weather.heatingShare ?? 0) + (weather.coolingShare ?? 0), basis: 'bills' };
  else if (weather.status === 'insufficient_history') hvacShare = { value: defaultSeasonalShare(bill.billType), basis: 'default_curve' };
  const loads = computeLoads(current, all, opts.meterBaseLoad);
  const annualEstimate = estimateAnnual(current, [...accountBills, current]);
  if (hvacShare) hvacShare = { ...hvacShare, value: round(Math.min(hvacShare.value, 1 - yearlyBaseShare(loads.baseLoad, annualEstimate?.usage ?? null)), 3) };
  if (hvacShare && hvacShare.value <= 0) hvacShare = null;
  const checks = runBillingChecksWithCoverage(current, earlier, history, opts.today);
  const figures = figureStatuses(current, [...accountBills, current]);
  for (const [name, figure] of [['this period’s charges', figures.currentCharges], ['usage', figures.usage]] as const) {
    if (figure.status === 'unsure') notes.push(`Savings and rate comparisons are left out because the ${name} ${name === 'usage' ? 'is' : 'are'} an estimate: ${confirmText(figure.unsure)}.`);
  }

  return {
    billId: bill.id,
    analyzedOn: opts.today,
    billType: bill.billType,
    propertyType: bill.propertyType,
    period: { start: bill.servicePeriodStart, end: bill.servicePeriodEnd, days: current.days, daysAssumed: current.daysAssumed, month: current.month },
    costs,
    ...loads,
    comparisons: findComparisons(current, earlier),
    seasonalExpectation,
    usageAnomalies,
    potentialIssues: checks.issues,
    peakUsageTimes: findPeakUsageTimes(all),
    weatherImpactAnalysis: weather,
    hvacShare,
    annualEstimate,
    historyUsed: earlier.length,
    missingInputs,
    checksRun: checks.checksRun,
    reconciliation: checks.reconciliation,
    figures,
    notes,
  };
}

function statusOnly(f: Figure<unknown>): FigureStatus {
  return { status: f.status, unsure: f.unsure as ProvenanceField[], missing: f.missing as ProvenanceField[] };
}

function combine(figures: readonly FigureStatus[]): FigureStatus {
  return {
    status: weakestStatus(figures.map((f) => f.status)),
    unsure: [...new Set(figures.flatMap((f) => f.unsure))],
    missing: [...new Set(figures.flatMap((f) => f.missing))],
  };
}

/**
 * Where each money figure of the page comes from: this period's charges and usage (their
 * fields), per-unit and fixed/variable figures (both), the carried balance (previous balance
 * and payments), the yearly cost (the charges of every bill of the account behind it).
 */
function figureStatuses(current: BillMetrics, accountBills: readonly BillMetrics[]): AnalysisFigures {
  const charges = statusOnly(current.chargesFigure);
  const usage = statusOnly(current.usageFigure);
  return {
    currentCharges: charges,
    usage,
    costPerUnit: combine([charges, usage]),
    fixedVsVariable: charges,
    carriedBalance: statusOnly(carriedBalanceFigure(current.bill)),
    annualCost: combine(accountBills.map((b) => statusOnly(b.chargesFigure))),
  };
}

/**
 * Share of the year's use that is base load (what runs all year). Heating and cooling can only
 * be the rest, so the shares shown on one page never add up to more than 100%.
 */
function yearlyBaseShare(base: LoadFigure | null, annualUsage: number | null): number {
  if (!base || annualUsage === null || annualUsage <= 0) return 0;
  return Math.min(1, (base.perDay * 365) / annualUsage);
}
