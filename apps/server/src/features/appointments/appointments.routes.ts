import { createRoute } from '@hono/zod-openapi';
import { APPOINTMENT_MESSAGES, appointmentListSchema, appointmentSchema, availabilitySchema, bookAppointmentSchema } from '@wattwise/shared/contract/appointments';
import type { Db } from '../../db/client.ts';
import { createRouter, errorResponse as err, idParams, jsonBody, jsonResponse as json, unauthorizedResponse as unauthorized } from '../../http/openapi.ts';
import { type SignedIn, signedInUser } from '../../http/session.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Queue } from '../../platform/queue.ts';
import { bookAppointment, cancelAppointment, getAvailability, listUpcomingAppointments, sendConfirmation } from './appointments.service.ts';

export type AppointmentRoutesDeps = { db: Db; signedIn: SignedIn; queue: Pick<Queue, 'send'>; logger: Logger; timeZone: string; organizerEmail: string };

export function createAppointmentRoutes({ db, signedIn, queue, logger, timeZone, organizerEmail }: AppointmentRoutesDeps) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/appointments/availability',
        middleware: [signedIn] as const,
        tags: ['Appointments'],
        summary: 'Bookable days (the next 30 from tomorrow), the 30-minute slots 09:00-16:30 in the business time zone, and the taken ones',
        responses: { 200: json(availabilitySchema, 'Availability'), 401: unauthorized },
      }),
      async (c) => c.json(await getAvailability(db, timeZone), 200),
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
      async (c) => c.json({ appointments: await signedInUser(c).inScope((scoped, userId) => listUpcomingAppointments(scoped, userId, timeZone)) }, 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/appointments',
        middleware: [signedIn] as const,
        tags: ['Appointments'],
        summary: 'Books a slot; a taken slot answers 409 Time Slot Unavailable. Sends a confirmation with an .ics file.',
        request: { body: jsonBody(bookAppointmentSchema) },
        responses: { 201: json(appointmentSchema, 'Booked'), 401: unauthorized, 409: err(APPOINTMENT_MESSAGES.slotTakenTitle), 422: err('Invalid booking') },
      }),
      async (c) => {
        const booked = await signedInUser(c).inScope((scoped, userId) => bookAppointment(scoped, userId, c.req.valid('json'), timeZone));
        await sendConfirmation(queue, booked, timeZone, organizerEmail).catch((error: unknown) => logger.warn({ err: error }, 'appointment confirmation not queued'));
        return c.json(booked, 201);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/api/appointments/{id}',
        middleware: [signedIn] as const,
        tags: ['Appointments'],
        summary: 'Cancels one of the caller\'s appointments',
        request: { params: idParams },
        responses: { 204: { description: 'Cancelled' }, 401: unauthorized, 404: err(APPOINTMENT_MESSAGES.notFound) },
      }),
      async (c) => {
        await signedInUser(c).inScope((scoped, userId) => cancelAppointment(scoped, userId, c.req.valid('param').id));
        return c.body(null, 204);
      },
    );
}
