import type { BillSummary } from '@wattwise/shared/contract/bills';

/**
 * Bills still queued or being read, newest upload first, except the one this page is already
 * following: after a reload mid-upload, the page shows them instead of forgetting them.
 */
export function billsInFlight<T extends Pick<BillSummary, 'id' | 'status' | 'createdAt'>>(bills: readonly T[] | undefined, followingId: string | null): T[] {
  return (bills ?? [])
    .filter((bill) => (bill.status === 'queued' || bill.status === 'processing') && bill.id !== followingId)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
