import { yearlySavingsOfCards } from '@wattwise/shared/analysis/combine-savings';
import type { BillFigures as BillFiguresDto } from '@wattwise/shared/contract/bills';

/** The figures these helpers read (a bill summary has them too; only the figures list says which are sure). */
type BillFigures = Omit<BillFiguresDto, 'usageSure' | 'amountSure'> & Partial<Pick<BillFiguresDto, 'usageSure' | 'amountSure'>>;
import type { RecommendationCard } from '@wattwise/shared/contract/analysis';
import { billDate } from '@/lib/bill-labels.ts';

export interface OverviewFigures {
  /** amount: the amount due, null when it was not read. */
  latest: {
    billId: string;
    amount: number | null;
    date: string;
    provider: string;
    changePct: number | null;
    /** The amount (or the earlier bill's, for the change) was read unsure: shown as an estimate to confirm. */
    amountEstimate: boolean;
    changeEstimate: boolean;
  } | null;
  /**
   * Yearly savings of the cards shown taken together: measures on the same cost (a thermostat
   * and insulation both cut heating) combine multiplicatively, so the total never exceeds what
   * they reduce. One-time refunds are counted apart.
   */
  annualSavings: number;
  oneTimeSavings: number;
  /** Recommendations left out of the totals: worked out from a usage or amount still to confirm. */
  toConfirm: number;
  processed: number;
  analyzed: number;
  flagged: number;
}

function accountKey(bill: BillFigures): string {
  return bill.accountId ?? `${bill.utilityProvider}|${bill.accountNumber}|${bill.billType}`;
}

/** This period's charges of a bill: the printed current charges, else the amount due; null when neither was read. */
export function periodCost(bill: Pick<BillFigures, 'totalAmount' | 'currentCharges'>): number | null {
  return bill.currentCharges ?? bill.totalAmount;
}

/** The headline numbers of the overview, from the bills and the (deduplicated) recommendation cards. */
export function overviewFigures(bills: readonly BillFigures[], cards: readonly RecommendationCard[]): OverviewFigures {
  const processed = bills.filter((bill) => bill.status === 'processed');
  const sorted = [...processed].sort((a, b) => billDate(b).localeCompare(billDate(a)));
  const newest = sorted[0];
  let latest: OverviewFigures['latest'] = null;
  if (newest) {
    const previous = sorted.find((bill) => bill !== newest && accountKey(bill) === accountKey(newest));
    // The change compares this period's charges (a carried-over balance is not this month's cost); never a missing amount.
    const now = periodCost(newest);
    const before = previous ? periodCost(previous) : null;
    latest = {
      billId: newest.id,
      amount: newest.totalAmount,
      date: billDate(newest),
      provider: newest.utilityProvider,
      changePct: now !== null && before !== null && before > 0 ? (now - before) / before : null,
      amountEstimate: newest.totalAmount !== null && newest.amountSure === false,
      changeEstimate: newest.amountSure === false || previous?.amountSure === false,
    };
  }
  const round = (value: number) => Math.round(value * 100) / 100;
  const billsById = new Map(bills.map((bill) => [bill.id, bill]));
  // Money headlines only from confirmed or confidently read inputs.
  const sure = cards.filter((card) => !card.needsConfirmation);
  return {
    latest,
    toConfirm: cards.length - sure.length,
    annualSavings: yearlySavingsOfCards(cards, (billId) => billsById.get(billId)?.accountId),
    oneTimeSavings: round(sure.filter((card) => card.savingsPeriod === 'one_time').reduce((sum, card) => sum + card.savings, 0)),
    processed: processed.length,
    analyzed: processed.filter((bill) => bill.analyzed).length,
    flagged: processed.filter((bill) => bill.analyzed && bill.hasAnomalies).length,
  };
}
