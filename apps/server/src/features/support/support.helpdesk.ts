import type { TicketStatus } from '@wattwise/shared/contract/support';
import type { Db } from '../../db/client.ts';
import { type ExternalComment, type Helpdesk, HelpdeskError } from '../../platform/helpdesk/helpdesk.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Notifier } from '../notifications/notifications.service.ts';
import * as q from './support.queries.ts';
import { notifyStatusChange, notifyStaffReply } from './support.service.ts';

// Tickets mirrored to the outside helpdesk (01-core §1, §4, §7 zendesk-integration). Our
// database stays the record the Support Center reads: a ticket is created here (status new),
// then pushed; the helpdesk's id is kept on it. The sync pulls status changes and agents'
// public replies back and notifies the requester. Every step can run again without harm: a
// create first looks the ticket up by our id, and comments are matched by their helpdesk id.

export type HelpdeskSyncDeps = { db: Db; helpdesk: Helpdesk; notifier: Notifier; logger: Logger };

/** Tickets pushed per run at most (the rest follow on the next run). */
const SYNC_BATCH = 200;
/** Open tickets compared per run (show_many reads 100 per request; only changed ones are pulled). */
const OPEN_TICKETS_MAX = 5000;
/** A ticket still unpushed this long after creation gets a new push job from the sync. */
export const UNPUSHED_GRACE_MS = 60_000;

const SOLVED: readonly TicketStatus[] = ['solved', 'closed'];
const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();
const placeholder = (messageId: string) => `pushed:${messageId}`;

/**
 * Puts a ticket in the helpdesk (unless it is there) and adds the messages written here since:
 * the requester's as the requester, staff replies as the API's agent with the ticket's status.
 */
export async function pushTicket(deps: HelpdeskSyncDeps, ticketId: string): Promise<void> {
  const { db, helpdesk } = deps;
  const row = await q.findTicketById(db, ticketId);
  if (!row) return;
  const messages = await q.findTicketMessages(db, ticketId);
  const [first, ...rest] = messages;
  let externalId = row.zendeskTicketId;
  let requesterId = row.helpdeskRequesterId;
  if (!externalId) {
    // A retry after a create whose answer was lost finds the ticket instead of making a second.
    const existing = await helpdesk.findByExternalId(row.id);
    const created = existing
      ? { ticket: existing, commentId: null }
      : await helpdesk.createTicket({
          externalId: row.id,
          subject: row.subject,
          description: row.description,
          priority: row.priority,
          type: row.ticketType,
          requester: { name: row.requesterName, email: row.requesterEmail },
        });
    externalId = created.ticket.id;
    requesterId = created.ticket.requesterId;
    await q.setTicketHelpdesk(db, row.id, { zendeskTicketId: externalId, helpdeskRequesterId: requesterId });
    // The description is the ticket's first comment there; when its id is not known yet the sync links it.
    if (first && !first.externalId) await q.linkMessage(db, first.id, created.commentId ?? placeholder(first.id));
    deps.logger.info({ ticketId, helpdeskId: externalId }, 'support ticket pushed to the helpdesk');
  }
  for (const message of rest) {
    if (message.externalId) continue;
    const staff = message.author === 'staff';
    const written = await helpdesk.addComment(externalId, message.body, { authorId: staff ? null : requesterId, status: staff ? row.status : null });
    await q.linkMessage(db, message.id, written.commentId ?? placeholder(message.id));
  }
}

/** Links a helpdesk comment to the local message it came from (same side, same text, not yet linked). */
function matchLocal(comment: ExternalComment, author: 'requester' | 'staff', messages: q.TicketMessageRow[]) {
  const body = normalise(comment.body);
  return messages.find((m) => m.author === author && (m.externalId === null || m.externalId.startsWith('pushed:')) && normalise(m.body) === body);
}

/** Pulls one ticket: its status, and the public comments not here yet (an agent's reply notifies the requester). */
async function pullTicket(deps: HelpdeskSyncDeps, row: q.TicketRow, status: TicketStatus, updatedAt: string, requesterId: string | null) {
  const { db, helpdesk } = deps;
  const externalId = row.zendeskTicketId ?? '';
  const comments = await helpdesk.listComments(externalId);
  const messages = await q.findTicketMessages(db, row.id);
  const known = new Set(messages.map((m) => m.externalId));
  const replies: q.TicketMessageRow[] = [];
  // A pulled comment never sorts before what is already here (the two clocks differ).
  let latest = Math.max(0, ...messages.map((m) => m.createdAt.getTime()));
  for (const comment of comments) {
    if (!comment.isPublic || known.has(comment.id)) continue;
    const author = requesterId !== null && comment.authorId === requesterId ? 'requester' : 'staff';
    const local = matchLocal(comment, author, messages);
    if (local) {
      await q.linkMessage(db, local.id, comment.id);
      local.externalId = comment.id;
      continue;
    }
    const inserted = await q.insertPulledMessage(db, {
      ticketId: row.id,
      userId: row.userId,
      author,
      authorName: author === 'requester' ? row.requesterName : 'Wattwise Support',
      body: comment.body,
      externalId: comment.id,
      createdAt: new Date((latest = Math.max(Date.parse(comment.createdAt) || 0, latest + 1))),
    });
    if (inserted && author === 'staff') replies.push(inserted);
  }
  const statusChanged = status !== row.status;
  await q.setTicketHelpdesk(
    db,
    row.id,
    {
      helpdeskUpdatedAt: updatedAt,
      helpdeskRequesterId: requesterId,
      ...(statusChanged ? { status, solvedAt: SOLVED.includes(status) ? new Date() : null } : {}),
    },
    statusChanged || replies.length > 0,
  );
  for (const reply of replies) await notifyStaffReply(deps.notifier, row, reply);
  if (statusChanged && replies.length === 0) await notifyStatusChange(deps.notifier, row, status, updatedAt);
}

/** Syncs one ticket now (the admin's 'sync'): pushes what is missing, then pulls it. */
export async function syncTicketNow(deps: HelpdeskSyncDeps, ticketId: string): Promise<void> {
  await pushTicket(deps, ticketId);
  const row = await q.findTicketById(deps.db, ticketId);
  if (!row?.zendeskTicketId) return;
  const [ticket] = await deps.helpdesk.getTickets([row.zendeskTicketId]);
  if (!ticket) throw new HelpdeskError(`Ticket ${row.zendeskTicketId} is not in ${deps.helpdesk.name} any more`, 404);
  await pullTicket(deps, row, ticket.status, ticket.updatedAt, ticket.requesterId ?? row.helpdeskRequesterId);
}

/**
 * One sync run: pushes what is not in the helpdesk yet (tickets whose push job gave up, messages
 * written here), then pulls every ticket that changed there since the last run.
 */
export async function syncHelpdesk(deps: HelpdeskSyncDeps, enqueuePush: (ticketId: string) => Promise<void>, now = new Date()): Promise<{ pulled: number }> {
  const { db, helpdesk } = deps;
  for (const { id } of await q.findUnpushedTickets(db, new Date(now.getTime() - UNPUSHED_GRACE_MS), SYNC_BATCH)) await enqueuePush(id);
  for (const id of await q.findTicketsWithUnpushedMessages(db, SYNC_BATCH)) await enqueuePush(id);

  const rows = await q.findSyncableTickets(db, OPEN_TICKETS_MAX);
  if (rows.length === 0) return { pulled: 0 };
  const remote = new Map((await helpdesk.getTickets(rows.map((r) => r.zendeskTicketId ?? ''))).map((t) => [t.id, t]));
  let pulled = 0;
  for (const row of rows) {
    const ticket = remote.get(row.zendeskTicketId ?? '');
    if (!ticket || ticket.updatedAt === row.helpdeskUpdatedAt) continue;
    try {
      await pullTicket(deps, row, ticket.status, ticket.updatedAt, ticket.requesterId ?? row.helpdeskRequesterId);
      pulled++;
    } catch (error) {
      // One ticket failing (deleted there, a bad comment) does not hold up the others.
      deps.logger.warn({ err: error, ticketId: row.id }, 'helpdesk ticket not synced');
    }
  }
  return { pulled };
}
