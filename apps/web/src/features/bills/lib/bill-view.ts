import { billDate, providerName } from '@/lib/bill-labels.ts';
import { BILLS_MESSAGES } from '../messages.ts';
import { formatAmountDueOrNull, formatDate, MISSING_VALUE } from '@/lib/format.ts';
import type { BillSummary } from '@wattwise/shared/contract/bills';

/** Status shown in the bills table (01-core §3 dashboard view, plus the processing states). */
export type BillViewStatus = 'analyzed' | 'pending' | 'processing' | 'failed';

export function billViewStatus(bill: Pick<BillSummary, 'status' | 'analyzed'>): BillViewStatus {
  switch (bill.status) {
    case 'queued':
    case 'processing':
      return 'processing';
    case 'failed':
      return 'failed';
    case 'processed':
      return bill.analyzed ? 'analyzed' : 'pending';
  }
}

/** Bills the 'Unusual activity' banner counts: analyzed and flagged by the anomaly check. */
export function flaggedBills<T extends Pick<BillSummary, 'analyzed' | 'hasAnomalies'>>(bills: readonly T[]): T[] {
  return bills.filter((bill) => bill.analyzed && bill.hasAnomalies);
}

/** Newest first by bill date, for the Recent Bills table. */
export function recentBills<T extends Pick<BillSummary, 'status' | 'servicePeriodEnd' | 'dueDate' | 'createdAt'>>(bills: readonly T[], count = 5): T[] {
  return sortBillsByPeriod(bills).slice(0, count);
}

/** While a bill is read its provider, amount and date are not known yet: its row says so. */
export const READING_TEXT = 'Reading…';

/**
 * The texts of a bill's row: a bill still being read shows 'Reading…' (not 'Unknown Provider,
 * $0.00' dated today); a failed one '—'; an amount that was not read 'Not found', never $0.00.
 */
export function billRowText(bill: Pick<BillSummary, 'status' | 'analyzed' | 'utilityProvider' | 'totalAmount' | 'servicePeriodEnd' | 'dueDate' | 'createdAt'>): {
  date: string;
  provider: string;
  amount: string;
  amountMissing: boolean;
} {
  const status = billViewStatus(bill);
  if (status === 'processing') return { date: '—', provider: READING_TEXT, amount: '—', amountMissing: false };
  const date = bill.servicePeriodEnd ?? bill.dueDate;
  const amount = formatAmountDueOrNull(bill.totalAmount);
  return {
    date: formatDate(date) ?? formatDate(bill.createdAt) ?? '—',
    provider: providerName(bill.utilityProvider),
    amount: status === 'failed' ? '—' : (amount ?? MISSING_VALUE),
    amountMissing: status !== 'failed' && amount === null,
  };
}

/**
 * Bills in the order of their periods, newest first; bills still being read (no period yet)
 * on top, newest upload first.
 */
export function sortBillsByPeriod<T extends Pick<BillSummary, 'status' | 'servicePeriodEnd' | 'dueDate' | 'createdAt'>>(bills: readonly T[]): T[] {
  const inFlight = (b: T) => b.status === 'queued' || b.status === 'processing';
  return [...bills].sort((a, b) => Number(inFlight(b)) - Number(inFlight(a)) || billDate(b).localeCompare(billDate(a)) || b.createdAt.localeCompare(a.createdAt));
}

/**
 * The analyse button of a bill: none while it is read or once analysed (analysing again would
 * change nothing and answer 'already analyzed'); 'Re-analyze' after a correction cleared the
 * earlier analysis; 'Analyze' for a bill never analysed.
 */
export function analyzeAction(
  bill: Pick<BillSummary, 'status' | 'analyzed'> & { analysisState?: BillSummary['analysisState']; fields?: Partial<Record<string, { corrected: boolean }>> },
): 'Analyze' | 'Re-analyze' | null {
  if (billViewStatus(bill) !== 'pending') return null;
  // The analysis runs by itself after reading and after a correction: no button while it does.
  if (analysisRunning(bill)) return null;
  return Object.values(bill.fields ?? {}).some((field) => field?.corrected) ? 'Re-analyze' : 'Analyze';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a bill address can name a bill at all (a malformed one is simply not found). */
export function isBillId(value: string): boolean {
  return UUID.test(value);
}

/** The page's words for a bill that cannot be shown: one title, one explanation (never the same words twice). */
export function billLoadError(status: number | null, message: string | null | undefined): { title: string; detail: string | null } {
  if (status === 404) return { title: BILLS_MESSAGES.billNotFound, detail: 'This bill does not exist, or it was deleted.' };
  return { title: BILLS_MESSAGES.loadBillsFailed, detail: message && message !== BILLS_MESSAGES.loadBillsFailed ? message : null };
}

/** Whether the bill's automatic analysis is queued or running (the page shows it and polls). */
export function analysisRunning(bill: { analyzed: boolean; analysisState?: BillSummary['analysisState'] }): boolean {
  return !bill.analyzed && (bill.analysisState === 'queued' || bill.analysisState === 'running');
}
