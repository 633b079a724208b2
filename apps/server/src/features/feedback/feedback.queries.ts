import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mlFeedback } from '../../db/schema/feedback.ts';

export type FeedbackRow = typeof mlFeedback.$inferSelect;
export type NewFeedbackRow = typeof mlFeedback.$inferInsert;

export async function insertFeedback(db: Db, rows: NewFeedbackRow[]): Promise<FeedbackRow[]> {
  if (rows.length === 0) return [];
  return db.insert(mlFeedback).values(rows).returning();
}

export function findFeedbackOfEntity(db: Db, userId: string, entityType: FeedbackRow['entityType'], entityId: string) {
  return db
    .select()
    .from(mlFeedback)
    .where(and(eq(mlFeedback.userId, userId), eq(mlFeedback.entityType, entityType), eq(mlFeedback.entityId, entityId)));
}

// Admin reads (feedback analytics): every user's feedback, outside any user scope.

export function findAllFeedback(db: Db): Promise<FeedbackRow[]> {
  return db.select().from(mlFeedback).orderBy(desc(mlFeedback.createdAt));
}

export async function findFeedbackById(db: Db, id: string): Promise<FeedbackRow | undefined> {
  const [row] = await db.select().from(mlFeedback).where(eq(mlFeedback.id, id));
  return row;
}

/** Marks a pending item processed with the admin's decision; undefined when it was not pending. */
export async function reviewFeedback(db: Db, id: string, review: 'accepted' | 'rejected', adminId: string): Promise<FeedbackRow | undefined> {
  const [row] = await db
    .update(mlFeedback)
    .set({ status: 'processed', review, reviewedAt: new Date(), reviewedBy: adminId })
    .where(and(eq(mlFeedback.id, id), eq(mlFeedback.status, 'pending')))
    .returning();
  return row;
}

export function findAcceptedCorrections(db: Db) {
  return db
    .select({ billId: mlFeedback.billId, field: mlFeedback.field, correctedValue: mlFeedback.correctedValue, reviewedAt: mlFeedback.reviewedAt, createdAt: mlFeedback.createdAt })
    .from(mlFeedback)
    .where(and(eq(mlFeedback.feedbackType, 'correction'), eq(mlFeedback.review, 'accepted')));
}
