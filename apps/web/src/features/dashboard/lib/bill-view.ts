import { DASHBOARD_MESSAGES } from '../messages.ts';
import type { BillSummary } from '../types.ts';

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

/** Provider as shown in tables: the spec's 'Unknown Provider' when the bill reader found none. */
export function providerName(provider: string | null | undefined): string {
  const name = provider?.trim();
  return name && name.toLowerCase() !== 'unknown' ? name : DASHBOARD_MESSAGES.unknownProvider;
}

/** Date a bill stands for: end of its service period, else its due date, else the upload day. */
export function billDate(bill: Pick<BillSummary, 'servicePeriodEnd' | 'dueDate' | 'createdAt'>): string {
  return bill.servicePeriodEnd ?? bill.dueDate ?? bill.createdAt;
}

/** Bills the 'Unusual activity' banner counts: analyzed and flagged by the anomaly check. */
export function flaggedBills<T extends Pick<BillSummary, 'analyzed' | 'hasAnomalies'>>(bills: readonly T[]): T[] {
  return bills.filter((bill) => bill.analyzed && bill.hasAnomalies);
}

/** Newest first by bill date, for the Recent Bills table. */
export function recentBills<T extends Pick<BillSummary, 'servicePeriodEnd' | 'dueDate' | 'createdAt'>>(bills: readonly T[], count = 5): T[] {
  return [...bills].sort((a, b) => billDate(b).localeCompare(billDate(a))).slice(0, count);
}
