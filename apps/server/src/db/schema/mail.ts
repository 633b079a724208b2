import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_messages_to_idx').on(t.to), index('outbox_messages_created_at_idx').on(t.createdAt)],
);
