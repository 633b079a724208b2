import { z } from 'zod';

/**
 * The email API contract (02-tools §2.13 Email Testing, §3 email_preferences and email_events,
 * §4 'Email preference toggle', §5 'Test email' and 'Preferences save', §8 'Email', the Stay
 * Updated sign-up of §2.1 and §5). Server routes and the web client use these schemas.
 */

/** 02-tools §3: the five flags of email_preferences. */
export const EMAIL_PREFERENCE_KEYS = ['marketing_emails', 'product_updates', 'billing_notifications', 'savings_reports', 'monthly_summary'] as const;
export type EmailPreferenceKey = (typeof EMAIL_PREFERENCE_KEYS)[number];

export const emailPreferencesSchema = z.object({
  marketing_emails: z.boolean(),
  product_updates: z.boolean(),
  billing_notifications: z.boolean(),
  savings_reports: z.boolean(),
  monthly_summary: z.boolean(),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;
export const emailPreferencesResponseSchema = emailPreferencesSchema.extend({ updated_at: z.string().nullable() });
export type EmailPreferencesResponse = z.infer<typeof emailPreferencesResponseSchema>;
/** A save sends only the flags that changed (02-tools §7 'update by user_id with changed flags'). */
export const emailPreferencesUpdateSchema = emailPreferencesSchema.partial().refine((v) => Object.keys(v).length > 0, 'Nothing to save');

/**
 * Before a user saves anything: account mail on, marketing off, and the monthly summary opt-in
 * (it goes only to users who turned it on).
 */
export const DEFAULT_EMAIL_PREFERENCES: EmailPreferences = {
  marketing_emails: false,
  product_updates: true,
  billing_notifications: true,
  savings_reports: true,
  monthly_summary: false,
};

export const EMAIL_PREFERENCE_LABELS: Record<EmailPreferenceKey, { label: string; description: string }> = {
  marketing_emails: { label: 'Marketing emails', description: 'Offers and news about Wattwise' },
  product_updates: { label: 'Product updates', description: 'New features and your welcome email' },
  billing_notifications: { label: 'Billing notifications', description: 'Bill received, processed, due soon and anomaly alerts (the Email Notifications switch of your notification preferences)' },
  savings_reports: { label: 'Savings reports', description: 'What you saved and where it came from' },
  monthly_summary: { label: 'Monthly summary', description: 'Your usage, cost and carbon for last month, from your bills' },
};

/** The templates the Send Test Emails tab offers (02-tools §3 'Email template data fields'). */
export const TEST_EMAIL_TEMPLATES = ['welcome', 'monthly_summary', 'bill_received', 'subscription', 'savings_report', 'payment_receipt', 'verify', 'reset'] as const;
export type TestEmailTemplate = (typeof TEST_EMAIL_TEMPLATES)[number];
export const TEST_EMAIL_TEMPLATE_LABELS: Record<TestEmailTemplate, string> = {
  welcome: 'Welcome',
  monthly_summary: 'Monthly summary',
  bill_received: 'Bill received',
  subscription: 'Subscription',
  savings_report: 'Savings report',
  payment_receipt: 'Payment receipt',
  verify: 'Verify email',
  reset: 'Password reset',
};

/** Test emails one user may send per window (the page sends through the real adapter). */
export const TEST_EMAIL_RATE_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 } as const;

/**
 * A test email goes to the caller's own verified address only (never a relay): `to` may be left
 * out, and when given must be that address.
 */
export const testEmailRequestSchema = z.object({ to: z.email().optional(), template: z.enum(TEST_EMAIL_TEMPLATES) });
export const sendResultSchema = z.object({ success: z.literal(true), queued: z.literal(true) });

export const EMAIL_EVENT_TYPES = ['queued', 'sent', 'failed', 'suppressed', 'delivered', 'open', 'click', 'bounce', 'dropped', 'spamreport', 'unsubscribe', 'deferred'] as const;
export const emailEventSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  event: z.enum(EMAIL_EVENT_TYPES),
  template: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type EmailEvent = z.infer<typeof emailEventSchema>;
export const emailEventListSchema = z.object({ events: z.array(emailEventSchema) });
export const RECENT_EMAIL_EVENTS_LIMIT = 20;

/** The Stay Updated sign-up (02-tools §3 'Signup preferences'). */
export const signupPreferencesSchema = z.object({
  rebateAlerts: z.boolean(),
  monthlyTips: z.boolean(),
  seasonalReminders: z.boolean(),
  newPrograms: z.boolean(),
});
export type SignupPreferences = z.infer<typeof signupPreferencesSchema>;
export const DEFAULT_SIGNUP_PREFERENCES: SignupPreferences = { rebateAlerts: true, monthlyTips: true, seasonalReminders: true, newPrograms: false };
export const SIGNUP_PREFERENCE_LABELS: Record<keyof SignupPreferences, string> = {
  rebateAlerts: 'New rebate alerts',
  monthlyTips: 'Monthly energy-saving tips',
  seasonalReminders: 'Seasonal reminders',
  newPrograms: 'New programs in your area',
};
export const subscribeRequestSchema = z.object({ email: z.email(), preferences: signupPreferencesSchema, source: z.string().min(1).max(40).default('assistant') });
export const subscribeResultSchema = z.object({ success: z.literal(true), subscriptionId: z.uuid(), verified: z.boolean() });
/** Sign-ups one address (visitor) may make per window. */
export const SUBSCRIBE_RATE_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 } as const;

/** 02-tools §8 'Email' and §5: what the user reads. */
export const EMAIL_MESSAGES = {
  unknownError: 'Unknown error sending email',
  notAuthenticated: 'User not authenticated',
  sendFailed: 'Failed to send email',
  savePreferencesFailed: 'Failed to save email preferences',
  welcomeFailed: 'Failed to send welcome email',
  subscribeFailed: 'Failed to subscribe to emails',
  sent: 'Email sent successfully!',
  sendFailedToast: (reason: string) => `Failed to send email: ${reason}`,
  preferencesUpdated: 'Email preferences updated successfully',
  preferencesFailedToast: (reason: string) => `Failed to update preferences: ${reason}`,
  noPreferences: 'No preferences found. You need to be logged in to manage email preferences.',
  addressRequired: 'Please enter an email address',
  addressInvalid: 'Please enter a valid email address',
  loginToSave: 'Please log in to save preferences',
  tooManyTests: 'Too many test emails. Please wait a few minutes before sending another.',
  testOwnAddressOnly: 'Test emails go to your own address only.',
  testNeedsVerifiedAddress: 'Verify your email address before sending test emails.',
  tooManySignups: 'Too many sign-ups from here. Please wait a few minutes.',
  signupRequired: 'Please enter your email address',
  signupWelcomeFailed: 'Failed to send welcome email. Please try again.',
  signupFailed: 'Failed to subscribe. Please try again.',
  webhookSignature: 'The webhook signature is missing or wrong.',
  webhookNotConfigured: 'Email events are not configured (EMAIL_WEBHOOK_SECRET).',
} as const;

/** A provider event as the webhook receives it (SendGrid's Event Webhook shape, JSON array). */
export const providerEventSchema = z.object({
  email: z.string().min(3).max(320),
  event: z.string().min(1).max(40),
  timestamp: z.number().int().optional(),
  sg_event_id: z.string().max(200).optional(),
  reason: z.string().max(1000).optional(),
  type: z.string().max(40).optional(),
});
export const providerEventBatchSchema = z.array(providerEventSchema).min(1).max(1000);
export const webhookResultSchema = z.object({ recorded: z.number().int().min(0), suppressed: z.number().int().min(0) });
