import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { requireAnalysisEntity, requireRecommendation } from '../analysis/analysis.service.ts';
import { requireBill } from '../bills/bills.service.ts';
import { findFeedbackOfEntity, type FeedbackRow, insertFeedback } from './feedback.queries.ts';

/** Feedback dialogs' wording (01-core §5). */
export const FEEDBACK_MESSAGES = {
  correctionRequired: 'Please provide a correction',
  correctionOrExplanation: 'Please provide either a correction or explanation',
  notFound: 'The item you are giving feedback on was not found',
} as const;

/** The model the feedback is about (spec: model_version default current). */
export const MODEL_VERSION = 'current';

export type FeedbackType = FeedbackRow['feedbackType'];
export type FeedbackEntityType = FeedbackRow['entityType'];

export type FeedbackInput = {
  feedbackType: FeedbackType;
  entityType: FeedbackEntityType;
  entityId: string;
  originalValue?: string | null;
  correctedValue?: string | null;
  userNotes?: string | null;
};

export type FeedbackDto = {
  id: string;
  feedbackType: FeedbackType;
  entityType: FeedbackEntityType;
  entityId: string;
  field: string | null;
  originalValue: string | null;
  correctedValue: string | null;
  userNotes: string | null;
  modelVersion: string;
  createdAt: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toDto(row: FeedbackRow): FeedbackDto {
  return {
    id: row.id,
    feedbackType: row.feedbackType,
    entityType: row.entityType,
    entityId: row.entityId,
    field: row.field,
    originalValue: row.originalValue,
    correctedValue: row.correctedValue,
    userNotes: row.userNotes,
    modelVersion: row.modelVersion,
    createdAt: row.createdAt.toISOString(),
  };
}

const blank = (v: string | null | undefined) => v === undefined || v === null || v.trim() === '';

/** The dialogs' rules: a correction needs the corrected value; other feedback a correction or an explanation. */
export function checkFeedback(input: Pick<FeedbackInput, 'feedbackType' | 'correctedValue' | 'userNotes'>): void {
  if (input.feedbackType === 'correction') {
    if (blank(input.correctedValue)) throw new AppError('VALIDATION_FAILED', 422, FEEDBACK_MESSAGES.correctionRequired);
    return;
  }
  if (blank(input.correctedValue) && blank(input.userNotes)) {
    throw new AppError('VALIDATION_FAILED', 422, FEEDBACK_MESSAGES.correctionOrExplanation);
  }
}

/** The entity's stored id (an analysis may be named by its bill) and its bill; 404 when it is not the caller's. */
async function resolveEntity(db: Db, userId: string, type: FeedbackEntityType, id: string): Promise<{ entityId: string; billId: string }> {
  switch (type) {
    case 'bill':
      return { entityId: (await requireBill(db, userId, id)).id, billId: id };
    case 'bill_analysis': {
      const analysis = await requireAnalysisEntity(db, userId, id);
      return { entityId: analysis.id, billId: analysis.billId };
    }
    case 'recommendation':
      return { entityId: id, billId: (await requireRecommendation(db, userId, id)).billId };
  }
}

/** Saves feedback on one of the caller's bills, analyses or recommendations (404 for anything else). */
export async function submitFeedback(db: Db, userId: string, input: FeedbackInput): Promise<FeedbackDto> {
  checkFeedback(input);
  if (!UUID.test(input.entityId)) throw new AppError('NOT_FOUND', 404, FEEDBACK_MESSAGES.notFound);
  const { entityId, billId } = await resolveEntity(db, userId, input.entityType, input.entityId);
  const trim = (v: string | null | undefined) => (blank(v) ? null : (v ?? '').trim());
  const [row] = await insertFeedback(db, [
    {
      userId,
      feedbackType: input.feedbackType,
      entityType: input.entityType,
      entityId,
      billId,
      originalValue: trim(input.originalValue),
      correctedValue: trim(input.correctedValue),
      userNotes: trim(input.userNotes),
      modelVersion: MODEL_VERSION,
    },
  ]);
  if (!row) throw new Error('feedback not saved');
  return toDto(row);
}

const asText = (v: unknown): string | null => (v === null || v === undefined ? null : typeof v === 'string' ? v : JSON.stringify(v));

/** One `ml_feedback` correction row per corrected bill field (deleted with the bill). */
export async function recordBillCorrections(
  db: Db,
  userId: string,
  billId: string,
  corrections: { field: string; originalValue: unknown; correctedValue: unknown }[],
  notes: string | undefined,
): Promise<void> {
  await insertFeedback(
    db,
    corrections.map((c) => ({
      userId,
      feedbackType: 'correction' as const,
      entityType: 'bill' as const,
      entityId: billId,
      billId,
      field: c.field,
      originalValue: asText(c.originalValue),
      correctedValue: asText(c.correctedValue),
      userNotes: notes?.trim() || null,
      modelVersion: MODEL_VERSION,
    })),
  );
}

export async function listFeedbackOf(db: Db, userId: string, entityType: FeedbackEntityType, entityId: string): Promise<FeedbackDto[]> {
  return (await findFeedbackOfEntity(db, userId, entityType, entityId)).map(toDto);
}
