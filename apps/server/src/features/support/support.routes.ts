import { createRoute } from '@hono/zod-openapi';
import {
  adminReplySchema,
  contactFormSchema,
  contactInboxSchema,
  contactMessageSchema,
  contactReplySchema,
  contactResultSchema,
  createTicketSchema,
  SUPPORT_MESSAGES,
  ticketDetailSchema,
  ticketListQuerySchema,
  ticketListSchema,
  ticketMessageInputSchema,
  ticketSchema,
} from '@wattwise/shared/contract/support';
import type { Context } from 'hono';
import type { Db } from '../../db/client.ts';
import { getClientIp } from '../../http/client-ip.ts';
import { AppError } from '../../http/errors.ts';
import { createRouter, errorResponse as err, idParams, jsonBody, jsonResponse as json, unauthorizedResponse as unauthorized } from '../../http/openapi.ts';
import { type AdminOnly, type SessionLookup, type SignedIn, signedInUser } from '../../http/session.ts';
import { CAPTCHA_FAILED, CAPTCHA_HEADER, type CaptchaVerifier } from '../../platform/captcha.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Notifier } from '../notifications/notifications.service.ts';
import type { StaffAlerts } from '../notifications/notifications.service.ts';
import type { Queue } from '../../platform/queue.ts';
import {
  addRequesterMessage,
  contactMessageToTicket,
  createTicket,
  listContactMessages,
  replyToContactMessage,
  getTicket,
  getTicketForStaff,
  listAllTickets,
  listTickets,
  replyAsStaff,
  submitContactForm,
  syncTicketForStaff,
  type TicketMirror,
} from './support.service.ts';

export type SupportRoutesDeps = {
  db: Db;
  signedIn: SignedIn;
  adminOnly: AdminOnly;
  sessionOf: SessionLookup;
  /** Whether the caller is an admin (they see the helpdesk's agent link on their own tickets too). */
  isAdminCaller: (headers: Headers) => Promise<boolean>;
  notifier: Notifier;
  /** The helpdesk mirror (Zendesk), or NO_MIRROR: our database is the helpdesk. */
  mirror: TicketMirror;
  /** The human check of signed-out senders of the contact form. */
  captcha: CaptchaVerifier;
  trustProxy: boolean;
  logger: Logger;
  /** Contact messages reach staff: a mail to the support address and an alert in the app. */
  staff: StaffAlerts;
  queue: Pick<Queue, 'send'>;
  operator: { name: string; supportEmail: string };
};

const notFound = err(SUPPORT_MESSAGES.notFound);
const forbidden = err('Access denied: You do not have permission to view this page.');
const tooMany = err(SUPPORT_MESSAGES.tooManyRequests);

export function createSupportRoutes({ db, signedIn, adminOnly, sessionOf, isAdminCaller, notifier, mirror, captcha, trustProxy, logger, staff, queue, operator }: SupportRoutesDeps) {
  const agentUrlFor = async (c: Context) => (mirror.agentUrl && (await isAdminCaller(c.req.raw.headers)) ? mirror.agentUrl : null);
  return createRouter()
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/contact',
        tags: ['Support'],
        summary: 'The contact form; a signed-in sender may ask for a support ticket too',
        description:
          'A signed-out sender proves to be human first (`x-captcha-response`, as at sign-up). Each sender (account, else address) may send a few messages per window; past that 429 with Retry-After.',
        request: { body: jsonBody(contactFormSchema) },
        responses: {
          200: json(contactResultSchema, 'Received'),
          400: err(CAPTCHA_FAILED.message),
          401: err(SUPPORT_MESSAGES.signInForTickets),
          422: err('Invalid form'),
          429: tooMany,
        },
      }),
      async (c) => {
        const userId = (await sessionOf(c.req.raw.headers))?.userId ?? null;
        const form = c.req.valid('json');
        if (form.createTicket && !userId) throw new AppError('UNAUTHORIZED', 401, SUPPORT_MESSAGES.signInForTickets);
        if (!userId && !(await captcha.verify(c.req.header(CAPTCHA_HEADER), { action: 'contact', ip: getClientIp(c, trustProxy) }))) {
          throw new AppError(CAPTCHA_FAILED.code, 400, CAPTCHA_FAILED.message);
        }
        return c.json(await submitContactForm({ db, mirror, staff }, userId, form), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/admin/contact-messages',
        middleware: [adminOnly] as const,
        tags: ['Support', 'Admin'],
        summary: "The Inbox: visitors' and users' contact messages, newest first, with staff's reply if any (admin)",
        responses: { 200: json(contactInboxSchema, 'Messages'), 401: unauthorized, 403: forbidden },
      }),
      async (c) => c.json({ messages: await listContactMessages(db) }, 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/admin/contact-messages/{id}/reply',
        middleware: [adminOnly] as const,
        tags: ['Support', 'Admin'],
        summary: 'Answers a contact message by email (Reply-To the support address) and marks it answered (admin)',
        request: { params: idParams, body: jsonBody(contactReplySchema) },
        responses: { 200: json(contactMessageSchema, SUPPORT_MESSAGES.inboxReplied), 401: unauthorized, 403: forbidden, 404: err('Message not found'), 422: err('Empty reply') },
      }),
      async (c) => c.json(await replyToContactMessage({ db, queue, operator }, signedInUser(c).id, c.req.valid('param').id, c.req.valid('json').body), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/admin/contact-messages/{id}/ticket',
        middleware: [adminOnly] as const,
        tags: ['Support', 'Admin'],
        summary: "Turns a contact message into a support ticket of the sender's account (admin); 409 when the sender has no account",
        request: { params: idParams },
        responses: { 201: json(ticketSchema, SUPPORT_MESSAGES.inboxTicketCreated), 401: unauthorized, 403: forbidden, 404: err('Message not found'), 409: err(SUPPORT_MESSAGES.inboxNoAccount) },
      }),
      async (c) => c.json(await contactMessageToTicket({ db, mirror }, c.req.valid('param').id), 201),
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
        summary: 'Creates a support ticket (status new), then pushes it to the helpdesk when one is configured',
        request: { body: jsonBody(createTicketSchema) },
        responses: { 201: json(ticketSchema, 'Created'), 401: unauthorized, 422: err('Invalid ticket'), 429: tooMany },
      }),
      async (c) => {
        const userId = signedInUser(c).id;
        return c.json(await createTicket({ db, mirror }, userId, c.req.valid('json')), 201);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/support/tickets/{id}',
        middleware: [signedIn] as const,
        tags: ['Support'],
        summary: "One of the caller's tickets with its conversation (an admin also gets the helpdesk's agent link)",
        request: { params: idParams },
        responses: { 200: json(ticketDetailSchema, 'Ticket'), 401: unauthorized, 404: notFound },
      }),
      async (c) => {
        const agentUrl = await agentUrlFor(c);
        return c.json(await signedInUser(c).inScope((scoped, userId) => getTicket(scoped, userId, c.req.valid('param').id, agentUrl)), 200);
      },
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
      async (c) => {
        const { id } = c.req.valid('param');
        const detail = await signedInUser(c).inScope((scoped, userId) => addRequesterMessage(scoped, userId, id, c.req.valid('json').body));
        await mirror.push(id);
        return c.json(detail, 200);
      },
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
      async (c) => c.json({ tickets: await listAllTickets(db, mirror) }, 200),
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
      async (c) => c.json(await getTicketForStaff(db, mirror, c.req.valid('param').id), 200),
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
      async (c) => c.json(await replyAsStaff({ db, notifier, mirror }, { userId: signedInUser(c).id }, c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/admin/tickets/{id}/sync',
        middleware: [adminOnly] as const,
        tags: ['Support', 'Admin'],
        summary: "Syncs one ticket with the helpdesk now: pushes what is missing there, pulls its status and agents' replies (admin)",
        request: { params: idParams },
        responses: {
          200: json(ticketDetailSchema, SUPPORT_MESSAGES.synced),
          401: unauthorized,
          403: forbidden,
          404: notFound,
          409: err(SUPPORT_MESSAGES.noHelpdesk),
          502: err(SUPPORT_MESSAGES.syncFailed),
        },
      }),
      async (c) => c.json(await syncTicketForStaff(db, mirror, c.req.valid('param').id, logger), 200),
    );
}
