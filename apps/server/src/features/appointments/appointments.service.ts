import {
  APPOINTMENT_MESSAGES,
  APPOINTMENT_TIMES,
  type Appointment,
  type Availability,
  type BookAppointmentInput,
  bookAppointmentSchema,
  BOOKING_DAYS,
  UPCOMING_LIMIT,
} from '@wattwise/shared/contract/appointments';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/errors.ts';
import { type MailMessage, SEND_EMAIL_JOB } from '../../platform/mail.ts';
import type { Queue } from '../../platform/queue.ts';
import * as q from './appointments.queries.ts';
import { appointmentIcs, zonedTimeToUtc } from './ics.ts';

const SLOT_MINUTES = 30;

/** Today's date in the business's time zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 02-tools §9: the next 30 days starting tomorrow. */
export function bookableDates(timeZone: string, now = new Date()): string[] {
  const today = todayIn(timeZone, now);
  return Array.from({ length: BOOKING_DAYS }, (_, i) => addDays(today, i + 1));
}

function toDto(row: q.AppointmentRow): Appointment {
  return { id: row.id, date: row.date, time: row.time, customer_name: row.customerName, customer_email: row.customerEmail, user_id: row.userId };
}

/** The bookable days and times and which slots are taken. `db` is the shared connection (slots of every user, without their details). */
export async function getAvailability(db: Db, timeZone: string, now = new Date()): Promise<Availability> {
  const dates = bookableDates(timeZone, now);
  const taken = await q.findTakenSlots(db, dates[0] ?? '', dates[dates.length - 1] ?? '');
  return { timeZone, dates, times: APPOINTMENT_TIMES, taken: taken.map((s) => `${s.date} ${s.time}`) };
}

/**
 * Books a slot for the user (in the user's scope). A slot outside the window is refused; a slot
 * someone else holds, or wins in a race, answers 409 'Time Slot Unavailable': the unique index
 * on (date, time) decides, so two bookings can never both succeed.
 */
export async function bookAppointment(db: Db, userId: string, input: BookAppointmentInput, timeZone: string, now = new Date()): Promise<Appointment> {
  const data = bookAppointmentSchema.parse(input);
  if (!bookableDates(timeZone, now).includes(data.date)) throw new AppError('OUTSIDE_WINDOW', 422, APPOINTMENT_MESSAGES.outsideWindow);
  try {
    // A savepoint: the failed insert must not poison the caller's transaction.
    return toDto(await db.transaction((tx) => q.insertAppointment(tx, { userId, date: data.date, time: data.time, customerName: data.customer_name, customerEmail: data.customer_email })));
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('SLOT_TAKEN', 409, APPOINTMENT_MESSAGES.slotTakenTitle, { message: APPOINTMENT_MESSAGES.slotTaken });
    throw error;
  }
}

/** The user's next 5 appointments. */
export async function listUpcomingAppointments(db: Db, userId: string, timeZone: string, now = new Date()): Promise<Appointment[]> {
  return (await q.findUpcoming(db, userId, todayIn(timeZone, now), UPCOMING_LIMIT)).map(toDto);
}

/** Cancels one of the user's appointments (the slot is free again); 404 for anyone else's. */
export async function cancelAppointment(db: Db, userId: string, id: string): Promise<void> {
  if (!(await q.deleteAppointment(db, userId, id))) throw new AppError('NOT_FOUND', 404, APPOINTMENT_MESSAGES.notFound);
}

/** The confirmation email with the appointment as an .ics calendar attachment. */
export function confirmationEmail(appt: Appointment, timeZone: string, organizerEmail: string, now = new Date()): MailMessage {
  const start = zonedTimeToUtc(appt.date, appt.time, timeZone);
  const when = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(start);
  const summary = 'Wattwise energy consultation';
  const text = `Hi ${appt.customer_name},\n\nYour ${summary.toLowerCase()} is booked for ${when} (${SLOT_MINUTES} minutes).\nThe attached calendar file adds it to your calendar.\n\nNeed another time? Cancel it under Your Appointments and book again.\n`;
  const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return {
    to: appt.customer_email,
    subject: 'Your Wattwise consultation is confirmed',
    text,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px;color:#047857">Wattwise</h1><h2 style="font-size:18px">Your consultation is confirmed</h2><p>Hi ${escapeHtml(appt.customer_name)},</p><p>Your ${summary.toLowerCase()} is booked for <strong>${escapeHtml(when)}</strong> (${SLOT_MINUTES} minutes). The attached calendar file adds it to your calendar.</p></body></html>`,
    attachments: [
      {
        filename: 'wattwise-consultation.ics',
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: appointmentIcs({ id: appt.id, day: appt.date, time: appt.time, timeZone, minutes: SLOT_MINUTES, summary, description: `Booked by ${appt.customer_name}`, organizerEmail, now }),
      },
    ],
  };
}

/** Sends the confirmation (after the booking is committed). */
export async function sendConfirmation(queue: Pick<Queue, 'send'>, appt: Appointment, timeZone: string, organizerEmail: string): Promise<void> {
  await queue.send(SEND_EMAIL_JOB, confirmationEmail(appt, timeZone, organizerEmail));
}
