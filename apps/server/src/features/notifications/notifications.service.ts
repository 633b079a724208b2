import {
  type AlertTypeKey,
  DEFAULT_NOTIFICATION_PREFERENCES,
  type Notification,
  type NotificationEvent,
  NOTIFICATION_LIST_LIMIT,
  NOTIFICATION_MESSAGES,
  type NotificationPreferences,
  notificationPreferencesSchema,
  type NotificationType,
} from '@wattwise/shared/contract/notifications';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import { EMAIL_PREFERENCE_KEYS } from '@wattwise/shared/contract/email';
import { readEmailPreferences, writeEmailPreferences } from '../../platform/email-preferences.ts';
import { type MailMessage, recordEmailEvent, SEND_EMAIL_JOB } from '../../platform/mail.ts';
import type { Queue } from '../../platform/queue.ts';
import type { Realtime } from '../../platform/realtime.ts';
import { getUserContact, listAdminIds } from '../auth/auth.service.ts';
import { endSubscription } from '../email/email.service.ts';
import { notificationEmail } from './notifications.emails.ts';
import { signUnsubscribeToken, subscriptionOfToken, verifyUnsubscribeToken } from '../../platform/unsubscribe-token.ts';
import {
  countUnread,
  findNotifications,
  findPreferenceKey,
  findPreferences,
  insertNotification,
  markAllRead,
  markRead,
  type NotificationRow,
  upsertPreferenceKey,
  upsertPreferences,
} from './notifications.queries.ts';

/** The realtime topic of one user's notifications (the header's count, the list, pop-ups). */
export const notificationTopic = (userId: string) => `notifications:${userId}`;

export function toNotificationDto(row: NotificationRow): Notification {
  return { id: row.id, type: row.type, title: row.title, message: row.message, read: row.read, created_at: row.createdAt.toISOString(), action_url: row.actionUrl };
}

// ---- the user's own list and preferences (routes call these inside the user's scope) ----

export async function listNotifications(db: Db, userId: string, filter: 'all' | 'unread') {
  const [rows, unreadCount] = await Promise.all([findNotifications(db, userId, { unreadOnly: filter === 'unread', limit: NOTIFICATION_LIST_LIMIT }), countUnread(db, userId)]);
  return { notifications: rows.map(toNotificationDto), unreadCount };
}

export async function getUnreadCount(db: Db, userId: string): Promise<number> {
  return countUnread(db, userId);
}

/** Marks one of the user's notifications read; 404 for another user's or a missing one. */
export async function markNotificationRead(db: Db, userId: string, id: string): Promise<Notification> {
  const row = await markRead(db, userId, id);
  if (!row) throw new AppError('NOT_FOUND', 404, NOTIFICATION_MESSAGES.notFound);
  return toNotificationDto(row);
}

export async function markAllNotificationsRead(db: Db, userId: string): Promise<number> {
  return markAllRead(db, userId);
}

/**
 * The seven toggles, stored values over the defaults (a user who never saved gets every alert).
 * 'Email Notifications' is the billing_notifications flag of email_preferences (decision 073):
 * one switch, shown here and on the Email Preferences tab.
 */
export async function getNotificationPreferences(db: Db, userId: string): Promise<NotificationPreferences> {
  const [stored, email] = await Promise.all([findPreferences(db, userId), readEmailPreferences(db, userId)]);
  const merged = { ...DEFAULT_NOTIFICATION_PREFERENCES };
  for (const key of Object.keys(merged) as (keyof NotificationPreferences)[]) {
    const value = stored?.[key];
    if (typeof value === 'boolean') merged[key] = value;
  }
  merged.emailNotifications = email.billing_notifications;
  return merged;
}

/**
 * Another feature's value kept in the user's preferences (02-tools §3: the assistant's memory is
 * `notification_preferences.aiMemory`), read as stored, and changed under a row lock so two
 * writers at once do not lose each other's change. `change` gets the stored value (null when
 * none) and returns the new one; the toggles are untouched.
 */
export async function readPreferenceKey(db: Db, userId: string, key: string): Promise<unknown> {
  return findPreferenceKey(db, userId, key);
}

export async function changePreferenceKey<T>(db: Db, userId: string, key: string, change: (stored: unknown) => T): Promise<T> {
  const next = change(await findPreferenceKey(db, userId, key, { lock: true }));
  await upsertPreferenceKey(db, userId, key, next);
  return next;
}

export async function saveNotificationPreferences(db: Db, userId: string, prefs: NotificationPreferences): Promise<NotificationPreferences> {
  const { emailNotifications, ...rest } = notificationPreferencesSchema.parse(prefs);
  await upsertPreferences(db, userId, rest);
  await writeEmailPreferences(db, userId, { billing_notifications: emailNotifications });
  return getNotificationPreferences(db, userId);
}

// ---- the one way every producer notifies ----

export type NotifyDeps = {
  /** The shared connection (producers run in jobs or after the request's own transaction). */
  db: Db;
  queue: Pick<Queue, 'send'>;
  realtime: Pick<Realtime, 'publish'>;
  logger: Logger;
  /** Absolute links in emails are built from it. */
  publicUrl: string;
  /** Signs the unsubscribe links (platform/unsubscribe-token.ts `unsubscribeKey`). */
  unsubscribeKey: string;
};

export type NotifyInput = {
  type: NotificationType;
  /**
   * The alert-type toggle that governs the email (02-tools §2.10), or null for account messages
   * every user gets by email while email notifications are on (processing results, ticket replies,
   * payment receipts).
   */
  alert: AlertTypeKey | null;
  title: string;
  message: string;
  /** A path inside the app ('/dashboard/bills/…'); the list shows 'View Details' when present. */
  actionUrl?: string | null;
  /** Notifies once per user and key, however often the producer runs (jobs retry, processes race). */
  dedupeKey?: string;
  /** In the app only, never by email (staff alerts: their mail goes to the support address once). */
  inAppOnly?: boolean;
  /** The email to send in place of the generic copy of the notification (a receipt), when one is sent. */
  mail?: (to: { email: string; name: string; userId: string }) => Promise<MailMessage>;
};

export type NotifyResult = { notification: Notification; emailed: boolean } | null;

/**
 * Notifies a user: the in-app notification always (read at /notifications, pushed live to the
 * user's open pages through the realtime channel), and an email when the user's preferences
 * allow it: email notifications on and, for an alert, that alert type on. Returns null when a
 * notification with the same dedupe key already exists (nothing is sent twice).
 *
 * Producers of every feature call this (or `Notifier.notify`, the same with its deps bound);
 * nothing else writes user_notifications. Runs on the shared connection with its own user
 * filters: call it after (not inside) a user-scoped transaction.
 */
export async function notify(deps: NotifyDeps, userId: string, input: NotifyInput): Promise<NotifyResult> {
  const row = await insertNotification(deps.db, {
    userId,
    type: input.type,
    title: input.title,
    message: input.message,
    actionUrl: input.actionUrl ?? null,
    dedupeKey: input.dedupeKey ?? null,
  });
  if (!row) return null;
  const notification = toNotificationDto(row);
  const prefs = await getNotificationPreferences(deps.db, userId);
  const emailed = !input.inAppOnly && prefs.emailNotifications && (input.alert === null || prefs[input.alert]);
  if (emailed) {
    const contact = await getUserContact(deps.db, userId);
    const to = contact ? { ...contact, userId } : null;
    if (to) await deps.queue.send(SEND_EMAIL_JOB, input.mail ? await input.mail(to) : await notificationEmail(to, notification, deps.publicUrl, signUnsubscribeToken(deps.unsubscribeKey, userId)));
  }
  await publishUnread(deps, userId, notification);
  return { notification, emailed: emailed };
}

/** Tells the user's open pages what changed: a new notification, or only the unread count. */
export async function publishUnread(deps: Pick<NotifyDeps, 'db' | 'realtime' | 'logger'>, userId: string, notification: Notification | null = null): Promise<void> {
  try {
    const event: NotificationEvent = { notification, unreadCount: await countUnread(deps.db, userId) };
    await deps.realtime.publish(notificationTopic(userId), event);
  } catch (error) {
    deps.logger.warn({ err: error, userId }, 'notification event not published');
  }
}

/** `notify` with its deps bound: what app.ts and main.ts hand to the features that produce notifications. */
export type Notifier = {
  notify: (userId: string, input: NotifyInput) => Promise<NotifyResult>;
  publishUnread: (userId: string) => Promise<void>;
};

export function createNotifier(deps: NotifyDeps): Notifier {
  return {
    notify: (userId, input) => notify(deps, userId, input),
    publishUnread: (userId) => publishUnread(deps, userId),
  };
}

/** One tip per season, by month (1-12): northern-hemisphere seasons, as the spec's US audience. */
export function seasonalTipOf(month: number): { title: string; message: string } {
  if (month === 12 || month <= 2) {
    return { title: 'Winter tip: hold the heat in', message: 'Each degree lower on the thermostat saves about 3% on heating. Seal drafts around doors and windows, and let the sun in by day.' };
  }
  if (month <= 5) {
    return { title: 'Spring tip: tune up before summer', message: 'Replace the air-conditioner filter and open windows on mild days instead of running heating or cooling.' };
  }
  if (month <= 8) {
    return { title: 'Summer tip: cool for less', message: 'Set the thermostat to 78°F when home, use fans, and run the dishwasher and dryer in the evening, outside peak hours.' };
  }
  return { title: 'Autumn tip: get ready for the cold', message: 'Check insulation and weather-stripping, and book a furnace check before the first cold snap.' };
}

/**
 * One-click unsubscribe from any non-essential email (RFC 8058): every email_preferences flag
 * off for the token's user (in-app notifications go on; verify, reset and receipts still come),
 * or a Stay Updated sign-up ended. A tampered token is refused. Runs on the shared connection.
 */
export async function unsubscribeFromEmails(db: Db, key: string, token: string): Promise<void> {
  const subject = verifyUnsubscribeToken(key, token);
  if (!subject) throw new AppError('INVALID_TOKEN', 400, NOTIFICATION_MESSAGES.invalidUnsubscribe);
  const subscriptionId = subscriptionOfToken(subject);
  if (subscriptionId) {
    const email = await endSubscription(db, subscriptionId);
    if (email) await recordEmailEvent(db, { email, userId: null, event: 'unsubscribe', template: 'welcome' });
    return;
  }
  const off = Object.fromEntries(EMAIL_PREFERENCE_KEYS.map((k) => [k, false]));
  await writeEmailPreferences(db, subject, off);
  const contact = await getUserContact(db, subject);
  if (contact) await recordEmailEvent(db, { email: contact.email, userId: subject, event: 'unsubscribe' });
}

// ---- staff alerts ----

export type StaffAlert = {
  title: string;
  message: string;
  /** Where staff act on it in the app (an admin tab). */
  actionUrl: string;
  /** What the alert is about ('contact:<id>'): each admin is told once however often it is raised. */
  dedupeKey: string;
  /** The mail to the operator's support address (SUPPORT_EMAIL); `to` is filled in. */
  mail: Omit<MailMessage, 'to'>;
};

/** Tells staff about something that needs them: one mail to the support address, and each admin in the app. */
export type StaffAlerts = { alert: (input: StaffAlert) => Promise<void> };

export function createStaffAlerts(deps: { db: Db; queue: Pick<Queue, 'send'>; notifier: Notifier; supportEmail: string }): StaffAlerts {
  return {
    alert: async (input) => {
      await deps.queue.send(SEND_EMAIL_JOB, { ...input.mail, to: deps.supportEmail, meta: { template: 'staff-alert', userId: null, essential: true, category: null } });
      for (const adminId of await listAdminIds(deps.db)) {
        await deps.notifier.notify(adminId, { type: 'other', alert: null, title: input.title, message: input.message, actionUrl: input.actionUrl, dedupeKey: input.dedupeKey, inAppOnly: true });
      }
    },
  };
}
