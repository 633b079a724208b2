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

/** A recommendation card as the overview and the savings guarantee count it. */
export interface CountedCard {
  billId: string;
  recommendationType?: string | null;
  title: string;
  savings: number;
  costReduced?: number | null;
  savingsPeriod: 'annual' | 'one_time';
  /** Set when the card was worked out from a usage or amount still to confirm: never counted as money found. */
  needsConfirmation?: 'usage' | 'amount' | null;
}

/**
 * The yearly savings of the overview's cards: only cards from confidently read or confirmed
 * inputs, yearly ones only, combined per account (`combineAnnualSavings`). The dashboard's
 * "Potential savings per year" and the savings guarantee both use this one rule, so they never
 * disagree (the guarantee counts the cards found since the plan started, so it is never more).
 */
export function yearlySavingsOfCards(cards: readonly CountedCard[], accountOf: (billId: string) => string | null | undefined): number {
  return combineAnnualSavings(
    cards
      .filter((card) => !card.needsConfirmation && card.savingsPeriod !== 'one_time')
      .map((card) => ({
        accountKey: accountOf(card.billId) ?? card.billId,
        recommendationType: card.recommendationType ?? card.title,
        savings: card.savings,
        costReduced: card.costReduced ?? null,
      })),
  );
}
