import { z } from 'zod';

/** The appointments contract (02-tools §2.12, §3, §4, §5, §8, §9). */

/** 02-tools §9: the next 30 days from tomorrow; slots every 30 minutes from 09:00 to 16:30. */
export const BOOKING_DAYS = 30;
export const SLOT_MINUTES = 30;

/**
 * The consultation calendar the operator configures: working weekdays (0 = Sunday), opening
 * hours in `timeZone` (HH:MM, a slot starts every 30 minutes and ends by `close`) and holidays.
 */
export type BusinessCalendar = { timeZone: string; days: number[]; open: string; close: string; holidays: string[] };

const toMinutes = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};
const toHhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The slot start times of a day, e.g. 09:00 … 16:30 for 09:00-17:00. */
export function slotTimes(open: string, close: string): string[] {
  const times: string[] = [];
  for (let m = toMinutes(open); m + SLOT_MINUTES <= toMinutes(close); m += SLOT_MINUTES) times.push(toHhmm(m));
  return times;
}
/** The spec's default day (09:00-17:00): 16 slots from 09:00 to 16:30. */
export const APPOINTMENT_TIMES = slotTimes('09:00', '17:00');

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** 'Monday to Friday, 09:00–17:00 (America/New_York)': the opening hours as pages show them. */
export function describeBusinessHours(cal: Pick<BusinessCalendar, 'days' | 'open' | 'close' | 'timeZone'>): string {
  const days = [...cal.days].sort((a, b) => a - b);
  const consecutive = days.every((d, i) => i === 0 || d === (days[i - 1] ?? -2) + 1);
  const first = days[0];
  const last = days[days.length - 1];
  const dayText =
    first === undefined || last === undefined
      ? 'No working days'
      : days.length === 1
        ? WEEKDAYS[first]
        : consecutive
          ? `${WEEKDAYS[first]} to ${WEEKDAYS[last]}`
          : days.map((d) => WEEKDAYS[d]).join(', ');
  return `${dayText}, ${cal.open}–${cal.close} (${cal.timeZone})`;
}
/** 'Your Appointments' lists the next 5. */
export const UPCOMING_LIMIT = 5;

export const APPOINTMENT_MESSAGES = {
  loadFailed: 'Failed to load appointments. Please try again.',
  scheduleFailed: 'Failed to schedule appointment. Please try again.',
  successTitle: 'Success!',
  scheduled: 'Your appointment has been scheduled successfully.',
  slotTakenTitle: 'Time Slot Unavailable',
  slotTaken: 'This time slot was just booked by someone else. Please choose another time.',
  outsideWindow: 'Please choose a date and time from the available slots.',
  nameRequired: 'Name is required',
  emailInvalid: 'Please enter a valid email address',
  dateRequired: 'Please select a date',
  timeRequired: 'Please select a time',
  signInRequired: 'Please sign in to schedule a consultation.',
  cancelled: 'Appointment cancelled',
  closedDay: 'We are closed that day. Please choose another date.',
  notFound: 'Appointment not found',
} as const;

export const bookAppointmentSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, APPOINTMENT_MESSAGES.dateRequired),
  // Which times are open is the server's calendar's call (BUSINESS_HOURS); the form offers those.
  time: z.string().regex(/^([01]\d|2[0-3]):[03]0$/, APPOINTMENT_MESSAGES.timeRequired),
  customer_name: z.string().trim().min(1, APPOINTMENT_MESSAGES.nameRequired).max(200),
  customer_email: z.string().trim().email(APPOINTMENT_MESSAGES.emailInvalid).max(320),
});
export type BookAppointmentInput = z.infer<typeof bookAppointmentSchema>;

export const appointmentSchema = z.object({
  id: z.uuid(),
  date: z.string(),
  time: z.string(),
  customer_name: z.string(),
  customer_email: z.string(),
  user_id: z.string(),
  /** When the customer cancelled; null while it stands. */
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const availabilitySchema = z.object({
  timeZone: z.string(),
  dates: z.array(z.string()),
  times: z.array(z.string()),
  /** Slots already booked, as 'YYYY-MM-DD HH:MM'. */
  taken: z.array(z.string()),
});
export type Availability = z.infer<typeof availabilitySchema>;
export const appointmentListSchema = z.object({ appointments: z.array(appointmentSchema) });

/** The admin Appointments tab: upcoming (from today), past, and cancelled bookings with the customer's contact. */
export const ADMIN_APPOINTMENT_TABS = ['upcoming', 'past', 'cancelled'] as const;
export const adminAppointmentQuerySchema = z.object({ tab: z.enum(ADMIN_APPOINTMENT_TABS).default('upcoming') });
export type AdminAppointmentTab = (typeof ADMIN_APPOINTMENT_TABS)[number];
export const adminAppointmentListSchema = z.object({
  timeZone: z.string(),
  appointments: z.array(appointmentSchema.extend({ account_email: z.string().nullable(), account_name: z.string().nullable() })),
});
export type AdminAppointmentList = z.infer<typeof adminAppointmentListSchema>;
