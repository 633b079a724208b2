import { and, asc, desc, eq, gte, isNotNull, isNull, lt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appointment } from '../../db/schema/appointments.ts';

export type AppointmentRow = typeof appointment.$inferSelect;

const stands = isNull(appointment.cancelledAt);

/** Booked slots between two days: date and time only, nobody's details (any user may see a slot is taken). */
export function findTakenSlots(db: Db, from: string, to: string) {
  return db.select({ date: appointment.date, time: appointment.time }).from(appointment).where(and(stands, gte(appointment.date, from), lte(appointment.date, to)));
}

/** Inserts the booking; the slot's unique index (of bookings that stand) refuses a second one. */
export async function insertAppointment(db: Db, values: typeof appointment.$inferInsert): Promise<AppointmentRow> {
  const [row] = await db.insert(appointment).values(values).returning();
  if (!row) throw new Error('appointment not inserted');
  return row;
}

export function findUpcoming(db: Db, userId: string, fromDay: string, limit: number) {
  return db
    .select()
    .from(appointment)
    .where(and(eq(appointment.userId, userId), stands, gte(appointment.date, fromDay)))
    .orderBy(asc(appointment.date), asc(appointment.time))
    .limit(limit);
}

/** Cancels one of the user's bookings that stands; undefined when there is none. */
export async function markCancelled(db: Db, userId: string, id: string): Promise<AppointmentRow | undefined> {
  const [row] = await db
    .update(appointment)
    .set({ cancelledAt: new Date() })
    .where(and(eq(appointment.userId, userId), eq(appointment.id, id), stands))
    .returning();
  return row;
}

/** Staff's view across users (shared connection, behind the admin check). */
export function findForStaff(db: Db, tab: 'upcoming' | 'past' | 'cancelled', today: string, limit: number) {
  const where =
    tab === 'cancelled' ? isNotNull(appointment.cancelledAt) : tab === 'upcoming' ? and(stands, gte(appointment.date, today)) : and(stands, lt(appointment.date, today));
  const order = tab === 'upcoming' ? [asc(appointment.date), asc(appointment.time)] : tab === 'past' ? [desc(appointment.date), desc(appointment.time)] : [desc(appointment.cancelledAt)];
  return db
    .select()
    .from(appointment)
    .where(where)
    .orderBy(...order)
    .limit(limit);
}
