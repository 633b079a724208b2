import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/** Mail written here instead of sent when no SMTP_URL is configured (read at /dev/mailbox). */
export const outboxMessage = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    from: text('from').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Attached files' names and types (an invitation's .ics with its content: text only). */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; content: string }[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_messages_to_idx').on(t.to), index('outbox_messages_created_at_idx').on(t.createdAt)],
);

/**
 * What happened to mail (02-tools §3 email_events): 'sent', 'failed' and 'suppressed' from the
 * send job's results, the rest from the provider's signed webhook. `provider_event_id` makes a
 * redelivered webhook event count once; `dedupe_key` makes a scheduled mail (the monthly summary
 * of one month) go out once per address.
 */
export const emailEvent = pgTable(
  'email_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    event: text('event', { enum: ['queued', 'sent', 'failed', 'suppressed', 'delivered', 'open', 'click', 'bounce', 'dropped', 'spamreport', 'unsubscribe', 'deferred'] }).notNull(),
    template: text('template'),
    reason: text('reason'),
    providerEventId: text('provider_event_id'),
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_events_user_created_idx').on(t.userId, t.createdAt),
    index('email_events_email_idx').on(t.email),
    uniqueIndex('email_events_provider_event_idx').on(t.providerEventId),
    uniqueIndex('email_events_dedupe_idx').on(t.email, t.dedupeKey),
  ],
);

/** Addresses no more mail goes to: a hard bounce stops every send, a spam report every non-essential one. */
export const emailSuppression = pgTable('email_suppressions', {
  email: text('email').primaryKey(),
  reason: text('reason', { enum: ['bounce', 'spamreport'] }).notNull(),
  detail: text('detail'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
