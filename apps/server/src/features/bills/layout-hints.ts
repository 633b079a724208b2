import { gunzipSync, gzipSync } from 'node:zlib';
import { documentPlainText, learnLayoutHint } from '@wattwise/extractor/extract';
import type { DocumentText, HintField, LayoutHint } from '@wattwise/extractor/types';
import type { Db } from '../../db/client.ts';
import type { Storage } from '../../platform/storage.ts';
import { findCorrectedBillsOfAccount } from './bills.queries.ts';

/**
 * Learning from corrections. The positioned text the reader saw is kept beside each bill's file;
 * when the user corrects a field, the corrected value (kept on the bill, `corrections`) and that
 * text say where the right value was printed. The next bill of the same provider and account is read with those
 * places and labels as hints, so a field is corrected once (as Paperless-ngx learns matching).
 */
export const HINT_FIELDS: readonly HintField[] = ['totalAmount', 'dueDate', 'accountNumber', 'usageAmount', 'servicePeriodStart', 'servicePeriodEnd'];

/** Where the reader's text of a bill file is kept (beside the file, removed with it). */
export function documentTextKey(filePath: string): string {
  return `${filePath}.text.json.gz`;
}

/** The bill file a stored text belongs to, or null for any other key. */
export function fileOfDocumentText(key: string): string | null {
  return key.endsWith('.text.json.gz') ? key.slice(0, -'.text.json.gz'.length) : null;
}

/** Longest text kept for search: a bill's words fit many times over; a 20-page scan of noise does not bloat the row. */
const SEARCH_TEXT_MAX = 50_000;

/** The words the reader saw, page by page and line by line, as plain text (what bill search reads). */
export function searchTextOf(doc: DocumentText): string {
  return documentPlainText(doc).slice(0, SEARCH_TEXT_MAX);
}

export async function saveDocumentText(storage: Storage, filePath: string, doc: DocumentText): Promise<void> {
  await storage.put(documentTextKey(filePath), gzipSync(JSON.stringify(doc)));
}

export async function loadDocumentText(storage: Storage, filePath: string): Promise<DocumentText | null> {
  const bytes = await storage.get(documentTextKey(filePath));
  if (!bytes) return null;
  try {
    return JSON.parse(gunzipSync(bytes).toString('utf8')) as DocumentText;
  } catch {
    return null;
  }
}

export function isHintField(field: string | null): field is HintField {
  return field !== null && (HINT_FIELDS as readonly string[]).includes(field);
}

/** A bill's stored corrections (field → { value, at }); anything else in the column is ignored. */
function correctionsOf(value: unknown): Record<string, { value: unknown; at: string }> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const out: Record<string, { value: unknown; at: string }> = {};
  for (const [field, entry] of Object.entries(value as Record<string, unknown>)) {
    const at = typeof entry === 'object' && entry !== null ? (entry as { at?: unknown }).at : undefined;
    if (typeof at === 'string') out[field] = { value: (entry as { value?: unknown }).value, at };
  }
  return out;
}

/** Hints from the user's corrections of earlier bills of this provider and account (the newest per field). */
export async function layoutHintsFor(
  deps: { db: Db; storage: Storage },
  userId: string,
  bill: { id: string; provider: string | null; accountNumber: string | null },
): Promise<LayoutHint[]> {
  if (!bill.provider) return [];
  const bills = await findCorrectedBillsOfAccount(deps.db, userId, bill.provider, bill.accountNumber, bill.id);
  const corrections = bills
    .flatMap((b) => Object.entries(correctionsOf(b.corrections)).map(([field, c]) => ({ filePath: b.filePath, field, correctedValue: c.value, at: c.at })))
    .sort((a, b) => b.at.localeCompare(a.at));
  const hints: LayoutHint[] = [];
  const texts = new Map<string, DocumentText | null>();
  for (const c of corrections) {
    if (!isHintField(c.field) || (typeof c.correctedValue !== 'string' && typeof c.correctedValue !== 'number') || hints.some((h) => h.field === c.field)) continue;
    if (!texts.has(c.filePath)) texts.set(c.filePath, await loadDocumentText(deps.storage, c.filePath));
    const doc = texts.get(c.filePath);
    if (!doc) continue;
    const value = c.field === 'totalAmount' || c.field === 'usageAmount' ? Number(c.correctedValue) : String(c.correctedValue);
    const hint = learnLayoutHint(doc, c.field, value);
    if (hint) hints.push(hint);
  }
  return hints;
}
