import {
  type AdminReplyInput,
  adminReplySchema,
  type ContactFormInput,
  contactFormSchema,
  type CreateTicketInput,
  createTicketSchema,
  SUPPORT_MESSAGES,
  TAB_STATUSES,
  type Ticket,
  type TicketDetail,
  type TicketMessage,
  type TicketTab,
} from '@wattwise/shared/contract/support';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { getUserContact } from '../auth/auth.service.ts';
import type { Notifier } from '../notifications/notifications.service.ts';
import * as q from './support.queries.ts';

/** How many tickets the staff list shows (newest activity first). */
const STAFF_LIST_LIMIT = 200;

export function toTicketDto(row: q.TicketRow): Ticket {
  return {
    id: row.id,
    subject: row.subject,
    description: row.description,
    priority: row.priority,
    ticket_type: row.ticketType,
    status: row.status,
    requester_email: row.requesterEmail,
    requester_name: row.requesterName,
    zendesk_ticket_id: row.zendeskTicketId,
    agent_url: null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    solved_at: row.solvedAt?.toISOString() ?? null,
  };
}

function toMessageDto(row: q.TicketMessageRow): TicketMessage {
  return { id: row.id, author: row.author, author_name: row.authorName, body: row.body, created_at: row.createdAt.toISOString() };
}

async function requesterOf(db: Db, userId: string) {
  const contact = await getUserContact(db, userId);
  if (!contact) throw new AppError('UNAUTHORIZED', 401, SUPPORT_MESSAGES.signInForTickets);
  return contact;
}

/**
 * Opens a ticket for the signed-in user (status new, 01-core §4); the description is its first
 * message. `db` is the shared connection (the requester's address is read from the account).
 */
export async function createTicket(db: Db, userId: string, input: CreateTicketInput, requester?: { name: string; email: string }): Promise<Ticket> {
  const data = createTicketSchema.parse(input);
  const who = requester ?? (await requesterOf(db, userId));
  const name = who.name || who.email;
  return db.transaction(async (tx) => {
    const row = await q.insertTicket(tx, {
      userId,
      subject: data.subject,
      description: data.description,
      priority: data.priority,
      ticketType: data.ticket_type,
      requesterEmail: who.email,
      requesterName: name,
    });
    await q.insertMessage(tx, { ticketId: row.id, userId, author: 'requester', authorName: name, body: data.description });
    return toTicketDto(row);
  });
}

/**
 * The contact form (01-core §5): every message is kept; a signed-in sender who ticked 'create
 * ticket' gets a ticket too. A visitor asking for a ticket is refused with the spec's message.
 */
export async function submitContactForm(db: Db, userId: string | null, input: ContactFormInput): Promise<{ received: true; ticket: Ticket | null }> {
  const data = contactFormSchema.parse(input);
  if (data.createTicket && !userId) throw new AppError('UNAUTHORIZED', 401, SUPPORT_MESSAGES.signInForTickets);
  const ticket =
    data.createTicket && userId
      ? await createTicket(db, userId, { subject: data.subject, description: data.message, priority: data.priority, ticket_type: 'question' }, { name: data.name, email: (await requesterOf(db, userId)).email })
      : null;
  await q.insertContactMessage(db, { userId, name: data.name, email: data.email, subject: data.subject, message: data.message, ticketId: ticket?.id ?? null });
  return { received: true, ticket };
}

export async function listTickets(db: Db, userId: string, tab: TicketTab): Promise<Ticket[]> {
  return (await q.findTickets(db, userId, TAB_STATUSES[tab])).map(toTicketDto);
}

export async function getTicket(db: Db, userId: string, id: string): Promise<TicketDetail> {
  const row = await q.findTicket(db, userId, id);
  if (!row) throw new AppError('NOT_FOUND', 404, SUPPORT_MESSAGES.notFound);
  return { ticket: toTicketDto(row), messages: (await q.findMessages(db, userId, id)).map(toMessageDto) };
}

/** The requester answers on their ticket: it is open again for staff. */
export async function addRequesterMessage(db: Db, userId: string, id: string, body: string): Promise<TicketDetail> {
  const row = await q.findTicket(db, userId, id);
  if (!row) throw new AppError('NOT_FOUND', 404, SUPPORT_MESSAGES.notFound);
  await q.insertMessage(db, { ticketId: id, userId, author: 'requester', authorName: row.requesterName, body });
  await q.updateTicket(db, userId, id, { status: 'open', solvedAt: null });
  return getTicket(db, userId, id);
}

// ---- staff, behind the admin check ----

export async function listAllTickets(db: Db): Promise<Ticket[]> {
  return (await q.findAllTickets(db, STAFF_LIST_LIMIT)).map(toTicketDto);
}

export async function getTicketForStaff(db: Db, id: string): Promise<TicketDetail> {
  const row = await q.findTicketById(db, id);
  if (!row) throw new AppError('NOT_FOUND', 404, SUPPORT_MESSAGES.notFound);
  return getTicket(db, row.userId, id);
}

/**
 * A staff reply: the message is added, the status set (pending by default: waiting for the
 * requester), and the requester notified in the app and by email (a ticket reply is an account
 * message, sent whenever their email notifications are on).
 */
export async function replyAsStaff(deps: { db: Db; notifier: Notifier }, staff: { userId: string }, id: string, input: AdminReplyInput): Promise<TicketDetail> {
  const data = adminReplySchema.parse(input);
  const row = await q.findTicketById(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND', 404, SUPPORT_MESSAGES.notFound);
  const staffName = (await getUserContact(deps.db, staff.userId))?.name ?? 'Wattwise Support';
  const message = await deps.db.transaction(async (tx) => {
    const inserted = await q.insertMessage(tx, { ticketId: id, userId: row.userId, author: 'staff', authorName: staffName || 'Wattwise Support', body: data.body });
    const solved = data.status === 'solved' || data.status === 'closed';
    await q.updateTicket(tx, row.userId, id, { status: data.status, solvedAt: solved ? new Date() : null });
    return inserted;
  });
  await deps.notifier.notify(row.userId, {
    type: 'other',
    alert: null,
    title: 'New reply to your support ticket',
    message: `Re: ${row.subject} — ${data.body.length > 160 ? `${data.body.slice(0, 157)}...` : data.body}`,
    actionUrl: `/support?ticket=${id}`,
    dedupeKey: `ticket-reply:${message.id}`,
  });
  return getTicket(deps.db, row.userId, id);
}
