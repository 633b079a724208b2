import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, owner, updatedAt } from './columns.ts';

// Notifications (02-tools §3 'Notifications, chat, appointments, email', 01-core §3
// user_notifications and user_preferences). Both are owned by a user: row-level security in the
// notifications migration's hand-written block.

export const userNotification = pgTable(
  'user_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    type: text('type', { enum: ['anomaly', 'seasonal', 'forecast', 'savings', 'application', 'other'] }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    read: boolean('read').notNull().default(false),
    actionUrl: text('action_url'),
    /**
     * What the notification is about ('bill-processed:<id>', 'due:<id>', 'seasonal:2026-11'):
     * a producer that runs twice (a retried job, two processes) notifies once.
     */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('user_notifications_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('user_notifications_user_dedupe_idx').on(t.userId, t.dedupeKey),
  ],
);

export const userPreferences = pgTable('user_preferences', {
  userId: owner().primaryKey(),
  /** The seven toggles of 02-tools §2.10; other keys (the assistant's aiMemory) are kept as they are. */
  notificationPreferences: jsonb('notification_preferences').notNull().default({}),
  updatedAt: updatedAt(),
});
