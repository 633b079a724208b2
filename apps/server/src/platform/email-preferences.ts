import { DEFAULT_EMAIL_PREFERENCES, type EmailPreferenceKey, type EmailPreferences } from '@wattwise/shared/contract/email';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { emailPreferences } from '../db/schema/email.ts';

// The one store of which non-essential mail a user gets (decision 073). The send job reads it
// before every non-essential message; the notification preferences' 'Email Notifications' switch
// is its billing_notifications flag. Every query is by the user's id; callers decide whose.

const columns = {
  marketing_emails: 'marketingEmails',
  product_updates: 'productUpdates',
  billing_notifications: 'billingNotifications',
  savings_reports: 'savingsReports',
  monthly_summary: 'monthlySummary',
} as const satisfies Record<EmailPreferenceKey, keyof typeof emailPreferences.$inferInsert>;

/** The user's flags (defaults where nothing was saved) and when they were last saved. */
export async function readEmailPreferences(db: Db, userId: string): Promise<EmailPreferences & { updated_at: Date | null }> {
  const [row] = await db.select().from(emailPreferences).where(eq(emailPreferences.userId, userId));
  if (!row) return { ...DEFAULT_EMAIL_PREFERENCES, updated_at: null };
  return {
    marketing_emails: row.marketingEmails,
    product_updates: row.productUpdates,
    billing_notifications: row.billingNotifications,
    savings_reports: row.savingsReports,
    monthly_summary: row.monthlySummary,
    updated_at: row.updatedAt,
  };
}

/** Saves the changed flags over what is stored (or over the defaults for a first save). */
export async function writeEmailPreferences(db: Db, userId: string, changes: Partial<EmailPreferences>): Promise<void> {
  const set: Partial<typeof emailPreferences.$inferInsert> = {};
  for (const [key, column] of Object.entries(columns) as [EmailPreferenceKey, (typeof columns)[EmailPreferenceKey]][]) {
    const value = changes[key];
    if (typeof value === 'boolean') set[column] = value;
  }
  const initial = { ...DEFAULT_EMAIL_PREFERENCES, ...changes };
  await db
    .insert(emailPreferences)
    .values({
      userId,
      marketingEmails: initial.marketing_emails,
      productUpdates: initial.product_updates,
      billingNotifications: initial.billing_notifications,
      savingsReports: initial.savings_reports,
      monthlySummary: initial.monthly_summary,
    })
    .onConflictDoUpdate({ target: emailPreferences.userId, set: { ...set, updatedAt: sql`now()` } });
}

/** Users who turned one flag on (the monthly summary job). Shared connection. */
export async function listUsersOptedIn(db: Db, key: EmailPreferenceKey): Promise<string[]> {
  const rows = await db.select({ userId: emailPreferences.userId }).from(emailPreferences).where(eq(emailPreferences[columns[key]], true));
  return rows.map((r) => r.userId);
}
