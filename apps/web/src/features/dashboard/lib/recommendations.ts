import type { BillSummary, RecommendationCard } from '../types.ts';
import { billDate } from './bill-view.ts';

const PRIORITY_RANK = { high: 0, medium: 1, low: 2 } as const;

/**
 * Cards for the overview: every analyzed bill has its own recommendations, so the same
 * advice repeats month after month. Keeps one card per advice and utility, the one from
 * the most recent bill, then orders by priority and savings.
 */
export function latestRecommendations(cards: readonly RecommendationCard[], bills: readonly BillSummary[]): RecommendationCard[] {
  const dates = new Map(bills.map((bill) => [bill.id, billDate(bill)]));
  const best = new Map<string, RecommendationCard>();
  for (const card of cards) {
    const key = `${card.billType ?? ''}|${card.title}`;
    const current = best.get(key);
    if (!current || (dates.get(card.billId) ?? '') > (dates.get(current.billId) ?? '')) best.set(key, card);
  }
  return [...best.values()].sort(
    (a, b) => PRIORITY_RANK[a.priority ?? 'medium'] - PRIORITY_RANK[b.priority ?? 'medium'] || b.savings - a.savings,
  );
}
