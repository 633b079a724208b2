import fs from 'node:fs';
import path from 'node:path';
import { extractBill, extractFromDocument, learnLayoutHint } from '@wattwise/extractor/extract';
import type { DocumentText, HintField, LayoutHint } from '@wattwise/extractor/types';
import { count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { readerModelVersion, utilityBill } from '../../db/schema/bills.ts';
import type { Storage } from '../../platform/storage.ts';
import { HINT_FIELDS, isHintField, loadDocumentText } from './layout-hints.ts';

// The reader model (decision 101): layout hints learned from admin-accepted corrections, shared
// across users per provider, measured on held-out bills before the reader uses them.

export type ProviderHints = Record<string, LayoutHint[]>;
export type ReaderModelRow = typeof readerModelVersion.$inferSelect;

/** An accepted correction of a bill field, as the feedback feature hands it over. */
export type AcceptedCorrection = { billId: string; field: string; correctedValue: string | null; at: Date };

/** A held-out bill: a generated bill of the repository with its true values (never trained on). */
export type HeldoutBill = { name: string; doc: DocumentText; truth: Record<string, unknown> };

function asProviderHints(value: unknown): ProviderHints {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as ProviderHints) : {};
}

export async function listReaderModelVersions(db: Db): Promise<ReaderModelRow[]> {
  return db.select().from(readerModelVersion).orderBy(desc(readerModelVersion.version));
}

/** The version the reader uses: the newest promoted one, or null (the rules alone). */
export async function activeReaderModel(db: Db): Promise<ReaderModelRow | null> {
  const [row] = await db.select().from(readerModelVersion).where(eq(readerModelVersion.promoted, true)).orderBy(desc(readerModelVersion.version)).limit(1);
  return row ?? null;
}

/** The active version's hints for a provider, as read from a bill (none without a provider). */
export async function activeHintsFor(db: Db, provider: string | null): Promise<LayoutHint[]> {
  if (!provider) return [];
  const model = await activeReaderModel(db);
  return model ? (asProviderHints(model.hints)[provider] ?? []) : [];
}

/**
 * Rebuilds the hints from accepted corrections: for each, where the corrected value is printed
 * on its bill (the text the reader kept beside the file), grouped by the bill's provider; the
 * newest correction of a field wins.
 */
export async function learnProviderHints(deps: { db: Db; storage: Storage }, corrections: readonly AcceptedCorrection[]): Promise<{ hints: ProviderHints; used: number }> {
  const usable = corrections.filter((c) => isHintField(c.field) && c.correctedValue !== null).sort((a, b) => b.at.getTime() - a.at.getTime());
  if (usable.length === 0) return { hints: {}, used: 0 };
  const bills = await deps.db
    .select({ id: utilityBill.id, filePath: utilityBill.filePath, provider: utilityBill.utilityProvider })
    .from(utilityBill)
    .where(inArray(utilityBill.id, [...new Set(usable.map((c) => c.billId))]));
  const byId = new Map(bills.map((b) => [b.id, b]));
  const texts = new Map<string, DocumentText | null>();
  const hints: ProviderHints = {};
  let used = 0;
  for (const c of usable) {
    const bill = byId.get(c.billId);
    if (!bill || bill.provider === 'Unknown' || !isHintField(c.field)) continue;
    const list = (hints[bill.provider] ??= []);
    if (list.some((h) => h.field === c.field)) continue;
    if (!texts.has(bill.filePath)) texts.set(bill.filePath, await loadDocumentText(deps.storage, bill.filePath));
    const doc = texts.get(bill.filePath);
    if (!doc) continue;
    const value = c.field === 'totalAmount' || c.field === 'usageAmount' ? Number(c.correctedValue) : String(c.correctedValue);
    const hint = learnLayoutHint(doc, c.field, value);
    if (hint) {
      list.push(hint);
      used += 1;
    }
  }
  for (const [provider, list] of Object.entries(hints)) if (list.length === 0) delete hints[provider];
  return { hints, used };
}

const norm = (v: unknown) => String(v).replace(/[^0-9A-Z]/gi, '').toUpperCase();

function fieldRight(field: HintField, read: unknown, truth: unknown): boolean {
  if (read === null || read === undefined) return false;
  switch (field) {
    case 'totalAmount':
      return Math.abs(Number(read) - Number(truth)) < 0.005;
    case 'usageAmount':
      return Math.abs(Number(read) - Number(truth)) <= Math.abs(Number(truth)) * 0.005;
    case 'accountNumber':
      return norm(read) === norm(truth);
    case 'dueDate':
    case 'servicePeriodStart':
    case 'servicePeriodEnd':
      return read === truth;
  }
}

/** Share of the held-out bills' fields read right with a set of hints (each bill with its provider's hints, as read). */
export function evaluateHints(heldout: readonly HeldoutBill[], hints: ProviderHints): { accuracy: number; fields: number; bills: number } {
  let right = 0;
  let fields = 0;
  for (const bill of heldout) {
    const plain = extractFromDocument(bill.doc).fields;
    const provider = plain.utilityProvider.value;
    const read = provider && hints[provider] ? extractFromDocument(bill.doc, undefined, hints[provider]).fields : plain;
    for (const field of HINT_FIELDS) {
      const truth = bill.truth[field];
      if (truth === null || truth === undefined) continue;
      fields += 1;
      if (fieldRight(field, read[field].value, truth)) right += 1;
    }
  }
  return { accuracy: fields === 0 ? 0 : right / fields, fields, bills: heldout.length };
}

let heldoutCache: Promise<HeldoutBill[]> | null = null;

/**
 * The held-out bills: the generated PDFs with a text layer in the repository
 * (packages/extractor/test-fixtures/generated), read once per process. No hint is ever learned
 * from them, so they measure what a version does to bills it has not seen.
 */
export function loadHeldoutBills(dir: string): Promise<HeldoutBill[]> {
  heldoutCache ??= (async () => {
    const names = fs.readdirSync(dir).filter((n) => /^gen-fixtures-\d+\.pdf$/.test(n)).sort();
    const bills: HeldoutBill[] = [];
    for (const name of names) {
      const truth = JSON.parse(fs.readFileSync(path.join(dir, name.replace(/\.pdf$/, '.json')), 'utf8')) as Record<string, unknown>;
      const result = await extractBill(new Uint8Array(fs.readFileSync(path.join(dir, name))), { keepDocument: true });
      if (result.document) bills.push({ name, doc: result.document, truth });
    }
    return bills;
  })();
  heldoutCache.catch(() => {
    heldoutCache = null;
  });
  return heldoutCache;
}

/** Records a trained version; promoted when it is not worse than the baseline it was measured against. */
export async function saveReaderModelVersion(
  db: Db,
  values: Omit<typeof readerModelVersion.$inferInsert, 'id' | 'version' | 'promoted' | 'trainedAt' | 'createdAt'>,
): Promise<ReaderModelRow> {
  return db.transaction(async (tx) => {
    const [last] = await tx.select({ version: max(readerModelVersion.version) }).from(readerModelVersion);
    const [row] = await tx
      .insert(readerModelVersion)
      .values({ ...values, version: (last?.version ?? 0) + 1, promoted: values.accuracy >= values.baselineAccuracy })
      .returning();
    if (!row) throw new Error('model version not saved');
    return row;
  });
}

/** Read bills per upload month and provider (every user: the admin's accuracy figures). */
export async function countReadBills(db: Db): Promise<{ month: string; provider: string; bills: number }[]> {
  const month = sql<string>`to_char(${utilityBill.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const rows = await db
    .select({ month, provider: utilityBill.utilityProvider, bills: count() })
    .from(utilityBill)
    .where(eq(utilityBill.status, 'processed'))
    .groupBy(month, utilityBill.utilityProvider);
  return rows.map((r) => ({ ...r, bills: Number(r.bills) }));
}

/** Provider and upload month of bills by id. */
export async function billFactsOf(db: Db, ids: readonly string[]): Promise<Map<string, { provider: string; month: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: utilityBill.id, provider: utilityBill.utilityProvider, month: sql<string>`to_char(${utilityBill.createdAt} at time zone 'UTC', 'YYYY-MM')` })
    .from(utilityBill)
    .where(inArray(utilityBill.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { provider: r.provider, month: r.month }]));
}
