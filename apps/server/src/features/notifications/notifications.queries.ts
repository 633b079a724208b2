import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userNotification, userPreferences } from '../../db/schema/notifications.ts';

// Every query is scoped by its owner; the service decides who the owner is.

export type NotificationRow = typeof userNotification.$inferSelect;
export type NewNotification = typeof userNotification.$inferInsert;

/** Inserts a notification; undefined when one with the same dedupe key already exists. */
export async function insertNotification(db: Db, values: NewNotification): Promise<NotificationRow | undefined> {
  const [row] = await db.insert(userNotification).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findNotifications(db: Db, userId: string, options: { unreadOnly: boolean; limit: number }): Promise<NotificationRow[]> {
  const where = options.unreadOnly ? and(eq(userNotification.userId, userId), eq(userNotification.read, false)) : eq(userNotification.userId, userId);
  return db.select().from(userNotification).where(where).orderBy(desc(userNotification.createdAt), desc(userNotification.id)).limit(options.limit);
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userNotification).where(and(eq(userNotification.userId, userId), eq(userNotification.read, false)));
  return row?.n ?? 0;
}

/** Read never goes back to unread (02-tools §4); reading twice keeps the first read time. */
export async function markRead(db: Db, userId: string, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(userNotification)
    .set({ read: true, readAt: sql`coalesce(${userNotification.readAt}, now())` })
    .where(and(eq(userNotification.userId, userId), eq(userNotification.id, id)))
    .returning();
  return row;
}

export async function markAllRead(db: Db, userId: string): Promise<number> {
  const rows = await db
    .update(userNotification)
    .set({ read: true, readAt: sql`now()` })
    .where(and(eq(userNotification.userId, userId), eq(userNotification.read, false)))
    .returning({ id: userNotification.id });
  return rows.length;
}

export async function findPreferences(db: Db, userId: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await db.select({ prefs: userPreferences.notificationPreferences }).from(userPreferences).where(eq(userPreferences.userId, userId));
  return row ? (row.prefs as Record<string, unknown>) : undefined;
}

/** Upserts the toggles, merged over what is stored so keys of other features (aiMemory) stay. */
export async function upsertPreferences(db: Db, userId: string, prefs: Record<string, unknown>): Promise<void> {
  const json = JSON.stringify(prefs);
  await db
    .insert(userPreferences)
    .values({ userId, notificationPreferences: prefs })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: { notificationPreferences: sql`${userPreferences.notificationPreferences} || ${json}::jsonb`, updatedAt: sql`now()` },
    });
}

// Keys of other features in the same preferences (the assistant's `aiMemory`), each replaced whole.

/** A key's stored value as it is (any shape); with `lock`, the row is created if need be and held until the transaction ends. */
export async function findPreferenceKey(db: Db, userId: string, key: string, options: { lock?: boolean } = {}): Promise<unknown> {
  if (options.lock) await db.insert(userPreferences).values({ userId, notificationPreferences: {} }).onConflictDoNothing();
  const query = db
    .select({ value: sql<unknown>`${userPreferences.notificationPreferences} -> ${key}::text` })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row?.value ?? null;
}

/** Replaces one key; the toggles and other keys stay as they are. */
export async function upsertPreferenceKey(db: Db, userId: string, key: string, value: unknown): Promise<void> {
  await upsertPreferences(db, userId, { [key]: value });
}
