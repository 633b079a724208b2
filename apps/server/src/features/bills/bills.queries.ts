import { UNSURE_BELOW } from '@wattwise/shared/analysis/provenance';
import { BILL_MESSAGES } from './bills.messages.ts';
import { and, asc, count, desc, eq, getTableColumns, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billListVersion, billUpload, utilityBill } from '../../db/schema/bills.ts';

// Every query takes the owner's id and filters on it.

/**
 * A bill as the app reads it: every column but the reader's text and the search document made
 * from it (several kilobytes each on a real bill), which only writing and bill search use. Every
 * bill read and every `returning` names these columns, so no page view, correction or analysis
 * carries that text from the database and parses it.
 */
const { extractedText: _text, searchVector: _search, ...billColumns } = getTableColumns(utilityBill);
export type BillRow = Omit<typeof utilityBill.$inferSelect, 'extractedText' | 'searchVector'>;
export type NewBillRow = typeof utilityBill.$inferInsert;
export type BillUpdate = Partial<Omit<NewBillRow, 'id' | 'userId' | 'createdAt'>>;

/**
 * A list shows summaries: every column but the reading, the processing record, the corrections,
 * the line items and the anomalies, JSON that makes up most of a row and that no list shows.
 */
const {
  extracted: _extracted,
  processing: _processing,
  corrections: _corrections,
  charges: _charges,
  anomalies: _anomalies,
  ...summaryColumns
} = billColumns;
export type BillSummaryRow = Omit<BillRow, 'extracted' | 'processing' | 'corrections' | 'charges' | 'anomalies'>;

const owned = (userId: string, id: string) => and(eq(utilityBill.userId, userId), eq(utilityBill.id, id));

export async function insertBill(db: Db, values: NewBillRow): Promise<BillRow> {
  const [row] = await db.insert(utilityBill).values(values).returning(billColumns);
  if (!row) throw new Error('bill not inserted');
  return row;
}

/** The user's bill; `lock`: held FOR UPDATE until the transaction ends (a read-modify-write of the row). */
export async function findBill(db: Db, userId: string, id: string, options: { lock?: boolean } = {}): Promise<BillRow | undefined> {
  const query = db.select(billColumns).from(utilityBill).where(owned(userId, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export type BillFilter = { propertyId?: string; propertyType?: BillRow['propertyType'] };

function filterConditions(userId: string, filter: BillFilter): SQL[] {
  const conditions: SQL[] = [eq(utilityBill.userId, userId)];
  if (filter.propertyId) conditions.push(eq(utilityBill.propertyId, filter.propertyId));
  if (filter.propertyType) conditions.push(eq(utilityBill.propertyType, filter.propertyType));
  return conditions;
}

function billFilter(userId: string, filter: BillFilter): SQL | undefined {
  return and(...filterConditions(userId, filter));
}

/**
 * The list order, newest first: bills still being read (no period yet) on top, then by the
 * period a bill covers (its end, else its due date, else the upload day), then upload time and
 * id. The same expressions make up `utility_bills_user_list_idx` (read backwards), so a page
 * is read off the index without sorting the user's bills.
 */
export const LIST_RANK = sql<number>`(case when ${utilityBill.status} in ('queued', 'processing') then 1 else 0 end)`;
export const LIST_DATE = sql<string>`coalesce(${utilityBill.servicePeriodEnd}, ${utilityBill.dueDate}, (${utilityBill.createdAt} at time zone 'UTC')::date)`;
const LIST_ORDER = [sql`${LIST_RANK} desc`, sql`${LIST_DATE} desc`, desc(utilityBill.createdAt), desc(utilityBill.id)];

/** Where a page starts: the list-order key of the last bill of the page before. */
export type BillListKey = { rank: number; date: string; createdAt: string; id: string };

/**
 * One page of the user's bills in list order, after `after` when given, with the number of
 * bills matching the filter: `limit + 1` rows are read so the caller knows whether more follow.
 */
export async function findBillPage(db: Db, userId: string, filter: BillFilter, limit: number, after?: BillListKey) {
  const conditions = filterConditions(userId, filter);
  const where = and(...conditions);
  const paged = after
    ? and(
        where,
        sql`(${LIST_RANK}, ${LIST_DATE}, ${utilityBill.createdAt}, ${utilityBill.id}) < (${after.rank}, ${after.date}::date, ${after.createdAt}::timestamptz, ${after.id}::uuid)`,
      )
    : where;
  const rows = await db
    .select({
      bill: summaryColumns,
      key: {
        rank: sql<number>`${LIST_RANK}`.mapWith(Number),
        date: sql<string>`${LIST_DATE}::text`,
        // Microseconds, in UTC: a JavaScript Date would drop them and skip or repeat a bill.
        createdAt: sql<string>`to_char(${utilityBill.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      },
      total: sql<number>`(select count(*) from ${utilityBill} where ${where})`.mapWith(Number),
    })
    .from(utilityBill)
    .where(paged)
    .orderBy(...LIST_ORDER)
    .limit(limit + 1);
  // A cursor past the last bill reads no row, so no total came with it.
  const total = rows[0]?.total ?? (await db.$count(utilityBill, where));
  return { rows: rows.map((r) => ({ bill: r.bill, key: { ...r.key, id: r.bill.id } })), total };
}

/**
 * Whether a field can carry money advice: confirmed or corrected by the user, or read with a
 * confidence of at least 0.8 (under it the bill page says 'Please check'); never when missing.
 */
const isSure = (field: 'usageAmount' | 'totalAmount', column: typeof utilityBill.usageAmount | typeof utilityBill.totalAmount) =>
  sql<boolean>`(${column} is not null and ((${utilityBill.corrections} -> ${field}) is not null or coalesce((${utilityBill.extracted} #>> ${`{fields,${field},confidence}`})::float8, 0) >= ${UNSURE_BELOW}))`.mapWith(Boolean);

/** What the dashboard's overview and charts need of every bill matching the filter, in list order. */
export function findBillFigures(db: Db, userId: string, filter: BillFilter) {
  return db
    .select({
      id: utilityBill.id,
      createdAt: utilityBill.createdAt,
      propertyId: utilityBill.propertyId,
      propertyType: utilityBill.propertyType,
      billType: utilityBill.billType,
      accountId: utilityBill.accountId,
      status: utilityBill.status,
      utilityProvider: utilityBill.utilityProvider,
      accountNumber: utilityBill.accountNumber,
      totalAmount: utilityBill.totalAmount,
      currentCharges: utilityBill.currentCharges,
      dueDate: utilityBill.dueDate,
      servicePeriodStart: utilityBill.servicePeriodStart,
      servicePeriodEnd: utilityBill.servicePeriodEnd,
      usageAmount: utilityBill.usageAmount,
      usageUnit: utilityBill.usageUnit,
      analyzed: utilityBill.analyzed,
      hasAnomalies: utilityBill.hasAnomalies,
      usageSure: isSure('usageAmount', utilityBill.usageAmount),
      amountSure: isSure('totalAmount', utilityBill.totalAmount),
    })
    .from(utilityBill)
    .where(and(...filterConditions(userId, filter)))
    .orderBy(...LIST_ORDER);
}

/** The user's read bills, whole (corrections and extraction included), newest period first. */
export function findReadBills(db: Db, userId: string): Promise<BillRow[]> {
  return db
    .select(billColumns)
    .from(utilityBill)
    .where(and(eq(utilityBill.userId, userId), eq(utilityBill.status, 'processed')))
    .orderBy(sql`coalesce(${utilityBill.servicePeriodEnd}, ${utilityBill.dueDate}, ${utilityBill.createdAt}::date) desc`, desc(utilityBill.id));
}

/** Id, property type and bill type of the user's bills that pass the filter (what a recommendation card shows of its bill). */
export function findBillKinds(db: Db, userId: string, filter: BillFilter) {
  return db
    .select({
      id: utilityBill.id,
      propertyType: utilityBill.propertyType,
      billType: utilityBill.billType,
      usageAmount: utilityBill.usageAmount,
      usageSure: isSure('usageAmount', utilityBill.usageAmount),
      amountSure: isSure('totalAmount', utilityBill.totalAmount),
    })
    .from(utilityBill)
    .where(billFilter(userId, filter));
}

export async function updateBill(db: Db, userId: string, id: string, values: BillUpdate): Promise<BillRow | undefined> {
  const [row] = await db
    .update(utilityBill)
    .set({ ...values, updatedAt: new Date() })
    .where(owned(userId, id))
    .returning(billColumns);
  return row;
}

/**
 * Updates columns without reading the row back (a whole bill row costs about as much to return
 * and map as the update itself): the time written as `updatedAt`, or null when the user has no
 * such bill, or (with `onlyIn`) none in one of those statuses.
 */
export async function setBillColumns(
  db: Db,
  userId: string,
  id: string,
  values: BillUpdate,
  onlyIn?: BillRow['status'][],
  also?: SQL,
): Promise<{ updatedAt: Date } | null> {
  const updatedAt = new Date();
  const rows = await db
    .update(utilityBill)
    .set({ ...values, updatedAt })
    .where(and(owned(userId, id), onlyIn ? inArray(utilityBill.status, onlyIn) : undefined, also))
    .returning({ id: utilityBill.id });
  return rows.length > 0 ? { updatedAt } : null;
}

/** The bill's corrections are still `corrections` (jsonb equality): those a computation read. */
const correctionsAre = (corrections: BillRow['corrections']) => eq(utilityBill.corrections, corrections ?? {});

/** Updates only while the bill is in one of `statuses` (guards against racing a retry or delete); the row as written. */
export async function updateBillIfStatus(db: Db, userId: string, id: string, statuses: BillRow['status'][], values: BillUpdate) {
  const [row] = await db
    .update(utilityBill)
    .set({ ...values, updatedAt: new Date() })
    .where(and(owned(userId, id), inArray(utilityBill.status, statuses)))
    .returning(billColumns);
  return row;
}

export async function deleteBillRow(db: Db, userId: string, id: string): Promise<BillRow | undefined> {
  const [row] = await db.delete(utilityBill).where(owned(userId, id)).returning(billColumns);
  return row;
}

/** Processed bills of the same account (or, without an account, same type and property), oldest first. */
export function findHistory(db: Db, userId: string, bill: Pick<BillRow, 'id' | 'accountId' | 'billType' | 'propertyId'>) {
  const scope = bill.accountId
    ? eq(utilityBill.accountId, bill.accountId)
    : and(eq(utilityBill.billType, bill.billType), bill.propertyId ? eq(utilityBill.propertyId, bill.propertyId) : sql`true`);
  return db
    .select(billColumns)
    .from(utilityBill)
    .where(and(eq(utilityBill.userId, userId), ne(utilityBill.id, bill.id), eq(utilityBill.status, 'processed'), scope))
    .orderBy(asc(utilityBill.servicePeriodEnd), asc(utilityBill.createdAt));
}

/** An earlier processed bill of the same account and service period, other than this one. */
export async function findSamePeriodBill(db: Db, userId: string, bill: Pick<BillRow, 'id' | 'accountId' | 'servicePeriodStart' | 'servicePeriodEnd'>) {
  if (!bill.accountId || !bill.servicePeriodStart || !bill.servicePeriodEnd) return undefined;
  const [row] = await db
    .select({ id: utilityBill.id })
    .from(utilityBill)
    .where(
      and(
        eq(utilityBill.userId, userId),
        ne(utilityBill.id, bill.id),
        eq(utilityBill.accountId, bill.accountId),
        eq(utilityBill.status, 'processed'),
        eq(utilityBill.servicePeriodStart, bill.servicePeriodStart),
        eq(utilityBill.servicePeriodEnd, bill.servicePeriodEnd),
      ),
    )
    .orderBy(asc(utilityBill.createdAt))
    .limit(1);
  return row;
}

export async function countByProperty(db: Db, userId: string, propertyId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(utilityBill)
    .where(and(eq(utilityBill.userId, userId), eq(utilityBill.propertyId, propertyId)));
  return row?.n ?? 0;
}

export async function countByAccount(db: Db, userId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ accountId: utilityBill.accountId, n: count() })
    .from(utilityBill)
    .where(and(eq(utilityBill.userId, userId), isNotNull(utilityBill.accountId)))
    .groupBy(utilityBill.accountId);
  return new Map(rows.flatMap((r) => (r.accountId ? [[r.accountId, r.n] as const] : [])));
}

export async function moveBillsOfAccount(db: Db, userId: string, accountId: string, propertyId: string, propertyType: BillRow['propertyType']) {
  await db
    .update(utilityBill)
    .set({ propertyId, propertyType, updatedAt: new Date() })
    .where(and(eq(utilityBill.userId, userId), eq(utilityBill.accountId, accountId)));
}

/** Bills of a user still waiting or being read (demo data waits on them). */
export async function countUnfinished(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(utilityBill)
    .where(and(eq(utilityBill.userId, userId), inArray(utilityBill.status, ['queued', 'processing'])));
  return row?.n ?? 0;
}

/** The stored file keys of one user's bills. */
export async function findFilePaths(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db.select({ filePath: utilityBill.filePath }).from(utilityBill).where(eq(utilityBill.userId, userId));
  return new Set(rows.map((r) => r.filePath));
}

/** One user's uploads since `since` (with the oldest of them) and bills still waiting or being read. */
export async function countUploadLoad(db: Db, userId: string, since: Date): Promise<{ recent: number; oldestRecent: Date | null; unfinished: number }> {
  const [row] = await db
    .select({
      recent: sql<number>`count(*) filter (where ${utilityBill.createdAt} > ${since.toISOString()})`.mapWith(Number),
      oldestRecent: sql<string | null>`min(${utilityBill.createdAt}) filter (where ${utilityBill.createdAt} > ${since.toISOString()})`,
      unfinished: sql<number>`count(*) filter (where ${utilityBill.status} in ('queued', 'processing'))`.mapWith(Number),
    })
    .from(utilityBill)
    .where(eq(utilityBill.userId, userId));
  return { recent: row?.recent ?? 0, oldestRecent: row?.oldestRecent ? new Date(row.oldestRecent) : null, unfinished: row?.unfinished ?? 0 };
}

/** Marks the bill analysed unless it already is; false when another request got there first. */
export async function claimAnalysis(db: Db, userId: string, id: string, also?: BillUpdate, corrections?: BillRow['corrections']): Promise<boolean> {
  const rows = await db
    .update(utilityBill)
    .set({ ...also, analyzed: true, updatedAt: new Date() })
    .where(and(owned(userId, id), eq(utilityBill.analyzed, false), corrections === undefined ? undefined : correctionsAre(corrections)))
    .returning({ id: utilityBill.id });
  return rows.length > 0;
}

/** setBillColumns, only while the bill's corrections equal `corrections`; null when they do not. */
export function setBillColumnsIfCorrections(db: Db, userId: string, id: string, corrections: BillRow['corrections'], values: BillUpdate): Promise<{ updatedAt: Date } | null> {
  return setBillColumns(db, userId, id, values, undefined, correctionsAre(corrections));
}

/**
 * The user's corrected bills of the same provider (and account, when both are known), most
 * recently changed first, with their corrections (field → { value, at }): where those values
 * were printed teaches the reader where to look on the next bill.
 */
export async function findCorrectedBillsOfAccount(db: Db, userId: string, provider: string, accountNumber: string | null, excludeBillId: string, limit = 12) {
  const digits = accountNumber ? accountNumber.replace(/[^0-9A-Za-z]/g, '').toUpperCase() : null;
  return db
    .select({ billId: utilityBill.id, filePath: utilityBill.filePath, corrections: utilityBill.corrections })
    .from(utilityBill)
    .where(
      and(
        eq(utilityBill.userId, userId),
        ne(utilityBill.id, excludeBillId),
        sql`${utilityBill.corrections} <> '{}'::jsonb`,
        sql`lower(${utilityBill.utilityProvider}) = lower(${provider})`,
        digits ? sql`upper(regexp_replace(${utilityBill.accountNumber}, '[^0-9A-Za-z]', '', 'g')) = ${digits}` : undefined,
      ),
    )
    .orderBy(desc(utilityBill.updatedAt))
    .limit(limit);
}

/** The version read, built once per database (it runs on every bill-list request). */
const versionReads = new WeakMap<Db, ReturnType<typeof prepareVersionRead>>();
function prepareVersionRead(db: Db) {
  return db
    .select({ version: billListVersion.version })
    .from(billListVersion)
    .where(eq(billListVersion.userId, sql.placeholder('userId')))
    .prepare('bill_list_version');
}

/** How many times the user's bills have changed (0 before the first): see `billListVersion`. */
export async function readBillListVersion(db: Db, userId: string): Promise<number> {
  let read = versionReads.get(db);
  if (!read) versionReads.set(db, (read = prepareVersionRead(db)));
  const [row] = await read.execute({ userId });
  return row?.version ?? 0;
}

/** How many changes all users' bills have had (unscoped; one row per user): moves whenever any bill changes. */
export async function readAllBillsVersion(db: Db): Promise<string> {
  const [row] = await db.select({ total: sql<string>`coalesce(sum(${billListVersion.version}), 0)::text` }).from(billListVersion);
  return row?.total ?? '0';
}

/** Every user's read bills (unscoped: only for anonymised aggregates such as regional savings). */
export function findAllReadBills(db: Db): Promise<BillRow[]> {
  return db.select(billColumns).from(utilityBill).where(eq(utilityBill.status, 'processed'));
}

/** Every user's processed bills due on `day` (the due-soon reminder; owner connection, all users). */
export function findBillsDueOn(db: Db, day: string) {
  return db
    .select({ id: utilityBill.id, userId: utilityBill.userId, dueDate: utilityBill.dueDate, totalAmount: utilityBill.totalAmount, utilityProvider: utilityBill.utilityProvider, fileName: utilityBill.fileName })
    .from(utilityBill)
    .where(and(eq(utilityBill.dueDate, day), eq(utilityBill.status, 'processed')));
}

/** Users with at least one processed bill, with the month of their latest bill's period (seasonal tips). */
export function findUsersWithBills(db: Db) {
  return db.selectDistinct({ userId: utilityBill.userId }).from(utilityBill).where(eq(utilityBill.status, 'processed'));
}

/**
 * Uploads that count toward the month's allowance in [start, end) (decision 063): every upload
 * whose bill was not failed by the reader, including bills deleted since.
 */
export async function countBillsUploadedBetween(db: Db, userId: string, start: Date, end: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(billUpload)
    .leftJoin(utilityBill, eq(utilityBill.id, billUpload.billId))
    .where(
      and(
        eq(billUpload.userId, userId),
        sql`${billUpload.createdAt} >= ${start.toISOString()}`,
        sql`${billUpload.createdAt} < ${end.toISOString()}`,
        // A bill that could not be read does not count, unless storage lost its file (the upload itself went through).
        sql`(${utilityBill.status} is distinct from 'failed' or ${utilityBill.failureReason} = ${BILL_MESSAGES.fileUnavailable})`,
      ),
    );
  return row?.n ?? 0;
}

/** The allowance ledger's row for a new bill (same transaction as the bill). */
export async function insertBillUpload(db: Db, userId: string, billId: string): Promise<void> {
  await db.insert(billUpload).values({ userId, billId });
}

/** Frees a bill's slot: an upload undone, a failed bill deleted, a duplicate replaced. */
export async function deleteBillUpload(db: Db, userId: string, billId: string): Promise<void> {
  await db.delete(billUpload).where(and(eq(billUpload.userId, userId), eq(billUpload.billId, billId)));
}
