import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appointment } from '../../db/schema/appointments.ts';

export type AppointmentRow = typeof appointment.$inferSelect;

/** Booked slots between two days: date and time only, nobody's details (any user may see a slot is taken). */
export function findTakenSlots(db: Db, from: string, to: string) {
  return db.select({ date: appointment.date, time: appointment.time }).from(appointment).where(and(gte(appointment.date, from), lte(appointment.date, to)));
}

/** Inserts the booking; the slot's unique index refuses a second one. */
export async function insertAppointment(db: Db, values: typeof appointment.$inferInsert): Promise<AppointmentRow> {
  const [row] = await db.insert(appointment).values(values).returning();
  if (!row) throw new Error('appointment not inserted');
  return row;
}

export function findUpcoming(db: Db, userId: string, fromDay: string, limit: number) {
  return db
    .select()
    .from(appointment)
    .where(and(eq(appointment.userId, userId), gte(appointment.date, fromDay)))
    .orderBy(asc(appointment.date), asc(appointment.time))
    .limit(limit);
}

export async function deleteAppointment(db: Db, userId: string, id: string): Promise<AppointmentRow | undefined> {
  const [row] = await db.delete(appointment).where(and(eq(appointment.userId, userId), eq(appointment.id, id))).returning();
  return row;
}
