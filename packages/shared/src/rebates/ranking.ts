import type { Rebate, RebateCategory, Recommendation, StateCode, UsageProfile } from '../contract/rebates.ts';
import { type EligibilityContext, evaluateEligibility } from './eligibility.ts';
import { isExpired, matchesRegion } from './filters.ts';
import { STATE_NAMES } from './states.ts';

/**
 * Share of a household's yearly energy cost an upgrade typically saves, and which bills it
 * comes out of. Rounded from the U.S. DOE Energy Saver and ENERGY STAR guidance quoted in
 * apps/server/data/rebates/SOURCES.md ('Savings assumptions'); they are estimates, stated so.
 */
export const SAVINGS_ASSUMPTIONS: Record<RebateCategory, { share: number; of: 'electricity' | 'all' }> = {
  heat_pump: { share: 0.2, of: 'all' },
  heat_pump_water_heater: { share: 0.1, of: 'all' },
  smart_thermostat: { share: 0.04, of: 'all' },
  insulation: { share: 0.07, of: 'all' },
  windows: { share: 0.05, of: 'all' },
  lighting: { share: 0.06, of: 'electricity' },
  appliances: { share: 0.03, of: 'electricity' },
  solar: { share: 0.6, of: 'electricity' },
  battery: { share: 0.02, of: 'electricity' },
  electrical_panel: { share: 0, of: 'all' },
  energy_audit: { share: 0.05, of: 'all' },
  whole_home: { share: 0.2, of: 'all' },
  ev_charger: { share: 0, of: 'electricity' },
  weatherization: { share: 0.12, of: 'all' },
};

/** Years of bill savings counted in a card's estimated savings. */
export const SAVINGS_YEARS = 5;
export const TOP_PICKS = 6;

export type RankingInput = {
  rebates: readonly Rebate[];
  context: EligibilityContext & { state: StateCode };
  usage: UsageProfile;
  today: string;
};

const dollars = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;

/** Yearly bill savings of an upgrade from the household's own yearly costs. */
export function annualBillSavings(category: RebateCategory, usage: Pick<UsageProfile, 'annualElectricityCost' | 'annualGasCost'>): number {
  const { share, of } = SAVINGS_ASSUMPTIONS[category];
  const electricity = usage.annualElectricityCost ?? 0;
  const base = of === 'electricity' ? electricity : electricity + (usage.annualGasCost ?? 0);
  return Math.round(base * share * 100) / 100;
}

/** Rebate value a household can get: the programme amount, never more than the project costs. */
export function rebateValue(rebate: Pick<Rebate, 'monetaryValue' | 'typicalProjectCost'>): number {
  return rebate.typicalProjectCost === null ? rebate.monetaryValue : Math.min(rebate.monetaryValue, rebate.typicalProjectCost);
}

/** Years until the bill savings repay what the rebate leaves to pay; 0 when it covers the cost; null without savings. */
export function paybackYears(rebate: Pick<Rebate, 'monetaryValue' | 'typicalProjectCost'>, yearly: number): number | null {
  const outOfPocket = Math.max(0, (rebate.typicalProjectCost ?? 0) - rebateValue(rebate));
  if (outOfPocket === 0) return 0;
  if (yearly <= 0) return null;
  return Math.round((outOfPocket / yearly) * 10) / 10;
}

/** Whether a programme's regions cover a state ('Georgia', 'GA', 'All States', 'Nationwide', none). */
export function coversState(regions: readonly string[], state: StateCode): boolean {
  return regions.length === 0 || matchesRegion(regions, STATE_NAMES[state]) || regions.some((r) => r.trim().toUpperCase() === state);
}

function isLocal(rebate: Rebate): boolean {
  return Boolean(rebate.eligibilityCriteria.utilities?.length || rebate.eligibilityCriteria.states?.length);
}

/**
 * The top picks for a household: programmes open where it is, not expired and not ruled out,
 * scored by eligibility (eligible over unknown), value (rebate plus five years of bill savings
 * from its own bills), its stated interests and how local the programme is.
 */
export function rankRebates(input: RankingInput, limit = TOP_PICKS): Recommendation[] {
  const { context, usage, today } = input;
  const interests = new Set(context.household.interests ?? []);
  const candidates = input.rebates
    .filter((r) => !isExpired(r, today) && coversState(r.regions, context.state))
    .map((rebate) => {
      const outcome = evaluateEligibility(rebate.eligibilityCriteria, context);
      const yearly = annualBillSavings(rebate.category, usage);
      return { rebate, outcome, yearly, estimated: Math.round(rebateValue(rebate) + SAVINGS_YEARS * yearly) };
    })
    .filter((c) => c.outcome.status !== 'not_eligible');
  const best = Math.max(1, ...candidates.map((c) => c.estimated));
  const scored = candidates.map((c) => {
    const eligibility = c.outcome.status === 'eligible' ? 1 : 0.6;
    const value = c.estimated / best;
    const fit = (interests.has(c.rebate.category) ? 0.75 : 0) + (isLocal(c.rebate) ? 0.25 : 0);
    const score = 0.45 * eligibility + 0.35 * value + 0.2 * fit;
    return { ...c, score };
  });
  scored.sort((a, b) => b.score - a.score || b.estimated - a.estimated || a.rebate.id.localeCompare(b.rebate.id));
  return markAlternatives(scored.slice(0, limit)).map((c, i) => {
    const rank = i + 1;
    return {
      rank,
      rebate: c.rebate,
      priority: rank <= 2 ? 'High' : rank <= 4 ? 'Medium' : 'Low',
      matchPercent: Math.max(0, Math.min(100, Math.round(c.score * 100))),
      estimatedSavings: c.estimated,
      annualBillSavings: c.yearly,
      paybackYears: paybackYears(c.rebate, c.yearly),
      eligibility: c.outcome.status,
      reasons: [firstReason(c.outcome.reasons, c.outcome.status), savingsReason(c.rebate, c.yearly, usage)],
      alternativeIds: c.alternativeIds,
    };
  });
}

/** Measures one programme funds once per home: a whole-home upgrade includes the heat pump. */
const MEASURE_OF: Partial<Record<RebateCategory, string>> = { heat_pump: 'space_heating', whole_home: 'space_heating' };

/**
 * The set of rebates a home takes one of: the same measure from the same programme provider
 * (Mass Save's partial-home, whole-home and income-eligible heat pump rebates; a state's income
 * tiers). Different providers' rebates for one measure stack (a tax credit and a state rebate).
 */
export function alternativeGroupOf(rebate: Pick<Rebate, 'provider' | 'category'>): string {
  return `${rebate.provider.trim().toLowerCase()}|${MEASURE_OF[rebate.category] ?? rebate.category}`;
}

/** Each pick with the ids of the picks it excludes. */
export function markAlternatives<T extends { rebate: Pick<Rebate, 'id' | 'provider' | 'category'> }>(picks: readonly T[]): (T & { alternativeIds: string[] })[] {
  return picks.map((p) => ({
    ...p,
    alternativeIds: picks.filter((o) => o.rebate.id !== p.rebate.id && alternativeGroupOf(o.rebate) === alternativeGroupOf(p.rebate)).map((o) => o.rebate.id),
  }));
}

/** What picks are worth together: the best estimate of each set of alternatives, summed over the sets. */
export function combinedSavings(picks: readonly { rebate: Pick<Rebate, 'provider' | 'category'>; estimatedSavings: number }[]): number {
  const best = new Map<string, number>();
  for (const p of picks) {
    const group = alternativeGroupOf(p.rebate);
    best.set(group, Math.max(best.get(group) ?? 0, p.estimatedSavings));
  }
  return [...best.values()].reduce((s, v) => s + v, 0);
}

function firstReason(reasons: string[], status: string): string {
  const reason = reasons[0] ?? 'Open to every household.';
  return status === 'unknown' ? `${reason} Check Eligibility to confirm the rest.` : reason;
}

function savingsReason(rebate: Rebate, yearly: number, usage: UsageProfile): string {
  if (yearly > 0 && usage.monthlyKwh !== null && usage.electricityRate !== null) {
    return `Your bills show about ${Math.round(usage.monthlyKwh).toLocaleString('en-US')} kWh a month at $${usage.electricityRate.toFixed(3)}/kWh: this upgrade could save about ${dollars(yearly)} a year.`;
  }
  if (yearly > 0) return `From your bills, this upgrade could save about ${dollars(yearly)} a year.`;
  return `Worth up to ${dollars(rebate.monetaryValue)} from ${rebate.provider}.`;
}
