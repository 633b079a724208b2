import { and, asc, count, desc, eq, gte, min } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatMessage } from '../../db/schema/assistant.ts';

export type ChatMessageRow = typeof chatMessage.$inferSelect;
export type NewChatMessage = Omit<typeof chatMessage.$inferInsert, 'id' | 'createdAt'>;

export async function insertChatMessages(db: Db, rows: NewChatMessage[]): Promise<ChatMessageRow[]> {
  return db.insert(chatMessage).values(rows).returning();
}

/** The user's conversation, oldest first, the newest `limit` messages. */
export async function findConversation(db: Db, userId: string, limit: number): Promise<ChatMessageRow[]> {
  const rows = await db.select().from(chatMessage).where(eq(chatMessage.userId, userId)).orderBy(desc(chatMessage.createdAt), asc(chatMessage.role)).limit(limit);
  return rows.reverse();
}

/** How many questions the user asked since `since`, and when the oldest of them was asked. */
export async function countQuestionsSince(db: Db, userId: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ count: count(), oldest: min(chatMessage.createdAt) })
    .from(chatMessage)
    .where(and(eq(chatMessage.userId, userId), eq(chatMessage.role, 'user'), gte(chatMessage.createdAt, since)));
  return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

export async function deleteConversation(db: Db, userId: string): Promise<void> {
  await db.delete(chatMessage).where(eq(chatMessage.userId, userId));
}
