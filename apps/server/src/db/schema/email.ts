import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, owner, updatedAt } from './columns.ts';
import { user } from './auth.ts';

// Email preferences and sign-ups (02-tools §3 email_preferences, 'Local subscription record').

/**
 * Which non-essential mail a user gets (decision 073). `billing_notifications` is also the
 * 'Email Notifications' toggle of /notifications: one stored switch, two screens.
 */
export const emailPreferences = pgTable('email_preferences', {
  userId: owner().primaryKey(),
  marketingEmails: boolean('marketing_emails').notNull(),
  productUpdates: boolean('product_updates').notNull(),
  billingNotifications: boolean('billing_notifications').notNull(),
  savingsReports: boolean('savings_reports').notNull(),
  monthlySummary: boolean('monthly_summary').notNull(),
  updatedAt: updatedAt(),
});

/** The assistant's Stay Updated sign-up, by address (visitors too); signed-in sign-ups carry the user. */
export const emailSubscription = pgTable('email_subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
  /** rebateAlerts, monthlyTips, seasonalReminders, newPrograms. */
  preferences: jsonb('preferences').notNull(),
  source: text('source').notNull(),
  verified: boolean('verified').notNull().default(false),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
