import type { BillSummary, RecommendationCard } from '../types.ts';
import { billDate } from './bill-view.ts';

export interface OverviewFigures {
  latest: { billId: string; amount: number; date: string; provider: string; changePct: number | null } | null;
  /** Sum of the yearly savings of the cards shown (one-time refunds are counted apart). */
  annualSavings: number;
  oneTimeSavings: number;
  processed: number;
  analyzed: number;
  flagged: number;
}

function accountKey(bill: BillSummary): string {
  return bill.accountId ?? `${bill.utilityProvider}|${bill.accountNumber}|${bill.billType}`;
}

/** The headline numbers of the overview, from the bills and the (deduplicated) recommendation cards. */
export function overviewFigures(bills: readonly BillSummary[], cards: readonly RecommendationCard[]): OverviewFigures {
  const processed = bills.filter((bill) => bill.status === 'processed');
  const sorted = [...processed].sort((a, b) => billDate(b).localeCompare(billDate(a)));
  const newest = sorted[0];
  let latest: OverviewFigures['latest'] = null;
  if (newest) {
    const previous = sorted.find((bill) => bill !== newest && accountKey(bill) === accountKey(newest));
    latest = {
      billId: newest.id,
      amount: newest.totalAmount,
      date: billDate(newest),
      provider: newest.utilityProvider,
      changePct: previous && previous.totalAmount > 0 ? (newest.totalAmount - previous.totalAmount) / previous.totalAmount : null,
    };
  }
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    latest,
    annualSavings: round(cards.filter((card) => card.savingsPeriod !== 'one_time').reduce((sum, card) => sum + card.savings, 0)),
    oneTimeSavings: round(cards.filter((card) => card.savingsPeriod === 'one_time').reduce((sum, card) => sum + card.savings, 0)),
    processed: processed.length,
    analyzed: processed.filter((bill) => bill.analyzed).length,
    flagged: processed.filter((bill) => bill.analyzed && bill.hasAnomalies).length,
  };
}
