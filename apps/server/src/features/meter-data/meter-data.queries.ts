import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { meter, meterFile, meterHour, meterReading } from '../../db/schema/meter-data.ts';

// Every query takes the owner's id and filters on it.

export type MeterRow = typeof meter.$inferSelect;
export type MeterReadingInsert = typeof meterReading.$inferInsert;

/** Rows per insert statement: 8 parameters a row stays under PostgreSQL's 65,535. */
const BATCH = 4000;

export async function upsertMeter(db: Db, values: typeof meter.$inferInsert): Promise<MeterRow> {
  const [row] = await db
    .insert(meter)
    .values(values)
    .onConflictDoUpdate({
      target: [meter.propertyId, meter.sourceId, meter.commodity],
      set: { intervalSeconds: values.intervalSeconds, ...(values.accountNumber ? { accountNumber: values.accountNumber } : {}), ...(values.title ? { title: values.title } : {}) },
      setWhere: eq(meter.userId, values.userId),
    })
    .returning();
  if (!row) throw new Error('meter neither inserted nor updated');
  return row;
}

/** Inserts readings, skipping those already stored (same meter, start and direction); returns how many were new. */
export async function insertReadings(db: Db, rows: MeterReadingInsert[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < rows.length; i += BATCH) {
    const inserted = await db
      .insert(meterReading)
      .values(rows.slice(i, i + BATCH))
      .onConflictDoNothing()
      .returning({ flow: meterReading.flow });
    added += inserted.length;
  }
  return added;
}

/** Rewrites the hourly sums of a meter over [from, to) from its readings (after an import added some there). */
export async function refreshHours(db: Db, userId: string, meterId: string, from: Date, to: Date): Promise<void> {
  const hour = sql`date_trunc('hour', ${meterReading.start} at time zone 'UTC') at time zone 'UTC'`;
  await db.execute(sql`
    insert into ${meterHour} (user_id, meter_id, hour, delivered, received, readings)
    select ${meterReading.userId}, ${meterReading.meterId}, ${hour},
      coalesce(sum(${meterReading.value}) filter (where ${meterReading.flow} = 1), 0),
      coalesce(sum(${meterReading.value}) filter (where ${meterReading.flow} = 19), 0),
      count(*)
    from ${meterReading}
    where ${meterReading.userId} = ${userId} and ${meterReading.meterId} = ${meterId}
      and ${meterReading.start} >= ${from.toISOString()} and ${meterReading.start} < ${to.toISOString()}
    group by 1, 2, 3
    on conflict (meter_id, hour) do update set delivered = excluded.delivered, received = excluded.received, readings = excluded.readings`);
}

export async function insertMeterFile(db: Db, values: typeof meterFile.$inferInsert) {
  const [row] = await db.insert(meterFile).values(values).returning();
  if (!row) throw new Error('meter file not inserted');
  return row;
}

export async function findMeters(db: Db, userId: string, propertyId?: string) {
  const where = propertyId ? and(eq(meter.userId, userId), eq(meter.propertyId, propertyId)) : eq(meter.userId, userId);
  return db
    .select({
      meter,
      readings: sql<number>`(select count(*)::int from ${meterReading} r where r.meter_id = ${meter.id})`,
      first: sql<string | null>`(select r.start from ${meterReading} r where r.meter_id = ${meter.id} order by r.start asc limit 1)`,
      last: sql<string | null>`(select r.start + make_interval(secs => r.duration_seconds) from ${meterReading} r where r.meter_id = ${meter.id} order by r.start desc limit 1)`,
    })
    .from(meter)
    .where(where)
    .orderBy(asc(meter.createdAt), asc(meter.id));
}

/** The meters of one property, without their reading counts (the bill check's light read). */
export function findPropertyMeters(db: Db, userId: string, propertyId: string): Promise<MeterRow[]> {
  return db
    .select()
    .from(meter)
    .where(and(eq(meter.userId, userId), eq(meter.propertyId, propertyId)))
    .orderBy(asc(meter.createdAt), asc(meter.id));
}

export async function findMeter(db: Db, userId: string, id: string): Promise<MeterRow | undefined> {
  const [row] = await db.select().from(meter).where(and(eq(meter.userId, userId), eq(meter.id, id)));
  return row;
}

export async function countReadings(db: Db, userId: string, meterId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(meterReading).where(and(eq(meterReading.userId, userId), eq(meterReading.meterId, meterId)));
  return row?.n ?? 0;
}

export interface Bucket {
  start: Date;
  label: string;
  delivered: number;
  received: number;
  readings: number;
}

/**
 * Readings summed by UTC hour (labelled in the zone) or by local day, over the hours starting in
 * [from, to), from the hourly sums kept at import (`meter_hours`). A reading counts in the hour
 * where it starts; days are made from the hours, so the zone conversion runs once per hour.
 */
export async function sumReadings(db: Db, userId: string, meterId: string, zone: string, resolution: 'hour' | 'day', from: Date, to: Date): Promise<Bucket[]> {
  const hours = sql`
    select ${meterHour.hour} as hour, ${meterHour.delivered} as delivered, ${meterHour.received} as received, ${meterHour.readings} as readings
    from ${meterHour}
    where ${meterHour.userId} = ${userId} and ${meterHour.meterId} = ${meterId}
      and ${meterHour.hour} >= ${from.toISOString()} and ${meterHour.hour} < ${to.toISOString()}`;
  const query =
    resolution === 'hour'
      ? sql`select h.hour as start, to_char(h.hour at time zone ${zone}, 'YYYY-MM-DD HH24:MI') as label, h.delivered::float8 as delivered, h.received::float8 as received, h.readings::int as readings
          from (${hours}) h order by h.hour`
      : sql`select min(d.day) at time zone ${zone} as start, to_char(d.day, 'YYYY-MM-DD') as label, sum(d.delivered)::float8 as delivered, sum(d.received)::float8 as received, sum(d.readings)::int as readings
          from (select date_trunc('day', h.hour at time zone ${zone}) as day, h.* from (${hours}) h) d group by d.day order by d.day`;
  const rows = await rowsOf<{ start: string | Date; label: string; delivered: number; received: number; readings: number }>(db, query);
  return rows.map((row) => ({ ...row, start: new Date(row.start) }));
}

/** Rows of a raw statement (the same shape from PGlite and node-postgres). */
async function rowsOf<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = await db.execute<Record<string, unknown>>(statement);
  return (result as { rows: T[] }).rows;
}

/** First start and last end of a meter's readings, off the (meter, start) key. */
export async function meterSpan(db: Db, userId: string, meterId: string): Promise<{ first: Date; last: Date } | null> {
  const [row] = await rowsOf<{ first: string | Date | null; last: string | Date | null }>(db, sql`
    select (select ${meterReading.start} from ${meterReading} where ${meterReading.meterId} = ${meterId} and ${meterReading.userId} = ${userId} order by ${meterReading.start} asc limit 1) as first,
      (select ${meterReading.start} + make_interval(secs => ${meterReading.durationSeconds}) from ${meterReading} where ${meterReading.meterId} = ${meterId} and ${meterReading.userId} = ${userId} order by ${meterReading.start} desc limit 1) as last`);
  return row?.first && row.last ? { first: new Date(row.first), last: new Date(row.last) } : null;
}

/** The readings wholly inside [from, to), for the bill check: sums per direction, count, covered seconds and the finest decimal step. */
export async function readingsWithin(db: Db, userId: string, meterId: string, from: Date, to: Date) {
  const [row] = await db
    .select({
      delivered: sql<number>`coalesce(sum(${meterReading.value}) filter (where ${meterReading.flow} = 1), 0)::float8`,
      received: sql<number>`coalesce(sum(${meterReading.value}) filter (where ${meterReading.flow} = 19), 0)::float8`,
      deliveredReadings: sql<number>`(count(*) filter (where ${meterReading.flow} = 1))::int`,
      coveredSeconds: sql<number>`coalesce(sum(${meterReading.durationSeconds}) filter (where ${meterReading.flow} = 1), 0)::float8`,
      values: sql<string>`coalesce(string_agg(distinct ${meterReading.value}::text, ' '), '')`,
    })
    .from(meterReading)
    .where(
      and(
        eq(meterReading.userId, userId),
        eq(meterReading.meterId, meterId),
        sql`${meterReading.start} >= ${from.toISOString()}`,
        sql`${meterReading.start} + make_interval(secs => ${meterReading.durationSeconds}) <= ${to.toISOString()}`,
      ),
    );
  return row!;
}
