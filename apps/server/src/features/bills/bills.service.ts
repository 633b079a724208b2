import { fieldStatusesOf } from '@wattwise/shared/analysis/provenance';
import type { AnalysisBill } from '@wattwise/shared/analysis/types';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Queue } from '../../platform/queue.ts';
import type { Realtime } from '../../platform/realtime.ts';
import type { Notifier } from '../notifications/notifications.service.ts';
import { safeFileName, type Storage } from '../../platform/storage.ts';
import { matchOrCreateAccount, resolveUploadProperty, type PropertyType } from '../properties/properties.service.ts';
import { type BillFigures, type BillList, toBillType } from '@wattwise/shared/contract/bills';
import { z } from 'zod';
import { type BillSummary, chargeLinesOf, CORRECTABLE_FIELDS, type CorrectableField, effectiveValue, isFieldSure, toBillSummary } from './bill-dto.ts';
import { checkBillFile } from './bill-file.ts';
import { BILL_MESSAGES } from './bills.messages.ts';
import {
  type BillRow,
  type BillUpdate,
  claimAnalysis,
  countByAccount,
  countByProperty,
  countUnfinished,
  deleteBillRow,
  deleteBillUpload,
  insertBillUpload,
  findBill,
  findBillKinds,
  findReadBills,
  findAllReadBills,
  readAllBillsVersion,
  type BillFilter,
  findBillFigures,
  type BillListKey,
  findBillPage,
  findHistory,
  findSamePeriodBill,
  insertBill,
  moveBillsOfAccount,
  setBillColumns,
  setBillColumnsIfCorrections,
  updateBill,
  updateBillIfStatus, findBillsDueOn, findUsersWithBills } from './bills.queries.ts';
import { ANALYSE_BILL_JOB, BILL_TYPES, type BillType, billTopic, type BillEvent, PROCESS_BILL_JOB } from './bills.shared.ts';
import { documentTextKey } from './layout-hints.ts';
import { assertWithinPlan } from './plan-allowance.ts';
import { assertUploadAllowed, lockUserUploads, recordAcceptedUpload, recordDeletedUnread, type UploadLimits } from './upload-limits.ts';

export type { BillDetail, BillSummary, CorrectableField } from './bill-dto.ts';
export { toBillDetail } from './bill-dto.ts';
export type { BillRow } from './bills.queries.ts';
export { ANALYSE_BILL_JOB, BILL_TYPES, billTopic, type BillEvent, type BillType, type ProcessBillPayload } from './bills.shared.ts';
export { searchBillsOfUser, snippetHtml, type BillSearchRow } from './bill-search.queries.ts';
export { listMlBills, listProcessedSince, listUsageProfileBills, type MlBillRow } from './ml-inputs.ts';
export {
  type AcceptedCorrection,
  activeReaderModel,
  billFactsOf,
  countReadBills,
  evaluateHints,
  type HeldoutBill,
  learnProviderHints,
  listReaderModelVersions,
  loadHeldoutBills,
  type ProviderHints,
  type ReaderModelRow,
  saveReaderModelVersion,
} from './reader-model.ts';

export type BillsDeps = {
  db: Db;
  storage: Storage;
  realtime: Realtime;
  queue: Pick<Queue, 'send'>;
  logger: Logger;
  /** Tells the owner when a bill was read or could not be read (absent: no notifications). */
  notifier?: Notifier;
};

export type UploadInput = {
  bytes: Uint8Array;
  fileName: string;
  propertyType: PropertyType;
  /** True when the form sent a property type (not the default): it must agree with the property named. */
  propertyTypeChosen?: boolean;
  billType: BillType;
  propertyId?: string;
};

/**
 * Control characters (a NUL byte cannot even be stored in a text column) are dropped, and so are
 * the bidirectional controls (U+202A–U+202E, U+2066–U+2069, the marks U+200E, U+200F, U+061C):
 * a right-to-left override shows `bill_fdp.exe` as `bill_exe.pdf`.
 */
export function displayName(fileName: string): string {
  // eslint-disable-next-line no-control-regex
  const base = fileName.replace(/[\u0000-\u001f\u007f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').split(/[\\/]/).pop()?.trim() ?? '';
  return (base || 'bill').slice(0, 200);
}

/** The caller's bill, or 404 (another user's id answers as a missing one). `lock`: see findBill. */
export async function requireBill(db: Db, userId: string, id: string, options: { lock?: boolean } = {}): Promise<BillRow> {
  const row = await findBill(db, userId, id, options);
  if (!row) throw new AppError('NOT_FOUND', 404, BILL_MESSAGES.notFound);
  return row;
}

async function publish(deps: Pick<BillsDeps, 'realtime' | 'logger'>, billId: string, event: BillEvent) {
  await deps.realtime.publish(billTopic(billId), event).catch((error: unknown) => deps.logger.warn({ err: error, billId }, 'bill event not published'));
}

/**
 * Upload: checks the file, stores it under `{userId}/{timestamp}-{fileName}`, inserts the
 * `utility_bills` row (queued, progress 25) and queues `process-bill`. When a step fails the
 * earlier ones are undone: no orphan file, no half row.
 */
/**
 * Stores the file, adds the bill row and queues it for reading. With `limits` (HTTP uploads;
 * demo seeding has none) the row is only added while the user is within them, else 429.
 */
export async function uploadBill(deps: BillsDeps, userId: string, input: UploadInput, limits?: UploadLimits): Promise<BillSummary> {
  const checked = await checkBillFile(input.bytes);
  const property = await resolveUploadProperty(deps.db, userId, input.propertyId, input.propertyType);
  if (input.propertyId && input.propertyTypeChosen && property.propertyType !== input.propertyType) {
    // Storing it under the property's type would silently ignore the choice; saying so lets the user pick.
    throw new AppError('PROPERTY_TYPE_MISMATCH', 422, BILL_MESSAGES.propertyTypeMismatch(property.name, property.propertyType, input.propertyType));
  }
  const fileName = displayName(input.fileName);
  const key = `${userId}/${Date.now()}-${safeFileName(fileName)}`;
  await deps.storage.put(key, checked.bytes);
  let row: BillRow | undefined;
  try {
    const values = {
      userId,
      propertyId: property.id,
      fileName,
      filePath: key,
      mimeType: checked.mimeType,
      fileSize: checked.bytes.byteLength,
      propertyType: input.propertyId ? property.propertyType : input.propertyType,
      billType: input.billType,
      status: 'queued' as const,
      progress: 25,
    };
    // The bill and its slot in the month's allowance are written together (decision 063).
    const insertCounted = async (tx: Db) => {
      const inserted = await insertBill(tx, values);
      await insertBillUpload(tx, userId, inserted.id);
      return inserted;
    };
    row = limits
      ? await deps.db.transaction(async (tx) => {
          await lockUserUploads(tx, userId);
          await assertUploadAllowed(tx, userId, limits);
          if (limits.planLimits) await assertWithinPlan(tx, userId);
          const inserted = await insertCounted(tx);
          await recordAcceptedUpload(tx, userId, limits);
          return inserted;
        })
      : await deps.db.transaction(insertCounted);
    await deps.queue.send(PROCESS_BILL_JOB, { billId: row.id, userId });
    return toBillSummary(row);
  } catch (error) {
    // An upload undone takes its slot back: a failed upload does not use the month's allowance.
    if (row) await undoUpload(deps, userId, row.id).catch((e: unknown) => deps.logger.error({ err: e, billId: row?.id }, 'could not undo bill row'));
    await deps.storage.delete(key).catch((e: unknown) => deps.logger.error({ err: e, key }, 'could not undo stored file'));
    throw error;
  }
}

/** 400 for a cursor this server did not hand out (or one from a list order since changed). */
function invalidCursor(): AppError {
  return new AppError('INVALID_CURSOR', 400, BILL_MESSAGES.invalidCursor);
}

const cursorKey = z.tuple([
  z.union([z.literal(0), z.literal(1)]),
  z.iso.date(),
  z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
  z.uuid(),
]);

/** The opaque `nextCursor`: the list-order key of a page's last bill, as base64url JSON. */
export function encodeBillCursor(key: BillListKey): string {
  return Buffer.from(JSON.stringify([key.rank, key.date, key.createdAt, key.id])).toString('base64url');
}

export function decodeBillCursor(cursor: string): BillListKey {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const parsed = cursorKey.safeParse(raw);
  if (!parsed.success) throw invalidCursor();
  const [rank, date, createdAt, id] = parsed.data;
  return { rank, date, createdAt, id };
}

/** One page of the caller's bills, newest first (bills being read on top), with the total matching the filter. */
export async function listBillPage(db: Db, userId: string, query: BillFilter & { limit: number; cursor?: string }): Promise<BillList> {
  const after = query.cursor === undefined ? undefined : decodeBillCursor(query.cursor);
  const { rows, total } = await findBillPage(db, userId, query, query.limit, after);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => toBillSummary(r.bill)),
    total,
    nextCursor: rows.length > query.limit && last ? encodeBillCursor(last.key) : null,
  };
}

/** Every bill of the caller matching the filter, with only the figures the overview and charts use. */
export async function listBillFigures(db: Db, userId: string, filter: BillFilter): Promise<BillFigures[]> {
  const rows = await findBillFigures(db, userId, filter);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), billType: toBillType(row.billType) }));
}

/** Property type and bill type of each of the user's bills that pass the filter, by bill id. */
export async function billKindsById(db: Db, userId: string, filter: BillFilter) {
  return new Map((await findBillKinds(db, userId, filter)).map((b) => [b.id, { ...b, billType: toBillType(b.billType) }] as const));
}

export async function getBillSummary(db: Db, userId: string, id: string): Promise<BillSummary> {
  return toBillSummary(await requireBill(db, userId, id));
}

export async function getBillFile(deps: Pick<BillsDeps, 'db' | 'storage'>, userId: string, id: string) {
  const row = await requireBill(deps.db, userId, id);
  const bytes = await deps.storage.get(row.filePath);
  if (!bytes) throw new AppError('NOT_FOUND', 404, BILL_MESSAGES.fileMissing);
  return { bytes, mimeType: row.mimeType, fileName: row.fileName };
}

/**
 * Removes the bill with its file. Its analysis, recommendations and feedback go with the row
 * (their foreign keys cascade); processing runs keep their cost figures without the bill.
 */
async function undoUpload(deps: Pick<BillsDeps, 'db'>, userId: string, billId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await deleteBillRow(tx, userId, billId);
    await deleteBillUpload(tx, userId, billId);
  });
}

/**
 * Deletes a bill and its files. Its slot in the month's allowance stays used (decision 063), so
 * deleting and uploading again does not beat the plan's limit; a bill the reader failed on never
 * counted, and `freeSlot` (a duplicate replaced by its copy) gives the slot back.
 */
export async function deleteBill(deps: Pick<BillsDeps, 'db' | 'storage' | 'logger'>, userId: string, id: string, options: { freeSlot?: boolean } = {}): Promise<void> {
  const row = await requireBill(deps.db, userId, id);
  await deps.db.transaction(async (tx) => {
    await deleteBillRow(tx, userId, id);
    if (options.freeSlot || (row.status === 'failed' && row.failureReason !== BILL_MESSAGES.fileUnavailable)) await deleteBillUpload(tx, userId, id);
    // Deleting a bill before it is read does not free its place among the bills being read at once.
    if (row.status === 'queued' || row.status === 'processing') await recordDeletedUnread(tx, userId);
  });
  await deps.storage.delete(row.filePath).catch((error: unknown) => deps.logger.error({ err: error, key: row.filePath }, 'bill file not deleted'));
  await deps.storage.delete(documentTextKey(row.filePath)).catch((error: unknown) => deps.logger.error({ err: error, key: row.filePath }, 'bill text not deleted'));
}

/** Queues a failed bill again. */
export async function retryBill(deps: BillsDeps, userId: string, id: string): Promise<BillSummary> {
  await requireBill(deps.db, userId, id);
  const row = await updateBillIfStatus(deps.db, userId, id, ['failed'], { status: 'queued', progress: 25, failureReason: null, attempts: 0 });
  if (!row) throw new AppError('NOT_FAILED', 409, BILL_MESSAGES.notFailed);
  try {
    await deps.queue.send(PROCESS_BILL_JOB, { billId: id, userId });
  } catch (error) {
    await setBillColumns(deps.db, userId, id, { status: 'failed', progress: 0, failureReason: BILL_MESSAGES.processFailedFallback });
    throw error;
  }
  await publish(deps, id, { status: 'queued', progress: 25, step: 'waiting' });
  return toBillSummary(row);
}

/** The user's answer to 'this looks like a bill you already have': replace the earlier one, or keep both. */
export async function resolveDuplicate(deps: BillsDeps, userId: string, id: string, action: 'replace' | 'keep_both'): Promise<BillSummary> {
  const row = await requireBill(deps.db, userId, id);
  if (!row.duplicateOfId) throw new AppError('NOT_DUPLICATE', 409, BILL_MESSAGES.notDuplicate);
  if (action === 'replace') {
    const earlier = await findBill(deps.db, userId, row.duplicateOfId);
    // The same bill uploaded twice ends as one bill using one slot.
    if (earlier) await deleteBill(deps, userId, earlier.id, { freeSlot: true });
  }
  const updated = await updateBill(deps.db, userId, id, { duplicateOfId: null });
  if (!updated) throw new AppError('NOT_FOUND', 404, BILL_MESSAGES.notFound);
  return toBillSummary(updated);
}

export type Correction = { field: CorrectableField; value: string | number | null };

const CORRECTION_UNITS = ['kWh', 'therms', 'CCF', 'gallons', 'GB', 'm3'];

function invalid(message: string): AppError {
  return new AppError('VALIDATION_FAILED', 422, message);
}

/** Checks and normalises one corrected value (422 with a message the dialog can show). */
export function normaliseCorrection(field: CorrectableField, raw: string | number | null): string | number {
  const text = raw === null ? '' : String(raw).trim();
  if (text === '') throw invalid(BILL_MESSAGES.correctionRequired);
  switch (field) {
    case 'totalAmount':
    case 'previousBalance': {
      // A balance may be a credit: "-75.61" or "Credit 75.61" (nothing owed).
      const credit = typeof raw === 'string' && /^credit\b/i.test(text);
      const n = typeof raw === 'number' ? raw : Number(text.replace(/^credit\b/i, '').replace(/[$,\s]/g, ''));
      if (!Number.isFinite(n) || (credit && n < 0)) throw invalid('Please enter the amount as a number, e.g. 123.45 (a credit as -123.45)');
      return Math.round((credit ? -n : n) * 100) / 100;
    }
    case 'currentCharges':
    case 'paymentsReceived':
    case 'lateFees':
    case 'usageAmount': {
      const n = typeof raw === 'number' ? raw : Number(text.replace(/[$,\s]/g, '').replace(/^[−–]/, '-'));
      // A balance in credit and a payment (read as money taken off) are negative; an amount due, fee or usage is not.
      const signed = field === 'paymentsReceived';
      if (!Number.isFinite(n) || (n < 0 && !signed)) throw invalid('Please enter the amount as a number, e.g. 123.45');
      return Math.round(n * 100) / 100;
    }
    case 'dueDate':
    case 'servicePeriodStart':
    case 'servicePeriodEnd': {
      const date = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00Z`) : null;
      if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) throw invalid('Please enter the date as YYYY-MM-DD');
      return text;
    }
    case 'billType':
      if (!isBillType(text)) throw invalid(`Bill type must be one of ${BILL_TYPES.join(', ')}`);
      return text;
    case 'usageUnit':
      if (!CORRECTION_UNITS.includes(text)) throw invalid(`Unit must be one of ${CORRECTION_UNITS.join(', ')}`);
      return text;
    case 'utilityProvider':
    case 'accountNumber':
    case 'customerName':
    case 'serviceAddress':
      if (text.length > 200) throw invalid('Please keep the value under 200 characters');
      return text;
  }
}

/** Column updates for corrected values; customerName and serviceAddress live in the corrections JSON only. */
function correctionColumns(corrections: readonly Correction[]): BillUpdate {
  const out: BillUpdate = {};
  for (const { field, value } of corrections) {
    switch (field) {
      case 'billType':
        out.billType = String(value);
        break;
      case 'utilityProvider':
        out.utilityProvider = String(value);
        // The brand belonged to the name read; a corrected name has none we know.
        out.providerBrand = null;
        break;
      case 'accountNumber':
        out.accountNumber = String(value);
        break;
      case 'totalAmount':
        out.totalAmount = Number(value);
        break;
      case 'currentCharges':
        out.currentCharges = Number(value);
        break;
      case 'previousBalance':
        out.previousBalance = Number(value);
        break;
      case 'paymentsReceived':
        out.paymentsReceived = Number(value);
        break;
      case 'lateFees':
        out.lateFees = Number(value);
        break;
      case 'dueDate':
        out.dueDate = value === null ? null : String(value);
        break;
      case 'servicePeriodStart':
        out.servicePeriodStart = value === null ? null : String(value);
        break;
      case 'servicePeriodEnd':
        out.servicePeriodEnd = value === null ? null : String(value);
        break;
      case 'usageAmount':
        out.usageAmount = value === null ? null : Number(value);
        break;
      case 'usageUnit':
        out.usageUnit = value === null ? null : String(value);
        break;
      case 'customerName':
      case 'serviceAddress':
        break;
    }
  }
  return out;
}

/** One corrected field as the feedback feature records it: the value read and the value given. */
export type AppliedCorrection = { field: CorrectableField; originalValue: unknown; correctedValue: string | number };

/**
 * How long a bill's analysis counts as already on its way after it was marked 'queued': a job
 * sent then is still waiting or being retried (each failed attempt marks it 'queued' again). A
 * mark older than this is sent again (a process may have died between marking and sending).
 */
export const ANALYSIS_PENDING_MS = 60_000;

/**
 * Applies the user's corrections to a processed bill: the corrected value replaces the read one
 * for analysis (kept in `corrections` too), the utility account and the duplicate check follow a
 * changed identity, and the anomaly check is reset so the bill can be analysed again. Returns
 * what changed, for the caller to record as feedback (use-cases/correct-bill.ts runs both in one
 * transaction, with the old analysis dropped), and whether an analysis job was already waiting
 * for the bill (`analysisPending`: it will read the corrected values, so none is sent again).
 * The row is locked until the transaction ends, so two corrections at once do not lose one.
 */
export async function applyBillCorrections(
  db: Db,
  userId: string,
  id: string,
  corrections: readonly Correction[],
): Promise<{ applied: AppliedCorrection[]; row: BillRow; analysisPending: boolean }> {
  const row = await requireBill(db, userId, id, { lock: true });
  // A job waiting for the bill reads it when it starts, after this commits; one already running
  // finds the corrections changed when it saves and analyses again (use-cases/analyse-bill.ts).
  const analysisPending = row.analysisState === 'queued' && Date.now() - row.updatedAt.getTime() < ANALYSIS_PENDING_MS;
  if (row.status !== 'processed') throw new AppError('NOT_PROCESSED', 409, BILL_MESSAGES.notProcessed);
  const normalised = corrections.map((c) => ({ field: c.field, value: normaliseCorrection(c.field, c.value) }));
  const stored = { ...((row.corrections ?? {}) as Record<string, { value: unknown; at: string }>) };
  const now = new Date().toISOString();
  const applied = normalised.map((c) => ({ field: c.field, originalValue: effectiveValue(row, c.field), correctedValue: c.value }));
  for (const c of normalised) stored[c.field] = { value: c.value, at: now };
  const columns = correctionColumns(normalised);
  const identityChanged = normalised.some((c) => c.field === 'utilityProvider' || c.field === 'accountNumber' || c.field === 'billType');
  const next = { ...row, ...columns };
  let accountId = row.accountId;
  if (identityChanged && row.propertyId) {
    accountId = next.accountNumber !== 'Unknown' && next.utilityProvider !== 'Unknown'
      ? (await matchOrCreateAccount(db, userId, { propertyId: row.propertyId, provider: next.utilityProvider, accountNumber: next.accountNumber, billType: next.billType })).id
      : null;
  }
  // Whether another bill is of the same account and period changes only with those: other corrections keep the answer.
  const samePeriodInputsChanged = accountId !== row.accountId || next.servicePeriodStart !== row.servicePeriodStart || next.servicePeriodEnd !== row.servicePeriodEnd;
  const duplicateOfId = samePeriodInputsChanged ? ((await findSamePeriodBill(db, userId, { ...next, accountId }))?.id ?? null) : row.duplicateOfId;
  const changes = {
    ...columns,
    accountId,
    duplicateOfId,
    corrections: stored,
    analyzed: false,
    anomalyCheckedAt: null,
    hasAnomalies: false,
    anomalies: null,
    // The caller queues the analysis once the correction is committed (sendBillAnalysis).
    analysisState: 'queued',
  } satisfies BillUpdate;
  const updated = await setBillColumns(db, userId, id, changes);
  if (!updated) throw new AppError('NOT_FOUND', 404, BILL_MESSAGES.notFound);
  // The row as the update left it: the one read, with exactly the columns just written.
  return { applied, row: { ...row, ...changes, updatedAt: updated.updatedAt }, analysisPending };
}

// ---- used by other features (analysis, properties, processing job, demo) ----

/**
 * Queues the bill's automatic analysis (after reading, after a correction): the bill shows
 * 'queued' until the job takes it. A queue that refuses marks it failed, so the page offers
 * the Analyze button instead of waiting for ever; the bill itself is fine.
 */
export async function queueBillAnalysis(deps: Pick<BillsDeps, 'db' | 'queue' | 'logger'>, userId: string, billId: string): Promise<void> {
  await setBillColumns(deps.db, userId, billId, { analysisState: 'queued' });
  await sendBillAnalysis(deps, userId, billId);
}

/** Sends the analysis job of a bill already marked 'queued'; false (and the bill marked failed) when the queue refused. */
export async function sendBillAnalysis(deps: Pick<BillsDeps, 'db' | 'queue' | 'logger'>, userId: string, billId: string): Promise<boolean> {
  try {
    await deps.queue.send(ANALYSE_BILL_JOB, { billId, userId }, { singletonKey: billId });
    return true;
  } catch (error) {
    deps.logger.warn({ err: error, billId }, 'bill analysis not queued');
    await setBillColumns(deps.db, userId, billId, { analysisState: 'failed' });
    return false;
  }
}

/** The automatic analysis' state on the bill (running, failed, or null when none is pending). */
export async function setBillAnalysisState(db: Db, userId: string, billId: string, state: BillRow['analysisState']): Promise<void> {
  await setBillColumns(db, userId, billId, { analysisState: state });
}

/** The newest correction's time (ISO), or null: an analysis older than it used values since changed. */
export function latestCorrectionAt(row: Pick<BillRow, 'corrections'>): string | null {
  const stamps = Object.values((row.corrections ?? {}) as Record<string, { at?: unknown }>)
    .map((c) => (typeof c?.at === 'string' ? c.at : null))
    .filter((at): at is string => at !== null)
    .sort();
  return stamps[stamps.length - 1] ?? null;
}

/** Marks the bill not analysed (its stale analysis was dropped) so it can be analysed again. */
export async function releaseBillAnalysis(db: Db, userId: string, billId: string): Promise<void> {
  await setBillColumns(db, userId, billId, { analyzed: false });
}

export async function billHistory(db: Db, userId: string, bill: BillRow): Promise<BillRow[]> {
  return findHistory(db, userId, bill);
}

/**
 * Sets `analyzed` (with `also`, more columns in the same write), only while the bill's
 * corrections are still `corrections` when given (those the analysis used); false when the bill
 * already was analysed or was corrected meanwhile (the caller answers 'already analyzed').
 */
export function claimBillAnalysis(db: Db, userId: string, id: string, also?: BillUpdate, corrections?: BillRow['corrections']): Promise<boolean> {
  return claimAnalysis(db, userId, id, also, corrections);
}

/**
 * Ends the automatic analysis (state back to none) if the bill's corrections are still
 * `corrections`, those it was analysed with; false when a correction landed meanwhile.
 */
export async function finishBillAnalysis(db: Db, userId: string, id: string, corrections: BillRow['corrections']): Promise<boolean> {
  return (await setBillColumnsIfCorrections(db, userId, id, corrections, { analysisState: null })) !== null;
}

function recordOf(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

const ANALYSIS_UNITS = ['kWh', 'therms', 'CCF', 'gallons', 'GB', 'm3'] as const;

/**
 * Which utility account a bill belongs to, for the analysis: its account (provider + account
 * number); without an account number, its provider and service address; null when neither is
 * known (such a bill is compared with no other).
 */
export function accountKeyOf(row: BillRow): string | null {
  if (row.accountId) return `account:${row.accountId}`;
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  const address = effectiveValue(row, 'serviceAddress');
  if (row.utilityProvider === 'Unknown' || typeof address !== 'string' || norm(address) === '') return null;
  return `site:${norm(row.utilityProvider)}|${norm(address)}`;
}

/** The bill as the analysis engine sees it: the read values with the user's corrections applied. */
export function toAnalysisInput(row: BillRow): AnalysisBill {
  const fields = recordOf(recordOf(row.extracted)?.fields);
  const meterReadings = Array.isArray(fields?.meterReadings) ? (fields.meterReadings as { previous?: number; current?: number; estimated?: boolean }[]) : [];
  const address = effectiveValue(row, 'serviceAddress');
  const state = typeof address === 'string' ? /\b([A-Z]{2})\s+\d{5}(?:-\d{4})?\b/.exec(address)?.[1] : undefined;
  const unit = ANALYSIS_UNITS.find((u) => u === row.usageUnit) ?? null;
  // A corrected total wins over a printed breakdown it may contradict, unless the parts were corrected too.
  const corrected = (row.corrections ?? {}) as Record<string, unknown>;
  const part = (field: 'currentCharges' | 'previousBalance' | 'paymentsReceived' | 'lateFees', value: number | null) =>
    'totalAmount' in corrected && !(field in corrected) ? null : value;
  const values = {
    totalAmount: row.totalAmount,
    currentCharges: part('currentCharges', row.currentCharges),
    previousBalance: part('previousBalance', row.previousBalance),
    paymentsReceived: part('paymentsReceived', row.paymentsReceived),
    lateFees: part('lateFees', row.lateFees),
    usageAmount: row.usageAmount !== null && row.usageAmount >= 0 ? row.usageAmount : null,
    usageUnit: row.usageAmount === null ? null : unit,
    servicePeriodStart: row.servicePeriodStart,
    servicePeriodEnd: row.servicePeriodEnd,
    dueDate: row.dueDate,
    rate: row.rate,
  };
  return {
    id: row.id,
    billType: isBillType(row.billType) ? row.billType : 'other',
    propertyType: row.propertyType,
    totalAmount: values.totalAmount,
    currentCharges: values.currentCharges,
    previousBalance: values.previousBalance,
    payments: values.paymentsReceived,
    lateFees: values.lateFees,
    usageAmount: values.usageAmount,
    usageUnit: values.usageUnit,
    servicePeriodStart: values.servicePeriodStart,
    servicePeriodEnd: values.servicePeriodEnd,
    dueDate: values.dueDate,
    charges: chargeLinesOf(row.charges),
    meterReadings,
    rate: values.rate,
    stateCode: state ?? null,
    accountKey: accountKeyOf(row),
    fieldStatus: fieldStatusesOf({ values, extracted: row.extracted, corrections: row.corrections }),
  };
}

export async function saveAnomalyCheck(db: Db, userId: string, id: string, anomalies: unknown[]): Promise<void> {
  await setBillColumns(db, userId, id, anomalyCheckColumns(anomalies));
}

/** The bill's columns that store an anomaly check done now. */
export function anomalyCheckColumns(anomalies: unknown[]) {
  return { anomalyCheckedAt: new Date(), hasAnomalies: anomalies.length > 0, anomalies } satisfies BillUpdate;
}

/**
 * The user's read bills for the rebate estimate (newest first): the analysis view of each,
 * with its provider and service address as corrected.
 */
export async function listReadBills(
  db: Db,
  userId: string,
): Promise<(AnalysisBill & { utilityProvider: string; providerBrand: string | null; serviceAddress: string | null; propertyId: string | null; amountSure: boolean; usageSure: boolean })[]> {
  const rows = await findReadBills(db, userId);
  return rows.map((row) => {
    const address = effectiveValue(row, 'serviceAddress');
    return {
      ...toAnalysisInput(row),
      utilityProvider: row.utilityProvider,
      providerBrand: row.providerBrand,
      serviceAddress: typeof address === 'string' ? address : null,
      propertyId: row.propertyId,
      // Read with confidence or confirmed: what money figures may be built from.
      amountSure: isFieldSure(row, 'totalAmount'),
      usageSure: isFieldSure(row, 'usageAmount'),
    };
  });
}

export function countBillsOfProperty(db: Db, userId: string, propertyId: string) {
  return countByProperty(db, userId, propertyId);
}

export function countBillsByAccount(db: Db, userId: string) {
  return countByAccount(db, userId);
}

export function moveAccountBills(db: Db, userId: string, accountId: string, propertyId: string, propertyType: PropertyType) {
  return moveBillsOfAccount(db, userId, accountId, propertyId, propertyType);
}

export function countUnfinishedBills(db: Db, userId: string) {
  return countUnfinished(db, userId);
}

export function isBillType(value: string): value is BillType {
  return (BILL_TYPES as readonly string[]).includes(value);
}

export { CORRECTABLE_FIELDS };

/**
 * Anonymised inputs of the regional figures (unscoped handle): per read bill its owner, kind,
 * amount and state (from the service address, else the utility's EIA state). Callers publish
 * only aggregates.
 */
export async function listBillsForRegionalAggregates(db: Db, stateOfProvider: (provider: string) => string | null) {
  const rows = await findAllReadBills(db);
  return rows.map((row) => {
    const bill = toAnalysisInput(row);
    const amount = bill.currentCharges ?? bill.totalAmount;
    return { userId: row.userId, createdAt: row.createdAt, billType: bill.billType, amount, state: bill.stateCode ?? (row.utilityProvider === 'Unknown' ? null : stateOfProvider(row.utilityProvider)) };
  });
}

/** A value that changes whenever any user's bills change (unscoped; for caching aggregates over all bills). */
export function allBillsVersion(db: Db): Promise<string> {
  return readAllBillsVersion(db);
}

/** Bills of every user due on a day (jobs only: runs on the owner connection across users). */
export async function listBillsDueOn(db: Db, day: string) {
  return findBillsDueOn(db, day);
}

/** Ids of users who have read bills (jobs only). */
export async function listUsersWithBills(db: Db): Promise<string[]> {
  return (await findUsersWithBills(db)).map((r) => r.userId);
}
