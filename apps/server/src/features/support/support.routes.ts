import { createRoute } from '@hono/zod-openapi';
import {
  adminReplySchema,
  contactFormSchema,
  contactResultSchema,
  createTicketSchema,
  SUPPORT_MESSAGES,
  ticketDetailSchema,
  ticketListQuerySchema,
  ticketListSchema,
  ticketMessageInputSchema,
  ticketSchema,
} from '@wattwise/shared/contract/support';
import type { Db } from '../../db/client.ts';
import { createRouter, errorResponse as err, idParams, jsonBody, jsonResponse as json, unauthorizedResponse as unauthorized } from '../../http/openapi.ts';
import { type AdminOnly, type SessionLookup, type SignedIn, signedInUser } from '../../http/session.ts';
import type { Notifier } from '../notifications/notifications.service.ts';
import {
  addRequesterMessage,
  createTicket,
  getTicket,
  getTicketForStaff,
  listAllTickets,
  listTickets,
  replyAsStaff,
  submitContactForm,
} from './support.service.ts';

export type SupportRoutesDeps = { db: Db; signedIn: SignedIn; adminOnly: AdminOnly; sessionOf: SessionLookup; notifier: Notifier };

const notFound = err(SUPPORT_MESSAGES.notFound);
const forbidden = err('Access denied: You do not have permission to view this page.');

export function createSupportRoutes({ db, signedIn, adminOnly, sessionOf, notifier }: SupportRoutesDeps) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/contact',
        tags: ['Support'],
        summary: 'The contact form; a signed-in sender may ask for a support ticket too',
        request: { body: jsonBody(contactFormSchema) },
        responses: { 200: json(contactResultSchema, 'Received'), 401: err(SUPPORT_MESSAGES.signInForTickets), 422: err('Invalid form') },
      }),
      async (c) => {
        const session = await sessionOf(c.req.raw.headers);
        return c.json(await submitContactForm(db, session?.userId ?? null, c.req.valid('json')), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/support/tickets',
        middleware: [signedIn] as const,
        tags: ['Support'],
        summary: "The caller's tickets on a tab (all; open = new, open, pending; pending; closed = solved, closed), latest activity first",
        request: { query: ticketListQuerySchema },
        responses: { 200: json(ticketListSchema, 'Tickets'), 401: unauthorized, 422: err('Invalid tab') },
      }),
      async (c) => c.json({ tickets: await signedInUser(c).inScope((scoped, userId) => listTickets(scoped, userId, c.req.valid('query').tab)) }, 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/support/tickets',
        middleware: [signedIn] as const,
        tags: ['Support'],
        summary: 'Creates a support ticket (status new)',
        request: { body: jsonBody(createTicketSchema) },
        responses: { 201: json(ticketSchema, 'Created'), 401: unauthorized, 422: err('Invalid ticket') },
      }),
      async (c) => c.json(await createTicket(db, signedInUser(c).id, c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/support/tickets/{id}',
        middleware: [signedIn] as const,
        tags: ['Support'],
        summary: "One of the caller's tickets with its conversation",
        request: { params: idParams },
        responses: { 200: json(ticketDetailSchema, 'Ticket'), 401: unauthorized, 404: notFound },
      }),
      async (c) => c.json(await signedInUser(c).inScope((scoped, userId) => getTicket(scoped, userId, c.req.valid('param').id)), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/support/tickets/{id}/messages',
        middleware: [signedIn] as const,
        tags: ['Support'],
        summary: 'The requester adds a message to their ticket (it opens again)',
        request: { params: idParams, body: jsonBody(ticketMessageInputSchema) },
        responses: { 200: json(ticketDetailSchema, 'Ticket'), 401: unauthorized, 404: notFound, 422: err('Empty message') },
      }),
      async (c) => c.json(await signedInUser(c).inScope((scoped, userId) => addRequesterMessage(scoped, userId, c.req.valid('param').id, c.req.valid('json').body)), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/admin/tickets',
        middleware: [adminOnly] as const,
        tags: ['Support', 'Admin'],
        summary: "Every user's tickets, latest activity first (admin)",
        responses: { 200: json(ticketListSchema, 'Tickets'), 401: unauthorized, 403: forbidden },
      }),
      async (c) => c.json({ tickets: await listAllTickets(db) }, 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/admin/tickets/{id}',
        middleware: [adminOnly] as const,
        tags: ['Support', 'Admin'],
        summary: 'A ticket with its conversation (admin)',
        request: { params: idParams },
        responses: { 200: json(ticketDetailSchema, 'Ticket'), 401: unauthorized, 403: forbidden, 404: notFound },
      }),
      async (c) => c.json(await getTicketForStaff(db, c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/admin/tickets/{id}/replies',
        middleware: [adminOnly] as const,
        tags: ['Support', 'Admin'],
        summary: 'Staff reply: adds the message, sets the status (pending by default) and notifies the requester (admin)',
        request: { params: idParams, body: jsonBody(adminReplySchema) },
        responses: { 200: json(ticketDetailSchema, 'Ticket'), 401: unauthorized, 403: forbidden, 404: notFound, 422: err('Empty reply') },
      }),
      async (c) => c.json(await replyAsStaff({ db, notifier }, { userId: signedInUser(c).id }, c.req.valid('param').id, c.req.valid('json')), 200),
    );
}

