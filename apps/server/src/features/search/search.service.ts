import { type BillSearchResult, SEARCH_RESULT_LIMIT } from '@wattwise/shared/contract/search';
import type { Db } from '../../db/client.ts';
import type { RequestUser } from '../../http/types.ts';
import { type BillSearchRow, searchBillsOfUser, snippetHtml } from '../bills/bills.service.ts';

/** Whether the caller of a request is an admin, the role read fresh (app.ts builds it from the session). */
export type AdminCheck = (headers: Headers) => Promise<boolean>;

function toResult(row: BillSearchRow): BillSearchResult {
  return { billId: row.billId, billDate: row.billDate, billAmount: row.billAmount, highlightText: snippetHtml(row.snippet), utilityProviderId: row.provider, rank: row.rank };
}

/**
 * Bill search (02-tools §2.3, §7 search-bills). The spec lets the page pass any user id; here
 * the filter is honoured only when an admin asks (decision 100): anyone else searches their own
 * bills, inside their row-level-security scope, whatever id they send.
 */
export async function searchBills(
  deps: { db: Db; isAdmin: () => Promise<boolean> },
  caller: RequestUser,
  input: { searchTerm: string; userId?: string | null },
): Promise<{ results: BillSearchResult[]; searchedUserId: string }> {
  const term = input.searchTerm.trim();
  const wanted = input.userId?.trim();
  if (wanted && wanted !== caller.id && (await deps.isAdmin())) {
    const rows = await searchBillsOfUser(deps.db, wanted, term, SEARCH_RESULT_LIMIT);
    return { results: rows.map(toResult), searchedUserId: wanted };
  }
  const rows = await caller.inScope((db, userId) => searchBillsOfUser(db, userId, term, SEARCH_RESULT_LIMIT));
  return { results: rows.map(toResult), searchedUserId: caller.id };
}
