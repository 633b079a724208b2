import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billSearchDocument, utilityBill } from '../../db/schema/bills.ts';

// Bill search (02-tools §2.3; decisions 100 and 103): PostgreSQL full-text search over the
// generated `search_vector` column, ranked, with a snippet cut from the same document.

/** How many of the newest matching bills are ranked (decision 100). */
export const RANK_WINDOW = 500;
/**
 * How many of the owner's newest bills are tested against the query one by one, in date order,
 * before the full-text index is asked (decision 103). Every account up to this size is searched
 * this way whole.
 */
export const SCAN_WINDOW = 2000;

/** Marks ts_headline puts around a hit: control characters the search document never holds (schema/bills.ts strips them). */
const HIT_START = '\u0001';
const HIT_END = '\u0002';
const HEADLINE_OPTIONS = `StartSel=${HIT_START}, StopSel=${HIT_END}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;

export type BillSearchRow = { billId: string; billDate: string; billAmount: number | null; provider: string; rank: number; snippet: string };

/** Window sizes; tests shrink them to reach both ways of finding the window with a few bills. */
export type SearchWindows = { rank: number; scan: number };

/**
 * The owner's bills matching `term` (web-search syntax: words, "phrases", -not, or), best first.
 * The document is HTML-escaped before ts_headline sees it (schema/bills.ts), so the only markup
 * a snippet carries is the hit marks.
 *
 * What is ranked is the rank window: the newest `windows.rank` matching bills (newest by
 * creation, then id). It is found in one of two ways with the same result (decision 103):
 * - walking the owner's newest `windows.scan` bills in date order (an index read, no sort) and
 *   testing each against the query. When that yields a full window, or covers every bill the
 *   owner has, the window is complete: a common word on a large account costs a few hundred row
 *   tests instead of fetching every matching bill to sort them;
 * - otherwise (a large account and a word not common among its newest bills) through the GIN
 *   index on `search_vector`, which then returns few rows.
 * The planner cannot choose between the two by itself: it takes a user's bills and a word as
 * independent, while a provider's name or an account number is on all of one user's bills.
 */
export async function searchBillsOfUser(
  db: Db,
  userId: string,
  term: string,
  limit: number,
  windows: SearchWindows = { rank: RANK_WINDOW, scan: SCAN_WINDOW },
): Promise<BillSearchRow[]> {
  const query = sql`websearch_to_tsquery('english'::regconfig, ${term})`;
  const newestFirst = sql`order by created_at desc, id desc`;
  const date = sql`coalesce(${utilityBill.servicePeriodEnd}, ${utilityBill.dueDate}, (${utilityBill.createdAt} at time zone 'UTC')::date)::text`;
  // One statement: the walk (`recent`, `walked`; it stops at a full window), whether it found
  // the whole window (`complete`: a full window, or an owner with fewer bills than the walk
  // covers, counted off the index), the GIN read only when it did not (a one-time filter skips
  // it otherwise), the window ranked, and snippets for the page only (ts_headline is costly).
  const rows = await rowsOf<Omit<BillSearchRow, 'billAmount'> & { billAmount: string | number | null }>(db, sql`
    with recent as (
      select id, created_at, search_vector @@ ${query} as hit from ${utilityBill}
      where user_id = ${userId} ${newestFirst} limit ${windows.scan}
    ),
    walked as materialized (select id, created_at from recent where hit ${newestFirst} limit ${windows.rank}),
    complete as materialized (
      select (select count(*) from walked) >= ${windows.rank}
          or (select count(*) from (select 1 from ${utilityBill} where user_id = ${userId} limit ${windows.scan}) owned) < ${windows.scan} as yes
    ),
    rank_window as (
      select b.id, b.created_at, b.search_vector from walked join ${utilityBill} b on b.id = walked.id
      where b.user_id = ${userId} and (select yes from complete)
      union all
      (select id, created_at, search_vector from ${utilityBill}
       where user_id = ${userId} and search_vector @@ ${query} and not (select yes from complete)
       ${newestFirst} limit ${windows.rank})
    ),
    top as (
      select id, created_at, ts_rank_cd(search_vector, ${query}, 32) as rank from rank_window
      order by rank desc, created_at desc, id desc limit ${limit}
    )
    select ${utilityBill.id} as "billId", ${date} as "billDate", ${utilityBill.totalAmount} as "billAmount",
           ${utilityBill.utilityProvider} as provider, top.rank,
           ts_headline('english'::regconfig, ${billSearchDocument}, ${query}, ${HEADLINE_OPTIONS}) as snippet
    from top join ${utilityBill} on ${utilityBill.id} = top.id
    where ${utilityBill.userId} = ${userId}
    order by top.rank desc, top.created_at desc, top.id desc`);
  return rows.map((r) => ({ ...r, billAmount: r.billAmount === null ? null : Number(r.billAmount), rank: Number(r.rank) }));
}

/** Rows of a raw statement (the same shape from PGlite and node-postgres). */
async function rowsOf<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = await db.execute<Record<string, unknown>>(statement);
  return (result as { rows: T[] }).rows;
}

/** The snippet as HTML: already escaped in SQL; the hit marks become `<mark>` elements. */
export function snippetHtml(snippet: string): string {
  return snippet.replaceAll(HIT_START, '<mark>').replaceAll(HIT_END, '</mark>');
}
