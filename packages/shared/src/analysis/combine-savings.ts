import { round } from './stats.ts';

/**
 * Measures that cut the same cost. A thermostat and insulation both reduce heating and
 * cooling: once one has saved 8%, the other's 15% applies to what is left, so their savings
 * combine multiplicatively instead of adding up.
 */
const OVERLAP_GROUPS: Readonly<Record<string, string>> = {
  smart_thermostat: 'heating_cooling',
  weatherization: 'heating_cooling',
  usage_investigation: 'whole_bill',
  leak_detection: 'whole_bill',
  rate_plan_comparison: 'whole_bill',
  rate_plan_review: 'whole_bill',
  internet_plan_review: 'whole_bill',
};

export interface SavingsItem {
  /** The utility account the measure is for (savings on different accounts never overlap). */
  accountKey: string;
  recommendationType: string;
  /** Yearly saving. */
  savings: number;
  /** The yearly cost the saving comes out of; null on records made before it was stored. */
  costReduced: number | null;
}

/**
 * Yearly savings of several measures taken together. Within one account, measures on the same
 * cost combine as cost × (1 − Π(1 − savingᵢ / cost)); without a known cost only the largest
 * counts. Different costs add up. Never more than the plain sum, nor than any group's cost.
 */
export function combineAnnualSavings(items: readonly SavingsItem[]): number {
  const groups = new Map<string, SavingsItem[]>();
  for (const item of items) {
    if (!(item.savings > 0)) continue;
    const key = `${item.accountKey}|${OVERLAP_GROUPS[item.recommendationType] ?? item.recommendationType}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  let total = 0;
  for (const group of groups.values()) {
    const costs = group.map((g) => g.costReduced).filter((c): c is number => c !== null && c > 0);
    const largest = Math.max(...group.map((g) => g.savings));
    if (costs.length < group.length) {
      total += largest;
      continue;
    }
    const cost = Math.max(...costs);
    const kept = group.reduce((left, g) => left * (1 - Math.min(1, g.savings / cost)), 1);
    total += Math.max(largest, cost * (1 - kept));
  }
  return round(total);
}
