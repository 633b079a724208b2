import { and, desc, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { processingRun } from '../../db/schema/processing.ts';

export type ProcessingRunRow = typeof processingRun.$inferSelect;
export type NewProcessingRun = Omit<typeof processingRun.$inferInsert, 'id' | 'createdAt' | 'totalCost'>;

export async function insertProcessingRun(db: Db, values: NewProcessingRun) {
  const extraction = values.extractionCost ?? 0;
  const ai = values.aiCost ?? 0;
  await db.insert(processingRun).values({ ...values, totalCost: extraction + ai });
}

/** The user's runs since `since`, newest first, at most `limit`. */
export function findRecentRuns(db: Db, userId: string, since: Date, limit: number) {
  return db
    .select()
    .from(processingRun)
    .where(and(eq(processingRun.userId, userId), gte(processingRun.createdAt, since)))
    .orderBy(desc(processingRun.createdAt))
    .limit(limit);
}
