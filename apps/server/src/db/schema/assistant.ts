import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, owner } from './columns.ts';

// The assistant feature's table: the signed-in user's conversation (02-tools §3 'Chat message'),
// each answer with the figures it used and the bills they came from. Row-level security in the
// feature's migration.

export const chatMessage = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    /** The figures an answer used: label, value, billId, bill, href. */
    citations: jsonb('citations').notNull().default([]),
    /** Which engine answered (null on the user's own messages). */
    engine: text('engine'),
    /** A model's answer stated a number that no tool result holds. */
    flagged: boolean('flagged').notNull().default(false),
    unverifiedNumbers: jsonb('unverified_numbers').notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_user_created_idx').on(t.userId, t.createdAt)],
);
