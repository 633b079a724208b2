import {
  type ContactMessage,
  type AdminReplyInput,
  adminReplySchema,
  type ContactFormInput,
  contactFormSchema,
  type CreateTicketInput,
  createTicketSchema,
  SUPPORT_MESSAGES,
  TAB_STATUSES,
  type Ticket,
  type TicketStatus,
  type TicketDetail,
  type TicketMessage,
  type TicketTab,
} from '@wattwise/shared/contract/support';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { findUserIdByEmail, getUserContact } from '../auth/auth.service.ts';
import type { StaffAlerts } from '../notifications/notifications.service.ts';
import type { MailMessage } from '../../platform/mail.ts';
import { SEND_EMAIL_JOB } from '../../platform/mail.ts';
import type { Queue } from '../../platform/queue.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Notifier } from '../notifications/notifications.service.ts';
import * as q from './support.queries.ts';

/** How many tickets the staff list shows (newest activity first). */
const STAFF_LIST_LIMIT = 200;

/**
 * The helpdesk mirror as the service sees it: `push` queues a ticket (or its new messages) for
 * the helpdesk, `agentUrl` is where an agent opens it there. Without a helpdesk both do nothing.
 */
export type TicketMirror = {
  push: (ticketId: string) => Promise<void>;
  agentUrl: ((helpdeskId: string) => string) | null;
  /** Pushes and pulls one ticket now (null without a helpdesk). */
  syncNow: ((ticketId: string) => Promise<void>) | null;
};
export const NO_MIRROR: TicketMirror = { push: () => Promise.resolve(), agentUrl: null, syncNow: null };

/** The ticket as the API shows it; `agentUrl` given for staff only (the helpdesk's agent view). */
export function toTicketDto(row: q.TicketRow, agentUrl: TicketMirror['agentUrl'] = null): Ticket {
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
    agent_url: agentUrl && row.zendeskTicketId ? agentUrl(row.zendeskTicketId) : null,
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
export async function createTicket(
  deps: { db: Db; mirror: TicketMirror },
  userId: string,
  input: CreateTicketInput,
  requester?: { name: string; email: string },
): Promise<Ticket> {
  const { db } = deps;
  const data = createTicketSchema.parse(input);
  const who = requester ?? (await requesterOf(db, userId));
  const name = who.name || who.email;
  const ticket = await db.transaction(async (tx) => {
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
  // Pushed by a job that retries: a helpdesk outage delays the ticket there, never loses it.
  await deps.mirror.push(ticket.id);
  return ticket;
}

/**
 * The contact form (01-core §5): every message is kept; a signed-in sender who ticked 'create
 * ticket' gets a ticket too. A visitor asking for a ticket is refused with the spec's message.
 */
export async function submitContactForm(
  deps: { db: Db; mirror: TicketMirror; staff: StaffAlerts },
  userId: string | null,
  input: ContactFormInput,
): Promise<{ received: true; ticket: Ticket | null }> {
  const { db } = deps;
  const data = contactFormSchema.parse(input);
  if (data.createTicket && !userId) throw new AppError('UNAUTHORIZED', 401, SUPPORT_MESSAGES.signInForTickets);
  const ticket =
    data.createTicket && userId
      ? await createTicket(deps, userId, { subject: data.subject, description: data.message, priority: data.priority, ticket_type: 'question' }, { name: data.name, email: (await requesterOf(db, userId)).email })
      : null;
  const row = await q.insertContactMessage(db, { userId, name: data.name, email: data.email, subject: data.subject, message: data.message, ticketId: ticket?.id ?? null });
  await deps.staff.alert({
    title: 'New contact message',
    message: `${row.name} <${row.email}>: ${row.subject}`,
    actionUrl: '/admin?tab=inbox',
    dedupeKey: `contact:${row.id}`,
    mail: contactAlertEmail(row),
  });
  return { received: true, ticket };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The operator's copy of a contact message: who wrote, what, and where to answer it. */
function contactAlertEmail(row: q.ContactMessageRow): Omit<MailMessage, 'to'> {
  const who = `${row.name} <${row.email}>${row.userId ? ' (signed in)' : ' (visitor)'}`;
  return {
    subject: `Contact message: ${row.subject}`,
    text: `From: ${who}\nSubject: ${row.subject}\n\n${row.message}\n\nAnswer it in the admin Inbox (/admin?tab=inbox) or reply to ${row.email}.\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:18px">Contact message: ${escapeHtml(row.subject)}</h1><p><strong>From:</strong> ${escapeHtml(who)}</p><p style="white-space:pre-wrap">${escapeHtml(row.message)}</p><p>Answer it in the admin Inbox or reply to ${escapeHtml(row.email)}.</p></body></html>`,
    headers: { 'Reply-To': row.email },
  };
}

const CONTACT_INBOX_LIMIT = 200;

function toContactDto(row: q.ContactMessageRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    user_id: row.userId,
    ticket_id: row.ticketId,
    created_at: row.createdAt.toISOString(),
    replied_at: row.repliedAt?.toISOString() ?? null,
    reply: row.reply,
  };
}

/** Staff's Inbox: every contact message, newest first (behind the admin check). */
export async function listContactMessages(db: Db): Promise<ContactMessage[]> {
  return (await q.findContactMessages(db, CONTACT_INBOX_LIMIT)).map(toContactDto);
}

async function contactMessageOf(db: Db, id: string) {
  const row = await q.findContactMessage(db, id);
  if (!row) throw new AppError('NOT_FOUND', 404, 'Message not found');
  return row;
}

/**
 * Staff answer a contact message by email (from the operator, Reply-To the support address);
 * the reply is kept on the message so the Inbox shows it was answered.
 */
export async function replyToContactMessage(
  deps: { db: Db; queue: Pick<Queue, 'send'>; operator: { name: string; supportEmail: string } },
  staffId: string,
  id: string,
  body: string,
): Promise<ContactMessage> {
  const row = await contactMessageOf(deps.db, id);
  const text = `Hi ${row.name},\n\n${body}\n\n— ${deps.operator.name} support (${deps.operator.supportEmail})\n\nYou wrote: ${row.subject}\n${row.message}\n`;
  await deps.queue.send(SEND_EMAIL_JOB, {
    to: row.email,
    subject: `Re: ${row.subject}`,
    text,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px"><p>Hi ${escapeHtml(row.name)},</p><p style="white-space:pre-wrap">${escapeHtml(body)}</p><p>— ${escapeHtml(deps.operator.name)} support (${escapeHtml(deps.operator.supportEmail)})</p><blockquote style="color:#475569;border-left:3px solid #cbd5e1;padding-left:12px"><strong>${escapeHtml(row.subject)}</strong><br><span style="white-space:pre-wrap">${escapeHtml(row.message)}</span></blockquote></body></html>`,
    headers: { 'Reply-To': deps.operator.supportEmail },
    meta: { template: 'contact-reply', userId: row.userId, essential: true, category: null },
  });
  const updated = await q.updateContactMessage(deps.db, id, { repliedAt: new Date(), repliedBy: staffId, reply: body });
  return toContactDto(updated ?? row);
}

/**
 * Staff turn a contact message into a support ticket of the sender's account (the one they were
 * signed in with, else the account with that address); a visitor without an account is answered
 * by email instead (409).
 */
export async function contactMessageToTicket(deps: { db: Db; mirror: TicketMirror }, id: string): Promise<Ticket> {
  const row = await contactMessageOf(deps.db, id);
  if (row.ticketId) throw new AppError('ALREADY_TICKET', 409, SUPPORT_MESSAGES.inboxAlreadyTicket);
  const ownerId = row.userId ?? (await findUserIdByEmail(deps.db, row.email));
  if (!ownerId) throw new AppError('NO_ACCOUNT', 409, SUPPORT_MESSAGES.inboxNoAccount);
  const ticket = await createTicket(deps, ownerId, { subject: row.subject, description: row.message, ticket_type: 'question' }, { name: row.name, email: row.email });
  await q.updateContactMessage(deps.db, id, { ticketId: ticket.id });
  return ticket;
}

export async function listTickets(db: Db, userId: string, tab: TicketTab): Promise<Ticket[]> {
  return (await q.findTickets(db, userId, TAB_STATUSES[tab])).map((row) => toTicketDto(row));
}

export async function getTicket(db: Db, userId: string, id: string, agentUrl: TicketMirror['agentUrl'] = null): Promise<TicketDetail> {
  const row = await q.findTicket(db, userId, id);
  if (!row) throw new AppError('NOT_FOUND', 404, SUPPORT_MESSAGES.notFound);
  return { ticket: toTicketDto(row, agentUrl), messages: (await q.findMessages(db, userId, id)).map(toMessageDto) };
}

/**
 * The requester answers on their ticket: it is open again for staff. `db` is the requester's
 * scope; the helpdesk push is queued by the caller once that transaction is over.
 */
export async function addRequesterMessage(db: Db, userId: string, id: string, body: string): Promise<TicketDetail> {
  const row = await q.findTicket(db, userId, id);
  if (!row) throw new AppError('NOT_FOUND', 404, SUPPORT_MESSAGES.notFound);
  await q.insertMessage(db, { ticketId: id, userId, author: 'requester', authorName: row.requesterName, body });
  await q.updateTicket(db, userId, id, { status: 'open', solvedAt: null });
  return getTicket(db, userId, id);
}

// ---- staff, behind the admin check ----

export async function listAllTickets(db: Db, mirror: TicketMirror): Promise<Ticket[]> {
  return (await q.findAllTickets(db, STAFF_LIST_LIMIT)).map((row) => toTicketDto(row, mirror.agentUrl));
}

export async function getTicketForStaff(db: Db, mirror: TicketMirror, id: string): Promise<TicketDetail> {
  const row = await q.findTicketById(db, id);
  if (!row) throw new AppError('NOT_FOUND', 404, SUPPORT_MESSAGES.notFound);
  return getTicket(db, row.userId, id, mirror.agentUrl);
}

/** The admin's 'sync' of one ticket with the helpdesk (01-core §7 syncTicket, §8 wording). */
export async function syncTicketForStaff(db: Db, mirror: TicketMirror, id: string, logger: Logger): Promise<TicketDetail> {
  if (!(await q.findTicketById(db, id))) throw new AppError('NOT_FOUND', 404, SUPPORT_MESSAGES.notFound);
  if (!mirror.syncNow) throw new AppError('NO_HELPDESK', 409, SUPPORT_MESSAGES.noHelpdesk);
  try {
    await mirror.syncNow(id);
  } catch (error) {
    logger.warn({ err: error, ticketId: id }, 'ticket sync failed');
    throw new AppError('SYNC_FAILED', 502, SUPPORT_MESSAGES.syncFailed, { reason: error instanceof Error ? error.message : String(error) });
  }
  return getTicketForStaff(db, mirror, id);
}

/** Tells the requester about a staff reply (here or from the helpdesk), in the app and by email. */
export async function notifyStaffReply(notifier: Notifier, ticket: q.TicketRow, reply: q.TicketMessageRow): Promise<void> {
  await notifier.notify(ticket.userId, {
    type: 'other',
    alert: null,
    title: 'New reply to your support ticket',
    message: `Re: ${ticket.subject} — ${reply.body.length > 160 ? `${reply.body.slice(0, 157)}...` : reply.body}`,
    actionUrl: `/support?ticket=${ticket.id}`,
    dedupeKey: `ticket-reply:${reply.id}`,
  });
}

const STATUS_WORDS: Record<TicketStatus, string> = { new: 'new', open: 'open', pending: 'pending', hold: 'on hold', solved: 'solved', closed: 'closed' };

/** Tells the requester their ticket's status changed in the helpdesk without a reply. */
export async function notifyStatusChange(notifier: Notifier, ticket: q.TicketRow, status: TicketStatus, version: string): Promise<void> {
  await notifier.notify(ticket.userId, {
    type: 'other',
    alert: null,
    title: 'Your support ticket was updated',
    message: `Re: ${ticket.subject} — the ticket is now ${STATUS_WORDS[status]}.`,
    actionUrl: `/support?ticket=${ticket.id}`,
    dedupeKey: `ticket-status:${ticket.id}:${status}:${version}`,
  });
}

/**
 * A staff reply: the message is added, the status set (pending by default: waiting for the
 * requester), and the requester notified in the app and by email (a ticket reply is an account
 * message, sent whenever their email notifications are on).
 */
export async function replyAsStaff(deps: { db: Db; notifier: Notifier; mirror: TicketMirror }, staff: { userId: string }, id: string, input: AdminReplyInput): Promise<TicketDetail> {
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
  await deps.mirror.push(id);
  await notifyStaffReply(deps.notifier, row, message);
  return getTicket(deps.db, row.userId, id, deps.mirror.agentUrl);
}
