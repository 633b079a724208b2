import { z } from 'zod';

/** The appointments contract (02-tools §2.12, §3, §4, §5, §8, §9). */

/** 02-tools §9: the next 30 days from tomorrow; slots every 30 minutes from 09:00 to 16:30. */
export const BOOKING_DAYS = 30;
export const APPOINTMENT_TIMES = Array.from({ length: 16 }, (_, i) => {
  const minutes = 9 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});
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
  notFound: 'Appointment not found',
} as const;

export const bookAppointmentSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, APPOINTMENT_MESSAGES.dateRequired),
  time: z.enum(APPOINTMENT_TIMES as [string, ...string[]], { message: APPOINTMENT_MESSAGES.timeRequired }),
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
