import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billSearchDocument, utilityBill } from '../../db/schema/bills.ts';

// Bill search (02-tools §2.3; decision 100): PostgreSQL full-text search over the generated
// `search_vector` column (GIN index), ranked, with a snippet cut from the same document.

/** How many of the newest matching bills are ranked (decision 100). */
export const RANK_WINDOW = 500;

/** Marks ts_headline puts around a hit: control characters the search document never holds (schema/bills.ts strips them). */
const HIT_START = '\u0001';
const HIT_END = '\u0002';

export type BillSearchRow = { billId: string; billDate: string; billAmount: number | null; provider: string; rank: number; snippet: string };

/**
 * The owner's bills matching `term` (web-search syntax: words, "phrases", -not, or), best first.
 * The document is HTML-escaped before ts_headline sees it (schema/bills.ts), so the only markup
 * a snippet carries is the hit marks.
 */
export async function searchBillsOfUser(db: Db, userId: string, term: string, limit: number): Promise<BillSearchRow[]> {
  const query = sql`websearch_to_tsquery('english'::regconfig, ${term})`;
  const date = sql<string>`coalesce(${utilityBill.servicePeriodEnd}, ${utilityBill.dueDate}, (${utilityBill.createdAt} at time zone 'UTC')::date)::text`;
  // The newest matches (at most RANK_WINDOW) are ranked, the page of results cut from them, and
  // only that page gets a snippet: ranking and ts_headline are the costly parts, and a term on
  // every bill of a 10,000-bill account must not rank all of them (decision 100).
  const matches = db
    .select({ id: utilityBill.id, createdAt: utilityBill.createdAt, vector: utilityBill.searchVector })
    .from(utilityBill)
    .where(and(eq(utilityBill.userId, userId), sql`${utilityBill.searchVector} @@ ${query}`))
    .orderBy(desc(utilityBill.createdAt))
    .limit(RANK_WINDOW)
    .as('matches');
  const rank = sql<number>`ts_rank_cd(${matches.vector}, ${query}, 32)`;
  const top = db
    .select({ id: matches.id, rank: rank.as('rank') })
    .from(matches)
    .orderBy(desc(sql`rank`), desc(matches.createdAt))
    .limit(limit)
    .as('top');
  const rows = await db
    .select({
      billId: utilityBill.id,
      billDate: date,
      billAmount: utilityBill.totalAmount,
      provider: utilityBill.utilityProvider,
      rank: top.rank,
      snippet: sql<string>`ts_headline('english'::regconfig, ${billSearchDocument}, ${query}, ${`StartSel=${HIT_START}, StopSel=${HIT_END}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`})`,
    })
    .from(top)
    .innerJoin(utilityBill, eq(utilityBill.id, top.id))
    .where(eq(utilityBill.userId, userId))
    .orderBy(desc(top.rank), desc(utilityBill.createdAt));
  return rows.map((r) => ({ ...r, rank: Number(r.rank) }));
}

/** The snippet as HTML: already escaped in SQL; the hit marks become `<mark>` elements. */
export function snippetHtml(snippet: string): string {
  return snippet.replaceAll(HIT_START, '<mark>').replaceAll(HIT_END, '</mark>');
}
