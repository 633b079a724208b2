import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { energyReading, iotStream } from '../../db/schema/iot.ts';

// Every user query takes the owner's id; the streaming job reads all streams with the owner connection.

export type StreamRow = typeof iotStream.$inferSelect;
export type ReadingRow = typeof energyReading.$inferSelect;

export async function upsertStream(db: Db, userId: string, values: { deviceId: string; deviceType: string; name: string; location: string; startedAt: Date }): Promise<StreamRow> {
  const [row] = await db
    .insert(iotStream)
    .values({ ...values, userId })
    .onConflictDoUpdate({ target: [iotStream.userId, iotStream.deviceId], set: { deviceType: values.deviceType, name: values.name, location: values.location, startedAt: values.startedAt } })
    .returning();
  if (!row) throw new Error('stream not stored');
  return row;
}

export async function deleteStream(db: Db, userId: string, deviceId: string): Promise<boolean> {
  const rows = await db.delete(iotStream).where(and(eq(iotStream.userId, userId), eq(iotStream.deviceId, deviceId))).returning({ id: iotStream.deviceId });
  return rows.length > 0;
}

export function listStreams(db: Db, userId: string): Promise<StreamRow[]> {
  return db.select().from(iotStream).where(eq(iotStream.userId, userId)).orderBy(iotStream.startedAt);
}

export function listAllStreams(db: Db): Promise<StreamRow[]> {
  return db.select().from(iotStream);
}

export async function insertReading(db: Db, values: typeof energyReading.$inferInsert): Promise<ReadingRow> {
  const [row] = await db.insert(energyReading).values(values).returning();
  if (!row) throw new Error('reading not stored');
  return row;
}

/** 02-tools §7: readings newest first with a limit (the page uses 50). */
export function latestReadings(db: Db, userId: string, limit: number): Promise<ReadingRow[]> {
  return db.select().from(energyReading).where(eq(energyReading.userId, userId)).orderBy(desc(energyReading.timestamp)).limit(limit);
}

/** The newest reading of each of the user's devices (the Connected Devices grid). */
export function latestPerDevice(db: Db, userId: string): Promise<ReadingRow[]> {
  return db
    .selectDistinctOn([energyReading.deviceId])
    .from(energyReading)
    .where(eq(energyReading.userId, userId))
    .orderBy(energyReading.deviceId, desc(energyReading.timestamp), sql`${energyReading.id}`);
}
