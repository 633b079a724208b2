import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, customType, date, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, money, owner, updatedAt } from './columns.ts';
import { property, utilityAccount } from './properties.ts';

/** PostgreSQL's full-text document type (read only: the column below is generated). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A date as `YYYY-MM-DD` from immutable parts (`date::text` follows DateStyle, so a generated column may not use it). */
const isoDay = (column: AnyPgColumn) =>
  sql`(extract(year from ${column})::int::text || '-' || lpad(extract(month from ${column})::int::text, 2, '0') || '-' || lpad(extract(day from ${column})::int::text, 2, '0'))`;

// The bills feature's table (spec 01-core §3): one row per uploaded bill, with what was read.

export const utilityBill = pgTable(
  'utility_bills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    propertyId: uuid('property_id').references(() => property.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id').references(() => utilityAccount.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    /** Storage key `{userId}/{timestamp}-{fileName}`. */
    filePath: text('file_path').notNull(),
    mimeType: text('mime_type').notNull(),
    fileSize: integer('file_size').notNull(),
    propertyType: text('property_type', { enum: ['residential', 'commercial'] }).notNull(),
    billType: text('bill_type').notNull(),
    uploadDate: timestamp('upload_date', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: ['queued', 'processing', 'processed', 'failed'] }).notNull().default('queued'),
    progress: integer('progress').notNull().default(25),
    failureReason: text('failure_reason'),
    attempts: integer('attempts').notNull().default(0),
    utilityProvider: text('utility_provider').notNull().default('Unknown'),
    /** The brand the customer knows when it differs from the provider's legal name ("Eversource Energy" for NSTAR Electric Company); null when none. */
    providerBrand: text('provider_brand'),
    accountNumber: text('account_number').notNull().default('Unknown'),
    /** Amount due; null until read (unknown is never 0). */
    totalAmount: money('total_amount'),
    /** Parts of the amount due, as printed (null when not printed). */
    currentCharges: money('current_charges'),
    previousBalance: money('previous_balance'),
    paymentsReceived: money('payments_received'),
    lateFees: money('late_fees'),
    /** Printed price per usage unit. */
    rate: doublePrecision('rate'),
    /** Itemised lines: label, amount, and when printed quantity, unit, rate and kind (fixed, variable, tax, other). */
    charges: jsonb('charges').notNull().default(sql`'[]'::jsonb`),
    dueDate: date('due_date', { mode: 'string' }),
    servicePeriodStart: date('service_period_start', { mode: 'string' }),
    servicePeriodEnd: date('service_period_end', { mode: 'string' }),
    usageAmount: doublePrecision('usage_amount'),
    usageUnit: text('usage_unit'),
    processingConfidence: doublePrecision('processing_confidence').notNull().default(0),
    processingCost: doublePrecision('processing_cost').notNull().default(0),
    processingTimeMs: integer('processing_time_ms'),
    /** The bill reader's fields as read, each with its confidence (values before corrections). */
    extracted: jsonb('extracted'),
    /** The user's corrections: field → { value, at }. Corrected values are also in the columns. */
    corrections: jsonb('corrections').notNull().default(sql`'{}'::jsonb`),
    /** Strategy, cost, time, text sources and cross-checks of the processing run. */
    processing: jsonb('processing'),
    analyzed: boolean('analyzed').notNull().default(false),
    /** The automatic analysis (analyse-bill job): queued, running, or failed; null when none is pending. */
    analysisState: text('analysis_state', { enum: ['queued', 'running', 'failed'] }),
    anomalyCheckedAt: timestamp('anomaly_checked_at', { withTimezone: true }),
    hasAnomalies: boolean('has_anomalies').notNull().default(false),
    anomalies: jsonb('anomalies'),
    /** The text the reader saw (every page's lines), for bill search; null on bills read before it was kept. */
    extractedText: text('extracted_text'),
    /** Bill search's document (decision 100): provider, account, amount, dates and the text, kept in step by PostgreSQL. */
    searchVector: tsvector('search_vector').generatedAlwaysAs((): SQL => sql`to_tsvector('english'::regconfig, ${billSearchDocument})`),
    duplicateOfId: uuid('duplicate_of_id').references((): AnyPgColumn => utilityBill.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('utility_bills_user_created_idx').on(t.userId, t.createdAt),
    // The bill list's order (bills.queries.ts LIST_RANK, LIST_DATE), read backwards: a page comes off the index.
    index('utility_bills_user_list_idx').on(
      t.userId,
      sql`(case when ${t.status} in ('queued', 'processing') then 1 else 0 end)`,
      sql`coalesce(${t.servicePeriodEnd}, ${t.dueDate}, (${t.createdAt} at time zone 'UTC')::date)`,
      t.createdAt,
      t.id,
    ),
    index('utility_bills_account_idx').on(t.accountId),
    index('utility_bills_property_idx').on(t.propertyId),
    // The list filtered by property type; the upload limits and demo data count unfinished bills;
    // deleting a bill sets null on the bills marked as its duplicates.
    index('utility_bills_user_property_type_idx').on(t.userId, t.propertyType),
    index('utility_bills_user_unfinished_idx').on(t.userId).where(sql`${t.status} in ('queued', 'processing')`),
    index('utility_bills_duplicate_of_idx').on(t.duplicateOfId),
    // fastupdate off: PGlite has no autovacuum, so a pending list would be scanned by every search (decision 103).
    index('utility_bills_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
  ],
);

/**
 * How many times each user's bills have changed: a trigger on `utility_bills` (migration 0008)
 * counts every insert, update and delete, so readers in any process can tell whether a cached
 * bill list is still current with one indexed read. No foreign key: a user's deletion deletes
 * their bills, whose triggers still count; the row left behind is a number.
 */
export const billListVersion = pgTable('bill_list_versions', {
  userId: text('user_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * What bill search reads of a bill, as one text: provider, account, amount, dates and the text
 * the reader saw, HTML-escaped (ts_headline drops anything shaped like a tag rather than
 * escaping it, so the escaping comes first) and without the two control characters bill search
 * uses as hit marks. The generated column indexes it and the snippet is cut from it, so both
 * see the same words.
 */
export const billSearchDocument: SQL = sql`replace(replace(replace(replace(translate(${sql.join(
  [
    sql`coalesce(${utilityBill.utilityProvider}, '')`,
    sql`coalesce(${utilityBill.accountNumber}, '')`,
    sql`coalesce(${utilityBill.totalAmount}::text, '')`,
    sql`coalesce(${isoDay(utilityBill.dueDate)}, '')`,
    sql`coalesce(${isoDay(utilityBill.servicePeriodStart)}, '')`,
    sql`coalesce(${isoDay(utilityBill.servicePeriodEnd)}, '')`,
    sql`coalesce(${utilityBill.extractedText}, '')`,
  ],
  sql` || ' ' || `,
)}, E'\\x01\\x02', ''), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;')`;

// The bills feature's reader model versions (issue 17, decision 101): the layout hints learned
// from admin-accepted corrections, shared by every user's bills of the same provider, with the
// accuracy each version measured on the held-out bills. Not user-owned: admins only.

export const readerModelVersion = pgTable('reader_model_versions', {
  id: uuid('id').primaryKey().defaultRandom(),
  version: integer('version').notNull().unique(),
  /** Provider (as read) → layout hints (`LayoutHint[]` of packages/extractor). */
  hints: jsonb('hints').notNull(),
  /** Share of held-out fields read right with these hints, and with the version active when it was trained. */
  accuracy: doublePrecision('accuracy').notNull(),
  baselineAccuracy: doublePrecision('baseline_accuracy').notNull(),
  heldoutBills: integer('heldout_bills').notNull(),
  fieldsChecked: integer('fields_checked').notNull(),
  correctionsUsed: integer('corrections_used').notNull(),
  /** Promoted when not worse than the baseline; the newest promoted version is the one the reader uses. */
  promoted: boolean('promoted').notNull(),
  trainedBy: text('trained_by'),
  trainedAt: timestamp('trained_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
});

// The month's bill allowance (01-core §9, decision 063): one row per accepted upload, written in
// the upload's own transaction. Deleting the bill keeps the row (the slot stays used, so delete
// and upload again cannot beat the limit); an upload undone, or a bill the reader could not read,
// does not count (the count joins the bill's status).

export const billUpload = pgTable(
  'bill_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    /** The bill it made; no foreign key: the row outlives the bill. */
    billId: uuid('bill_id').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('bill_uploads_user_idx').on(t.userId, t.createdAt)],
);
