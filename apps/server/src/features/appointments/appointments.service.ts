import {
  type AdminAppointmentList,
  type AdminAppointmentTab,
  APPOINTMENT_MESSAGES,
  type Appointment,
  type Availability,
  type BookAppointmentInput,
  bookAppointmentSchema,
  BOOKING_DAYS,
  type BusinessCalendar,
  slotTimes,
  UPCOMING_LIMIT,
} from '@wattwise/shared/contract/appointments';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/errors.ts';
import { getUserContacts } from '../auth/auth.service.ts';
import { type MailMessage, SEND_EMAIL_JOB } from '../../platform/mail.ts';
import type { Queue } from '../../platform/queue.ts';
import type { StaffAlerts } from '../notifications/notifications.service.ts';
import * as q from './appointments.queries.ts';
import { zonedTimeToUtc } from './ics.ts';
import { type Organizer, bookingStaffEmail, cancellationEmail, confirmationEmail, formatWhen } from './appointments.emails.ts';

export { cancellationEmail, confirmationEmail } from './appointments.emails.ts';

/** Today's date in the business's time zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whether consultations are held on this day: a working weekday that is not a listed holiday. */
export function isOpenDay(calendar: Pick<BusinessCalendar, 'days' | 'holidays'>, day: string): boolean {
  return calendar.days.includes(new Date(`${day}T12:00:00Z`).getUTCDay()) && !calendar.holidays.includes(day);
}

/** 02-tools §9: the open days of the next 30 starting tomorrow (weekends and holidays as the calendar says). */
export function bookableDates(calendar: BusinessCalendar, now = new Date()): string[] {
  const today = todayIn(calendar.timeZone, now);
  return Array.from({ length: BOOKING_DAYS }, (_, i) => addDays(today, i + 1)).filter((d) => isOpenDay(calendar, d));
}

function toDto(row: q.AppointmentRow): Appointment {
  return {
    id: row.id,
    date: row.date,
    time: row.time,
    customer_name: row.customerName,
    customer_email: row.customerEmail,
    user_id: row.userId,
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The bookable days and times and which slots are taken. `db` is the shared connection (slots of every user, without their details). */
export async function getAvailability(db: Db, calendar: BusinessCalendar, now = new Date()): Promise<Availability> {
  const dates = bookableDates(calendar, now);
  const taken = dates.length > 0 ? await q.findTakenSlots(db, dates[0] ?? '', dates[dates.length - 1] ?? '') : [];
  return { timeZone: calendar.timeZone, dates, times: slotTimes(calendar.open, calendar.close), taken: taken.map((s) => `${s.date} ${s.time}`) };
}

/**
 * Books a slot for the user (in the user's scope). A closed day, a time outside the opening
 * hours or a day outside the window is refused; a slot someone else holds, or wins in a race,
 * answers 409 'Time Slot Unavailable': the partial unique index on (date, time) of the bookings
 * that stand decides, so two bookings can never both succeed.
 */
export async function bookAppointment(db: Db, userId: string, input: BookAppointmentInput, calendar: BusinessCalendar, now = new Date()): Promise<Appointment> {
  const data = bookAppointmentSchema.parse(input);
  const today = todayIn(calendar.timeZone, now);
  if (data.date <= today || data.date > addDays(today, BOOKING_DAYS)) throw new AppError('OUTSIDE_WINDOW', 422, APPOINTMENT_MESSAGES.outsideWindow);
  if (!isOpenDay(calendar, data.date)) throw new AppError('CLOSED_DAY', 422, APPOINTMENT_MESSAGES.closedDay);
  if (!slotTimes(calendar.open, calendar.close).includes(data.time)) throw new AppError('OUTSIDE_WINDOW', 422, APPOINTMENT_MESSAGES.outsideWindow);
  try {
    // A savepoint: the failed insert must not poison the caller's transaction.
    return toDto(await db.transaction((tx) => q.insertAppointment(tx, { userId, date: data.date, time: data.time, customerName: data.customer_name, customerEmail: data.customer_email })));
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('SLOT_TAKEN', 409, APPOINTMENT_MESSAGES.slotTakenTitle, { message: APPOINTMENT_MESSAGES.slotTaken });
    throw error;
  }
}

/** The user's next 5 appointments that stand. */
export async function listUpcomingAppointments(db: Db, userId: string, timeZone: string, now = new Date()): Promise<Appointment[]> {
  return (await q.findUpcoming(db, userId, todayIn(timeZone, now), UPCOMING_LIMIT)).map(toDto);
}

/** Cancels one of the user's appointments (kept for staff as cancelled; the slot is free again); 404 for anyone else's. */
export async function cancelAppointment(db: Db, userId: string, id: string): Promise<Appointment> {
  const row = await q.markCancelled(db, userId, id);
  if (!row) throw new AppError('NOT_FOUND', 404, APPOINTMENT_MESSAGES.notFound);
  return toDto(row);
}

/** Staff's Appointments tab: upcoming or past bookings that stand, or the cancelled ones, with the account behind each. */
export async function listAppointmentsForStaff(db: Db, tab: AdminAppointmentTab, timeZone: string, now = new Date()): Promise<AdminAppointmentList> {
  const rows = await q.findForStaff(db, tab, todayIn(timeZone, now), 200);
  const accounts = await getUserContacts(db, rows.map((r) => r.userId));
  return { timeZone, appointments: rows.map((r) => ({ ...toDto(r), account_email: accounts.get(r.userId)?.email ?? null, account_name: accounts.get(r.userId)?.name ?? null })) };
}

export type AppointmentMailDeps = { queue: Pick<Queue, 'send'>; staff: StaffAlerts; calendar: BusinessCalendar; organizer: Organizer };

async function sendMail(queue: Pick<Queue, 'send'>, message: MailMessage) {
  await queue.send(SEND_EMAIL_JOB, message);
}

/** After a booking is committed: the customer's invitation, and staff told by mail (with the invitation) and in the app. */
export async function announceBooking(deps: AppointmentMailDeps, appt: Appointment): Promise<void> {
  await sendMail(deps.queue, confirmationEmail(appt, deps.calendar.timeZone, deps.organizer));
  const when = formatWhen(zonedTimeToUtc(appt.date, appt.time, deps.calendar.timeZone), deps.calendar.timeZone);
  await deps.staff.alert({
    title: 'New consultation booked',
    message: `${appt.customer_name} <${appt.customer_email}> booked ${when}.`,
    actionUrl: '/admin?tab=appointments',
    dedupeKey: `appointment-booked:${appt.id}`,
    mail: bookingStaffEmail(appt, deps.calendar.timeZone, deps.organizer, 'booked'),
  });
}

/** After a cancellation: the customer's and staff's calendars get METHOD:CANCEL for the same event. */
export async function announceCancellation(deps: AppointmentMailDeps, appt: Appointment): Promise<void> {
  await sendMail(deps.queue, cancellationEmail(appt, deps.calendar.timeZone, deps.organizer));
  const when = formatWhen(zonedTimeToUtc(appt.date, appt.time, deps.calendar.timeZone), deps.calendar.timeZone);
  await deps.staff.alert({
    title: 'Consultation cancelled',
    message: `${appt.customer_name} <${appt.customer_email}> cancelled ${when}.`,
    actionUrl: '/admin?tab=appointments',
    dedupeKey: `appointment-cancelled:${appt.id}`,
    mail: bookingStaffEmail(appt, deps.calendar.timeZone, deps.organizer, 'cancelled'),
  });
}
