import { CO2_KG_PER_KWH, CO2_KG_PER_THERM, THERMS_PER_CCF, THERMS_PER_M3 } from './assumptions.ts';
import { EFFICIENCY_RULES } from './efficiency-rules.ts';
import { PROBLEM_RULES, type RecommendationCandidate, type RuleContext } from './recommendation-rules.ts';
import { round } from './stats.ts';
import { canAdvise } from './provenance.ts';
import type { AnalysisBill, BillAnalysis, EnvironmentalImpact, FigureStatus, Recommendation } from './types.ts';

export interface RecommendOptions {
  /** Keep at most this many, best first (all by default). */
  limit?: number;
}

/** Recommendations that fix a problem on this bill come first in priority whatever their size. */
const URGENT = new Set(['billing_dispute', 'usage_investigation', 'leak_detection']);

const fmt = (v: number): string => Math.round(v).toLocaleString('en-US');

function co2For(bill: AnalysisBill, units: number): number | null {
  switch (bill.usageUnit) {
    case 'kWh':
      return units * CO2_KG_PER_KWH;
    case 'therms':
      return units * CO2_KG_PER_THERM;
    case 'CCF':
      return bill.billType === 'natural_gas' ? units * THERMS_PER_CCF * CO2_KG_PER_THERM : null;
    case 'm3':
      return bill.billType === 'natural_gas' ? units * THERMS_PER_M3 * CO2_KG_PER_THERM : null;
    case 'gallons':
    case 'GB':
    case null:
      return null;
  }
}

/** Usage and CO2 a recommendation avoids per year (CO2 factors in assumptions.ts). */
export function environmentalImpactOf(bill: AnalysisBill, unitsSaved: number | null): EnvironmentalImpact {
  if (unitsSaved === null || unitsSaved <= 0 || bill.usageUnit === null) {
    return { co2KgPerYear: null, unitsSavedPerYear: null, unit: bill.usageUnit, summary: 'No direct energy or water saving.' };
  }
  const co2 = co2For(bill, unitsSaved);
  const what = bill.billType === 'water' ? `${fmt(unitsSaved)} ${bill.usageUnit} of water` : `${fmt(unitsSaved)} ${bill.usageUnit}`;
  return {
    co2KgPerYear: co2 === null ? null : round(co2, 1),
    unitsSavedPerYear: round(unitsSaved, 1),
    unit: bill.usageUnit,
    summary: co2 === null ? `Saves about ${what} a year.` : `Saves about ${what} and ${fmt(co2)} kg of CO2 a year.`,
  };
}

/** Months to earn back the upfront cost from the savings, one decimal; 0 when nothing is spent. */
export function paybackMonths(upfrontCost: number, annualSavings: number): number {
  if (upfrontCost <= 0) return 0;
  return round(upfrontCost / (annualSavings / 12), 1);
}

function finalise(bill: AnalysisBill, c: RecommendationCandidate, annualCost: number | null): Recommendation | null {
  // A saving comes out of a cost, and a yearly cost out of the account's year: never more than either.
  let costReduced = c.costReduced;
  // Yearly savings never exceed the year's spending on the service: without a yearly cost to bound them, none.
  if (c.savingsPeriod === 'annual') costReduced = costReduced === null || annualCost === null ? null : Math.min(costReduced, annualCost);
  if (costReduced === null || !Number.isFinite(costReduced) || costReduced <= 0) return null;
  const estimatedSavings = round(Math.min(c.savings, costReduced));
  if (!(estimatedSavings > 0)) return null;
  const priority = URGENT.has(c.recommendationType) ? 'high' : estimatedSavings >= 100 ? 'high' : estimatedSavings >= 25 ? 'medium' : 'low';
  return {
    recommendationType: c.recommendationType,
    title: c.title,
    description: c.description,
    estimatedSavings,
    costReduced: Math.max(round(costReduced), estimatedSavings),
    savingsPeriod: c.savingsPeriod,
    implementationEffort: c.effort,
    upfrontCost: round(c.upfrontCost),
    paybackPeriodMonths: c.savingsPeriod === 'one_time' ? 0 : paybackMonths(c.upfrontCost, estimatedSavings),
    environmentalImpact: environmentalImpactOf(bill, c.unitsSaved),
    implementationSteps: c.steps,
    priority,
    calculation: c.calculation,
    trigger: c.trigger,
  };
}

/**
 * Savings recommendations for a bill, from its analysis: each rule fires on something the
 * analysis found (a billing issue, an anomaly, a price above the state's EIA average, a
 * heating/cooling share, a high base load, a demand charge, an internet price rise…) and
 * prices its saving with this bill's own usage and rate and the assumptions in
 * `assumptions.ts`. Recommendations with no positive saving are dropped; the rest are
 * ranked by estimated savings, highest first.
 */
export function generateRecommendations(bill: AnalysisBill, analysis: BillAnalysis, opts: RecommendOptions = {}): Recommendation[] {
  // A savings amount is money advice: priced only from figures read with confidence or confirmed
  // (analyses saved before figures had a status count as read).
  const f = analysis.figures;
  const advise = (figure: FigureStatus | undefined) => figure === undefined || canAdvise(figure.status);
  const ctx: RuleContext = {
    bill,
    analysis,
    annualUsage: advise(f?.usage) ? (analysis.annualEstimate?.usage ?? null) : null,
    rate: advise(f?.costPerUnit) ? analysis.costs.marginalRate : null,
    unit: bill.usageUnit ?? 'unit',
    annualCost: advise(f?.annualCost) ? (analysis.annualEstimate?.cost ?? null) : null,
  };
  const ranked = [...PROBLEM_RULES, ...EFFICIENCY_RULES].flatMap((rule) => rule(ctx))
    .map((c) => finalise(bill, c, ctx.annualCost))
    .filter((r): r is Recommendation => r !== null)
    .sort((a, b) => b.estimatedSavings - a.estimatedSavings || a.recommendationType.localeCompare(b.recommendationType));
  // Together, a bill's yearly savings never exceed the year's spending on the service: the
  // best measures are kept while they fit (a smaller one that still fits is kept too).
  let yearly = 0;
  const recs = ranked.filter((r) => {
    if (r.savingsPeriod !== 'annual') return true;
    if (ctx.annualCost === null || yearly + r.estimatedSavings > ctx.annualCost + 0.005) return false;
    yearly += r.estimatedSavings;
    return true;
  });
  return opts.limit === undefined ? recs : recs.slice(0, opts.limit);
}
