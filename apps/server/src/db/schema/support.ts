import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, owner, updatedAt } from './columns.ts';
import { user } from './auth.ts';

// Contact messages and support tickets (01-core §3 support_tickets, §5). Tickets and their
// messages are owned by the requester (row-level security in the hand-written block); staff read
// them across users on the shared connection, behind the admin check.

export const supportTicket = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    priority: text('priority', { enum: ['low', 'normal', 'high', 'urgent'] }).notNull().default('normal'),
    ticketType: text('ticket_type', { enum: ['question', 'incident', 'problem', 'task'] }).notNull().default('question'),
    requesterEmail: text('requester_email').notNull(),
    requesterName: text('requester_name').notNull(),
    status: text('status', { enum: ['new', 'open', 'pending', 'hold', 'solved', 'closed'] }).notNull().default('new'),
    zendeskTicketId: text('zendesk_ticket_id'),
    /** The requester's user id in the helpdesk (their comments there are the requester's messages). */
    helpdeskRequesterId: text('helpdesk_requester_id'),
    /** The helpdesk's `updated_at` when last synced: an unchanged ticket's comments are not fetched again. */
    helpdeskUpdatedAt: text('helpdesk_updated_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    solvedAt: timestamp('solved_at', { withTimezone: true }),
  },
  (t) => [
    index('support_tickets_user_created_idx').on(t.userId, t.createdAt),
    index('support_tickets_updated_idx').on(t.updatedAt),
    index('support_tickets_zendesk_idx').on(t.zendeskTicketId),
  ],
);

export const ticketMessage = pgTable(
  'support_ticket_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTicket.id, { onDelete: 'cascade' }),
    /** The ticket's requester (row-level security), whoever wrote the message. */
    userId: owner(),
    author: text('author', { enum: ['requester', 'staff'] }).notNull(),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    /** The helpdesk's comment id once the message is there (pushed, or pulled from it); null: not yet pushed. */
    externalId: text('external_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_ticket_messages_ticket_idx').on(t.ticketId, t.createdAt),
    uniqueIndex('support_ticket_messages_external_idx').on(t.ticketId, t.externalId),
  ],
);

/** Every message of the contact form, with or without a ticket (visitors may write too). */
export const contactMessage = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  ticketId: uuid('ticket_id').references(() => supportTicket.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  /** Staff's emailed answer from the admin Inbox: when, by whom, and what it said. */
  repliedAt: timestamp('replied_at', { withTimezone: true }),
  repliedBy: text('replied_by').references(() => user.id, { onDelete: 'set null' }),
  reply: text('reply'),
});
