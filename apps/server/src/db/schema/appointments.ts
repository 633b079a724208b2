import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, owner } from './columns.ts';

// Consultation appointments (02-tools §3 appointments). A slot (date, time in the business's time
// zone) is booked once: the unique index decides a race, not a read before the write.
export const appointment = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    date: date('date', { mode: 'string' }).notNull(),
    time: text('time').notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    createdAt: createdAt(),
    /** Cancelled bookings stay for staff (the Appointments tab); the slot is free again. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('appointments_slot_idx').on(t.date, t.time).where(sql`${t.cancelledAt} is null`), index('appointments_user_date_idx').on(t.userId, t.date, t.time)],
);
