import { createRoute } from '@hono/zod-openapi';
import {
  adminAppointmentListSchema,
  adminAppointmentQuerySchema,
  APPOINTMENT_MESSAGES,
  appointmentListSchema,
  appointmentSchema,
  availabilitySchema,
  bookAppointmentSchema,
  type BusinessCalendar,
} from '@wattwise/shared/contract/appointments';
import type { Db } from '../../db/client.ts';
import { createRouter, errorResponse as err, idParams, jsonBody, jsonResponse as json, unauthorizedResponse as unauthorized } from '../../http/openapi.ts';
import { type AdminOnly, type SignedIn, signedInUser } from '../../http/session.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Queue } from '../../platform/queue.ts';
import type { StaffAlerts } from '../notifications/notifications.service.ts';
import type { Organizer } from './appointments.emails.ts';
import { announceBooking, announceCancellation, bookAppointment, cancelAppointment, getAvailability, listAppointmentsForStaff, listUpcomingAppointments } from './appointments.service.ts';

export type AppointmentRoutesDeps = {
  db: Db;
  signedIn: SignedIn;
  adminOnly: AdminOnly;
  queue: Pick<Queue, 'send'>;
  staff: StaffAlerts;
  logger: Logger;
  calendar: BusinessCalendar;
  /** The operator, with the support address organising the invitations. */
  organizer: Organizer;
};

export function createAppointmentRoutes({ db, signedIn, adminOnly, queue, staff, logger, calendar, organizer }: AppointmentRoutesDeps) {
  const mail = { queue, staff, calendar, organizer };
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/appointments/availability',
        middleware: [signedIn] as const,
        tags: ['Appointments'],
        summary: 'Bookable days (the open days of the next 30 from tomorrow), the 30-minute slots of the opening hours in the business time zone, and the taken ones',
        responses: { 200: json(availabilitySchema, 'Availability'), 401: unauthorized },
      }),
      async (c) => c.json(await getAvailability(db, calendar), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/appointments',
        middleware: [signedIn] as const,
        tags: ['Appointments'],
        summary: "The caller's next 5 appointments",
        responses: { 200: json(appointmentListSchema, 'Appointments'), 401: unauthorized },
      }),
      async (c) => c.json({ appointments: await signedInUser(c).inScope((scoped, userId) => listUpcomingAppointments(scoped, userId, calendar.timeZone)) }, 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/appointments',
        middleware: [signedIn] as const,
        tags: ['Appointments'],
        summary: 'Books a slot; a taken slot answers 409 Time Slot Unavailable, a closed day 422. Sends the customer an .ics invitation and tells staff.',
        request: { body: jsonBody(bookAppointmentSchema) },
        responses: { 201: json(appointmentSchema, 'Booked'), 401: unauthorized, 409: err(APPOINTMENT_MESSAGES.slotTakenTitle), 422: err('Invalid booking') },
      }),
      async (c) => {
        const booked = await signedInUser(c).inScope((scoped, userId) => bookAppointment(scoped, userId, c.req.valid('json'), calendar));
        await announceBooking(mail, booked).catch((error: unknown) => logger.warn({ err: error }, 'appointment mails not queued'));
        return c.json(booked, 201);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/api/appointments/{id}',
        middleware: [signedIn] as const,
        tags: ['Appointments'],
        summary: "Cancels one of the caller's appointments: the slot is free again, the customer gets a METHOD:CANCEL invitation and staff are told",
        request: { params: idParams },
        responses: { 204: { description: 'Cancelled' }, 401: unauthorized, 404: err(APPOINTMENT_MESSAGES.notFound) },
      }),
      async (c) => {
        const cancelled = await signedInUser(c).inScope((scoped, userId) => cancelAppointment(scoped, userId, c.req.valid('param').id));
        await announceCancellation(mail, cancelled).catch((error: unknown) => logger.warn({ err: error }, 'cancellation mails not queued'));
        return c.body(null, 204);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/admin/appointments',
        middleware: [adminOnly] as const,
        tags: ['Appointments', 'Admin'],
        summary: "Every customer's bookings on a tab (upcoming, past, cancelled) with their contact (admin)",
        request: { query: adminAppointmentQuerySchema },
        responses: { 200: json(adminAppointmentListSchema, 'Appointments'), 401: unauthorized, 403: err('Access denied: You do not have permission to view this page.'), 422: err('Invalid tab') },
      }),
      async (c) => c.json(await listAppointmentsForStaff(db, c.req.valid('query').tab, calendar.timeZone), 200),
    );
}
