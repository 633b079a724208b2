import { and, eq } from 'drizzle-orm';
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
