import { BILL_FIELDS } from '@wattwise/shared/contract/bills';
import { FEEDBACK_ANALYSIS_MESSAGES, type FeedbackAnalysis, type FeedbackItem, type ModelVersion, type TrainingResult } from '@wattwise/shared/contract/feedback-analysis';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import {
  activeReaderModel,
  billFactsOf,
  countReadBills,
  evaluateHints,
  learnProviderHints,
  listReaderModelVersions,
  loadHeldoutBills,
  type ProviderHints,
  type ReaderModelRow,
  saveReaderModelVersion,
} from '../bills/bills.service.ts';
import { findAcceptedCorrections, findAllFeedback, findFeedbackById, type FeedbackRow, reviewFeedback } from './feedback.queries.ts';

// Admin ML feedback analytics (02-tools §2.17, issue 17): the spec's sample figures computed
// from ml_feedback, the bills and the reader model versions.

const RECENT = 20;
const MONTHS = 12;

const monthOf = (d: Date) => d.toISOString().slice(0, 7);
const pct = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);

/** A correction of a bill field counts as a miss of the reader until an admin rejects it. */
function isMiss(row: FeedbackRow): boolean {
  return row.feedbackType === 'correction' && row.entityType === 'bill' && row.field !== null && row.billId !== null && row.review !== 'rejected';
}

function describe(row: FeedbackRow): string {
  if (row.feedbackType === 'correction' && row.field) return `${row.field}: ${row.originalValue ?? '—'} → ${row.correctedValue ?? '—'}`;
  return row.userNotes?.trim() || `${row.feedbackType} on ${row.entityType.replace('_', ' ')}`;
}

function toVersion(row: ReaderModelRow, active: ReaderModelRow | null): ModelVersion {
  return {
    version: row.version,
    accuracy: row.accuracy,
    baselineAccuracy: row.baselineAccuracy,
    promoted: row.promoted,
    active: active?.id === row.id,
    heldoutBills: row.heldoutBills,
    fieldsChecked: row.fieldsChecked,
    correctionsUsed: row.correctionsUsed,
    trainedAt: row.trainedAt.toISOString(),
  };
}

function accuracyRows<K extends string>(keys: Iterable<K>, fields: Map<K, number>, misses: Map<K, number>) {
  return [...keys].map((key) => {
    const f = fields.get(key) ?? 0;
    const m = Math.min(misses.get(key) ?? 0, f);
    return { key, fields: f, misses: m, accuracy: f === 0 ? null : Math.round((1 - m / f) * 1000) / 10 };
  });
}

/** Everything the /feedback-analysis page shows, for admins. */
export async function getFeedbackAnalysis(db: Db, now = new Date()): Promise<FeedbackAnalysis> {
  const [rows, counts, versions, active] = await Promise.all([findAllFeedback(db), countReadBills(db), listReaderModelVersions(db), activeReaderModel(db)]);
  const facts = await billFactsOf(db, rows.flatMap((r) => (r.billId ? [r.billId] : [])));

  const thisMonth = monthOf(now);
  const lastMonth = monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
  const inMonth = (m: string) => rows.filter((r) => monthOf(r.createdAt) === m).length;

  const perBill = BILL_FIELDS.length;
  const fieldsByMonth = new Map<string, number>();
  const fieldsByProvider = new Map<string, number>();
  for (const c of counts) {
    fieldsByMonth.set(c.month, (fieldsByMonth.get(c.month) ?? 0) + c.bills * perBill);
    fieldsByProvider.set(c.provider, (fieldsByProvider.get(c.provider) ?? 0) + c.bills * perBill);
  }
  const missesByMonth = new Map<string, number>();
  const missesByProvider = new Map<string, number>();
  const seen = new Set<string>();
  for (const r of rows) {
    if (!isMiss(r) || !r.billId) continue;
    const key = `${r.billId}:${r.field}`;
    const fact = facts.get(r.billId);
    if (seen.has(key) || !fact) continue;
    seen.add(key);
    missesByMonth.set(fact.month, (missesByMonth.get(fact.month) ?? 0) + 1);
    missesByProvider.set(fact.provider, (missesByProvider.get(fact.provider) ?? 0) + 1);
  }
  const months = [...fieldsByMonth.keys()].sort().slice(-MONTHS);
  const providers = [...fieldsByProvider.keys()].filter((p) => p !== 'Unknown').sort((a, b) => (fieldsByProvider.get(b) ?? 0) - (fieldsByProvider.get(a) ?? 0));

  const tally = (keyOf: (r: FeedbackRow) => string) => {
    const map = new Map<string, number>();
    for (const r of rows) map.set(keyOf(r), (map.get(keyOf(r)) ?? 0) + 1);
    return [...map.entries()].sort((a, b) => b[1] - a[1]);
  };
  const processed = rows.filter((r) => r.status === 'processed');
  const accepted = processed.filter((r) => r.review === 'accepted' && r.feedbackType === 'correction');
  const trainedAt = active?.trainedAt.getTime() ?? Number.NEGATIVE_INFINITY;
  const first = versions.at(-1);

  const recent: FeedbackItem[] = rows.slice(0, RECENT).map((r) => ({
    id: r.id,
    description: describe(r),
    date: r.createdAt.toISOString(),
    type: r.feedbackType,
    category: r.field ?? r.entityType,
    status: r.status,
    review: r.review,
    provider: r.billId ? (facts.get(r.billId)?.provider ?? null) : null,
    field: r.field,
    originalValue: r.originalValue,
    correctedValue: r.correctedValue,
  }));

  return {
    totalFeedback: rows.length,
    thisMonth: inMonth(thisMonth),
    lastMonth: inMonth(lastMonth),
    changeFromLastMonth: inMonth(lastMonth) === 0 ? null : Math.round(((inMonth(thisMonth) - inMonth(lastMonth)) / inMonth(lastMonth)) * 100),
    processingRate: pct(processed.length, rows.length),
    accuracyImprovement: active && first ? Math.round((active.accuracy - first.baselineAccuracy) * 1000) / 10 : null,
    accuracyByMonth: accuracyRows(months, fieldsByMonth, missesByMonth).map(({ key, ...r }) => ({ month: key, ...r })),
    accuracyByProvider: accuracyRows(providers, fieldsByProvider, missesByProvider).map(({ key, ...r }) => ({ provider: key, ...r })),
    byType: tally((r) => r.feedbackType).map(([type, count]) => ({ type, count })),
    byCategory: tally((r) => r.field ?? r.entityType).map(([category, count]) => ({ category, count })),
    status: {
      pending: rows.length - processed.length,
      processed: processed.length,
      accepted: processed.filter((r) => r.review === 'accepted').length,
      rejected: processed.filter((r) => r.review === 'rejected').length,
      readyForTraining: accepted.filter((r) => (r.reviewedAt?.getTime() ?? 0) > trainedAt).length,
      incorporated: accepted.filter((r) => (r.reviewedAt?.getTime() ?? 0) <= trainedAt).length,
    },
    recent,
    versions: versions.map((v) => toVersion(v, active)),
  };
}

/** 'Process Now': an admin accepts or rejects a pending item; it becomes processed. */
export async function processFeedback(db: Db, adminId: string, id: string, decision: 'accept' | 'reject'): Promise<void> {
  const row = await reviewFeedback(db, id, decision === 'accept' ? 'accepted' : 'rejected', adminId);
  if (row) return;
  if (!(await findFeedbackById(db, id))) throw new AppError('NOT_FOUND', 404, FEEDBACK_ANALYSIS_MESSAGES.notFound);
  throw new AppError('CONFLICT', 409, FEEDBACK_ANALYSIS_MESSAGES.alreadyProcessed);
}

function csvCell(value: string | Date | null): string {
  const text = value === null ? '' : value instanceof Date ? value.toISOString() : value;
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** 'Export Data': every feedback row as CSV (no user emails; user ids only). */
export async function exportFeedbackCsv(db: Db): Promise<string> {
  const rows = await findAllFeedback(db);
  const header = ['id', 'created_at', 'user_id', 'feedback_type', 'entity_type', 'entity_id', 'bill_id', 'field', 'original_value', 'corrected_value', 'user_notes', 'status', 'review', 'reviewed_at'];
  const lines = rows.map((r) =>
    [r.id, r.createdAt, r.userId, r.feedbackType, r.entityType, r.entityId, r.billId, r.field, r.originalValue, r.correctedValue, r.userNotes, r.status, r.review, r.reviewedAt].map(csvCell).join(','),
  );
  return `${[header.join(','), ...lines].join('\n')}\n`;
}

/**
 * 'Train Model': rebuilds the hints from every accepted correction, measures the rules with the
 * active version's hints and with the new ones on the held-out bills, and records the new
 * version, promoted only when it is not worse (decision 101).
 */
export async function trainReaderModel(deps: { db: Db; storage: Storage; heldoutDir: string }, adminId: string): Promise<TrainingResult> {
  const accepted = await findAcceptedCorrections(deps.db);
  const corrections = accepted.flatMap((c) => (c.billId && c.field ? [{ billId: c.billId, field: c.field, correctedValue: c.correctedValue, at: c.reviewedAt ?? c.createdAt }] : []));
  const { hints, used } = await learnProviderHints(deps, corrections);
  const heldout = await loadHeldoutBills(deps.heldoutDir);
  const active = await activeReaderModel(deps.db);
  const baseline = evaluateHints(heldout, (active?.hints ?? {}) as ProviderHints);
  const candidate = evaluateHints(heldout, hints);
  const row = await saveReaderModelVersion(deps.db, {
    hints,
    accuracy: candidate.accuracy,
    baselineAccuracy: baseline.accuracy,
    heldoutBills: candidate.bills,
    fieldsChecked: candidate.fields,
    correctionsUsed: used,
    trainedBy: adminId,
  });
  const nowActive = row.promoted ? row : active;
  return { version: toVersion(row, nowActive), baselineAccuracy: baseline.accuracy, accuracy: candidate.accuracy, promoted: row.promoted, correctionsUsed: used };
}
