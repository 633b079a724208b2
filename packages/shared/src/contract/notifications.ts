import { z } from 'zod';

/**
 * The notifications API contract (02-tools §2.10, §3 'Notifications, chat, appointments, email',
 * §7 'Notification helpers', §8, §9). The server's routes and the web client use these schemas.
 */

/** 02-tools §3: a notification's type (it picks the icon). */
export const NOTIFICATION_TYPES = ['anomaly', 'seasonal', 'forecast', 'savings', 'application', 'other'] as const;
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

export const notificationSchema = z.object({
  id: z.uuid(),
  type: notificationTypeSchema,
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  created_at: z.string(),
  action_url: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** 02-tools §9: the list holds at most 50. */
export const NOTIFICATION_LIST_LIMIT = 50;

export const notificationFilterSchema = z.enum(['all', 'unread']);
export const notificationListQuerySchema = z.object({ filter: notificationFilterSchema.default('all') });
export const notificationListSchema = z.object({ notifications: z.array(notificationSchema), unreadCount: z.number().int().min(0) });
export type NotificationList = z.infer<typeof notificationListSchema>;
export const unreadCountSchema = z.object({ unreadCount: z.number().int().min(0) });
export const markAllReadResultSchema = z.object({ updated: z.number().int().min(0) });

/** 02-tools §2.10: five alert types and two delivery methods. */
export const ALERT_TYPE_KEYS = ['billAnomalies', 'usageAlerts', 'seasonalTips', 'billForecasts', 'savingsOpportunities'] as const;
export const DELIVERY_METHOD_KEYS = ['emailNotifications', 'pushNotifications'] as const;
export type AlertTypeKey = (typeof ALERT_TYPE_KEYS)[number];

export const notificationPreferencesSchema = z.object({
  billAnomalies: z.boolean(),
  usageAlerts: z.boolean(),
  seasonalTips: z.boolean(),
  billForecasts: z.boolean(),
  savingsOpportunities: z.boolean(),
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** Every alert on, email on; live pop-ups on. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  billAnomalies: true,
  usageAlerts: true,
  seasonalTips: true,
  billForecasts: true,
  savingsOpportunities: true,
  emailNotifications: true,
  pushNotifications: true,
};

export const PREFERENCE_LABELS: Record<keyof NotificationPreferences, { label: string; description: string }> = {
  billAnomalies: { label: 'Bill Anomalies', description: 'Billing errors and unusual charges on your bills' },
  usageAlerts: { label: 'Usage Alerts', description: 'Unusual spikes or drops in your usage' },
  seasonalTips: { label: 'Seasonal Tips', description: 'Ways to save as the seasons change' },
  billForecasts: { label: 'Bill Forecasts', description: 'Upcoming due dates and expected bills' },
  savingsOpportunities: { label: 'Savings Opportunities', description: 'New recommendations and rebates ending soon' },
  emailNotifications: { label: 'Email Notifications', description: 'Also send alerts to your email address' },
  pushNotifications: { label: 'Push Notifications', description: 'Pop-up alerts while Wattwise is open' },
};

/** 02-tools §8: what the user reads. */
export const NOTIFICATION_MESSAGES = {
  loadPreferencesFailed: 'Failed to load notification preferences',
  savePreferencesFailed: 'Failed to save preferences',
  preferencesSaved: 'Notification preferences saved!',
  allCaughtUp: 'All caught up!',
  notFound: 'Notification not found',
  invalidUnsubscribe: 'This unsubscribe link is not valid.',
  unsubscribed: 'You will no longer receive Wattwise emails, apart from account and payment messages. Alerts stay in your notifications.',
} as const;

/** The realtime event a signed-in browser receives on its notifications stream. */
export const notificationEventSchema = z.object({ notification: notificationSchema.nullable(), unreadCount: z.number().int().min(0) });
export type NotificationEvent = z.infer<typeof notificationEventSchema>;
