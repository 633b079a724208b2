import { type Appointment, SLOT_MINUTES } from '@wattwise/shared/contract/appointments';
import type { MailMessage } from '../../platform/mail.ts';
import { appointmentIcs, zonedTimeToUtc } from './ics.ts';

/** Who sends the invitations: the operator, with the support address as organiser. */
export type Organizer = { name: string; email: string };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function formatWhen(start: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(start);
}

const page = (organizer: Organizer, heading: string, paragraphs: string[]) =>
  `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px;color:#047857">${escapeHtml(organizer.name)}</h1><h2 style="font-size:18px">${escapeHtml(heading)}</h2>${paragraphs.map((p) => `<p>${p}</p>`).join('')}</body></html>`;

function invitation(appt: Appointment, timeZone: string, organizer: Organizer, method: 'REQUEST' | 'CANCEL', now: Date) {
  return {
    filename: method === 'CANCEL' ? 'consultation-cancelled.ics' : 'consultation.ics',
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: appointmentIcs({
      id: appt.id,
      day: appt.date,
      time: appt.time,
      timeZone,
      minutes: SLOT_MINUTES,
      summary: `${organizer.name} energy consultation`,
      description: `Booked by ${appt.customer_name} <${appt.customer_email}>`,
      organizer,
      attendee: { name: appt.customer_name, email: appt.customer_email },
      method,
      now,
    }),
  };
}

/** The confirmation email with the appointment as an .ics invitation (METHOD:REQUEST, the support address organising). */
export function confirmationEmail(appt: Appointment, timeZone: string, organizer: Organizer, now = new Date()): MailMessage {
  const when = formatWhen(zonedTimeToUtc(appt.date, appt.time, timeZone), timeZone);
  const what = `${organizer.name} energy consultation`;
  return {
    to: appt.customer_email,
    subject: `Your ${organizer.name} consultation is confirmed`,
    text: `Hi ${appt.customer_name},\n\nYour ${what} is booked for ${when} (${SLOT_MINUTES} minutes).\nThe attached calendar file adds it to your calendar.\n\nNeed another time? Cancel it under Your Appointments and book again. Questions: ${organizer.email}.\n`,
    html: page(organizer, 'Your consultation is confirmed', [
      `Hi ${escapeHtml(appt.customer_name)},`,
      `Your ${escapeHtml(what)} is booked for <strong>${escapeHtml(when)}</strong> (${SLOT_MINUTES} minutes). The attached calendar file adds it to your calendar.`,
      `Questions: ${escapeHtml(organizer.email)}.`,
    ]),
    attachments: [invitation(appt, timeZone, organizer, 'REQUEST', now)],
    meta: { template: 'appointment-confirmation', userId: appt.user_id, essential: true, category: null },
  };
}

/** The cancellation: the same event with METHOD:CANCEL, so the customer's calendar drops it. */
export function cancellationEmail(appt: Appointment, timeZone: string, organizer: Organizer, now = new Date()): MailMessage {
  const when = formatWhen(zonedTimeToUtc(appt.date, appt.time, timeZone), timeZone);
  return {
    to: appt.customer_email,
    subject: `Your ${organizer.name} consultation is cancelled`,
    text: `Hi ${appt.customer_name},\n\nYour consultation on ${when} is cancelled. The attached calendar file removes it from your calendar.\nBook another time under Schedule a Consultation whenever you like.\n`,
    html: page(organizer, 'Your consultation is cancelled', [
      `Hi ${escapeHtml(appt.customer_name)},`,
      `Your consultation on <strong>${escapeHtml(when)}</strong> is cancelled. The attached calendar file removes it from your calendar.`,
    ]),
    attachments: [invitation(appt, timeZone, organizer, 'CANCEL', now)],
    meta: { template: 'appointment-cancellation', userId: appt.user_id, essential: true, category: null },
  };
}

/** Staff's copy of a booking or cancellation, with the customer's contact and the same invitation. */
export function bookingStaffEmail(appt: Appointment, timeZone: string, organizer: Organizer, change: 'booked' | 'cancelled', now = new Date()): Omit<MailMessage, 'to'> {
  const when = formatWhen(zonedTimeToUtc(appt.date, appt.time, timeZone), timeZone);
  const heading = change === 'booked' ? 'Consultation booked' : 'Consultation cancelled';
  return {
    subject: `${heading}: ${appt.customer_name}, ${when}`,
    text: `${heading}.\n\nWhen: ${when} (${SLOT_MINUTES} minutes)\nCustomer: ${appt.customer_name} <${appt.customer_email}>\n\nAll bookings: the Appointments tab of /admin.\n`,
    html: page(organizer, heading, [
      `<strong>When:</strong> ${escapeHtml(when)} (${SLOT_MINUTES} minutes)`,
      `<strong>Customer:</strong> ${escapeHtml(appt.customer_name)} &lt;${escapeHtml(appt.customer_email)}&gt;`,
      'All bookings: the Appointments tab of the admin area.',
    ]),
    attachments: [invitation(appt, timeZone, organizer, change === 'booked' ? 'REQUEST' : 'CANCEL', now)],
    headers: { 'Reply-To': appt.customer_email },
  };
}
