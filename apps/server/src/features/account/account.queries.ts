import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditEvent, dataExport } from '../../db/schema/account.ts';
import { deleteOutboxMessagesTo } from '../../platform/mail.ts';
import { deleteUserRow, getUserContact } from '../auth/auth.service.ts';
import { RETAINED_ANONYMISED, userOwnedTables, userOwnedTablesChildFirst } from '../../db/user-data.ts';

export type AuditEventRow = typeof auditEvent.$inferSelect;
export type DataExportRow = typeof dataExport.$inferSelect;

// ---- audit log ----

export async function insertAuditEvent(db: Db, row: typeof auditEvent.$inferInsert): Promise<void> {
  await db.insert(auditEvent).values(row);
}

export function findAuditEvents(db: Db, filter: { userId?: string; limit: number }) {
  return db
    .select()
    .from(auditEvent)
    .where(filter.userId === undefined ? undefined : eq(auditEvent.userId, filter.userId))
    .orderBy(desc(auditEvent.createdAt))
    .limit(filter.limit);
}

// ---- data exports ----

export async function insertDataExport(db: Db, userId: string): Promise<DataExportRow> {
  const [row] = await db.insert(dataExport).values({ userId }).returning();
  if (!row) throw new Error('data export not inserted');
  return row;
}

export function findDataExports(db: Db, userId: string) {
  return db.select().from(dataExport).where(eq(dataExport.userId, userId)).orderBy(desc(dataExport.createdAt)).limit(10);
}

export async function findDataExport(db: Db, userId: string, id: string): Promise<DataExportRow | null> {
  const [row] = await db.select().from(dataExport).where(and(eq(dataExport.id, id), eq(dataExport.userId, userId)));
  return row ?? null;
}

export async function updateDataExport(db: Db, id: string, values: Partial<typeof dataExport.$inferInsert>): Promise<void> {
  await db.update(dataExport).set(values).where(eq(dataExport.id, id));
}

export async function deleteDataExports(db: Db, userId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(dataExport).where(and(eq(dataExport.userId, userId), inArray(dataExport.id, ids)));
}

// ---- every row of a user ----

/** Every row the user owns, by table name (owner connection: jobs only). */
export async function findAllUserRows(db: Db, userId: string): Promise<Map<string, Record<string, unknown>[]>> {
  const out = new Map<string, Record<string, unknown>[]>();
  for (const { name, table, owner } of userOwnedTables()) {
    out.set(name, await db.select().from(table).where(eq(owner, userId)));
  }
  return out;
}

/**
 * Deletes the account and every row it owns in one transaction; payment records stay with the
 * owner set to null. Tables without a foreign key to users (counters a trigger keeps) are cleared
 * after the user row, so a trigger fired by the cascade leaves nothing behind.
 */
export async function deleteUserEverywhere(db: Db, userId: string): Promise<Record<string, number>> {
  return db.transaction(async (tx) => {
    const counts: Record<string, number> = {};
    const clear = async () => {
      for (const { name, table, owner } of userOwnedTablesChildFirst()) {
        const rows = RETAINED_ANONYMISED.has(name)
          ? await tx.update(table).set({ [ownerProperty(table, owner)]: null }).where(eq(owner, userId)).returning({ one: sql`1` })
          : await tx.delete(table).where(eq(owner, userId)).returning({ one: sql`1` });
        counts[name] = (counts[name] ?? 0) + rows.length;
      }
    };
    await clear();
    // Mail kept in the outbox (no SMTP) is addressed, not owned: the messages to the user's
    // address (verification and reset links included) go with the account.
    const owner = await getUserContact(tx, userId);
    if (owner) counts.outbox_messages = await deleteOutboxMessagesTo(tx, owner.email);
    await deleteUserRow(tx, userId);
    await clear();
    return counts;
  });
}

function ownerProperty(table: object, owner: unknown): string {
  const entry = Object.entries(table).find(([, column]) => column === owner);
  if (!entry) throw new Error('owner column not found');
  return entry[0];
}
