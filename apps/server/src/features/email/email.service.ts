import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  EMAIL_MESSAGES,
  EMAIL_PREFERENCE_KEYS,
  type EmailEvent,
  type EmailPreferences,
  type EmailPreferencesResponse,
  RECENT_EMAIL_EVENTS_LIMIT,
  SIGNUP_PREFERENCE_LABELS,
  type SignupPreferences,
  TEST_EMAIL_RATE_LIMIT,
  type TestEmailTemplate,
} from '@wattwise/shared/contract/email';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { readEmailPreferences, writeEmailPreferences } from '../../platform/email-preferences.ts';
import { type TemplateData, templateMail } from '../../platform/email-templates/message.ts';
import type { Logger } from '../../platform/logger.ts';
import { listEmailEventsOf, type MailMessage, normalizeAddress, recordEmailEvent, SEND_EMAIL_JOB, suppressAddress } from '../../platform/mail.ts';
import type { Queue } from '../../platform/queue.ts';
import { signSubscriptionToken, signUnsubscribeToken } from '../../platform/unsubscribe-token.ts';
import { findUserIdByEmail, getUserContact } from '../auth/auth.service.ts';
import { markUnsubscribed, upsertSubscription } from './email.queries.ts';

export type EmailDeps = {
  /** The shared connection: sign-ups and webhook events are not one user's rows. */
  db: Db;
  queue: Pick<Queue, 'send'>;
  logger: Logger;
  publicUrl: string;
  unsubscribeKey: string;
  /** The app's rate limiter (http/rate-limit.ts), for the sends a caller asks for. */
  rateLimiter: RateLimiter;
};

// ---- the user's own preferences and events (routes call these inside the user's scope) ----

export async function getEmailPreferences(db: Db, userId: string): Promise<EmailPreferencesResponse> {
  const { updated_at, ...flags } = await readEmailPreferences(db, userId);
  return { ...flags, updated_at: updated_at?.toISOString() ?? null };
}

export async function saveEmailPreferences(db: Db, userId: string, changes: Partial<EmailPreferences>): Promise<EmailPreferencesResponse> {
  await writeEmailPreferences(db, userId, changes);
  return getEmailPreferences(db, userId);
}

export async function listEmailEvents(db: Db, userId: string): Promise<EmailEvent[]> {
  const rows = await listEmailEventsOf(db, userId, RECENT_EMAIL_EVENTS_LIMIT);
  return rows.map((r) => ({ id: r.id, email: r.email, event: r.event, template: r.template, reason: r.reason, created_at: r.createdAt.toISOString() }));
}

// ---- test emails (02-tools §2.13 Send Test Emails) ----

const day = (d: Date) => d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Example data for each template, marked as a test; links point into the app. */
function sampleData(template: TestEmailTemplate, firstName: string, publicUrl: string, now: Date): TemplateData<TestEmailTemplate> {
  const link = (path: string) => new URL(path, publicUrl).toString();
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  switch (template) {
    case 'welcome':
      return { first_name: firstName, welcome_bonus: 'Free bill analysis', verification_required: false, preferences: null, action_url: link('/bill-upload') };
    case 'monthly_summary':
      return {
        first_name: firstName,
        month: lastMonth.toLocaleDateString('en-US', { month: 'long', timeZone: 'UTC' }),
        year: lastMonth.getUTCFullYear(),
        total_usage: 824,
        usage_change: -6.2,
        average_cost: 118.4,
        cost_change: -4.8,
        peak_usage_time: '6 pm – 9 pm',
        carbon_footprint: 988.8,
        carbon_change: -6.2,
        saving_tips: ['Run the dishwasher and dryer after 9 pm.'],
        bill_count: 1,
        action_url: link('/dashboard'),
      };
    case 'bill_received':
      return { first_name: firstName, bill_type: 'electricity', upload_date: day(now), expected_processing_time: 'about a minute', action_url: link('/dashboard') };
    case 'subscription':
      return { first_name: firstName, plan_name: 'Basic', amount: 9.99, billing_cycle: 'monthly', start_date: day(now), features: ['Unlimited automated scanning', 'Up to 5 bills a month'], action_url: link('/payment-dashboard') };
    case 'savings_report':
      return {
        first_name: firstName,
        period: 'last quarter',
        total_savings: 64.5,
        comparison_period: 'the same quarter last year',
        categorized_savings: [
          { category: 'Electricity', amount: 41.2 },
          { category: 'Gas', amount: 23.3 },
        ],
        projected_annual_savings: 258,
        action_url: link('/dashboard'),
      };
    case 'payment_receipt':
      return { first_name: firstName, amount: 9.99, date: day(now), payment_method: 'Card', plan_name: 'Basic', next_billing_date: null, invoice_url: link('/payment-dashboard') };
    case 'verify':
      return { first_name: firstName, verification_url: link('/auth/callback?type=signup') };
    case 'reset':
      return { first_name: firstName, reset_url: link('/auth/reset-password') };
  }
}

export function createTestEmailSender(deps: EmailDeps) {
  // The page sends real mail, so a few a window per user.
  const rule = { name: 'email-test', max: TEST_EMAIL_RATE_LIMIT.max, windowSeconds: TEST_EMAIL_RATE_LIMIT.windowMs / 1000, message: EMAIL_MESSAGES.tooManyTests };
  /**
   * Renders the template with example data and queues it through the real adapter, to the
   * caller's own verified address only (the page is not a relay): another address is refused, so
   * is an account whose address is not verified. Not held back by the sender's preferences (they
   * asked for it), but never to a bounced or complained address. The security templates (verify,
   * reset) carry no text the user typed, not even their name.
   */
  return async (userId: string, input: { to?: string | undefined; template: TestEmailTemplate }): Promise<void> => {
    const contact = await getUserContact(deps.db, userId);
    if (!contact?.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED', 403, EMAIL_MESSAGES.testNeedsVerifiedAddress);
    if (input.to !== undefined && normalizeAddress(input.to) !== normalizeAddress(contact.email)) throw new AppError('FORBIDDEN', 403, EMAIL_MESSAGES.testOwnAddressOnly);
    await deps.rateLimiter(rule, `user:${userId}`);
    const security = input.template === 'verify' || input.template === 'reset';
    const message = await templateMail({
      to: contact.email,
      userId,
      template: input.template,
      data: sampleData(input.template, security ? '' : contact.name, deps.publicUrl, new Date()),
      reason: 'This is a test email you sent yourself from the Email Testing page of Wattwise.',
      optional: { category: null, unsubscribe: { publicUrl: deps.publicUrl, token: signUnsubscribeToken(deps.unsubscribeKey, userId) } },
    });
    const test: MailMessage = { ...message, subject: `[Test] ${message.subject}`, meta: { template: input.template, userId, essential: false, category: null } };
    await deps.queue.send(SEND_EMAIL_JOB, test);
  };
}

// ---- the Stay Updated sign-up (02-tools §2.1 global modals, §7 email_preferences upsert) ----

/**
 * Stores the sign-up (by address; a signed-in user's email preferences all turn on, as the spec's
 * upsert does) and queues the welcome email with a signed unsubscribe link.
 */
export async function subscribe(deps: EmailDeps, userId: string | null, input: { email: string; preferences: SignupPreferences; source: string }) {
  const email = normalizeAddress(input.email);
  const row = await upsertSubscription(deps.db, { email, userId, preferences: input.preferences, source: input.source });
  if (userId) await writeEmailPreferences(deps.db, userId, Object.fromEntries(EMAIL_PREFERENCE_KEYS.map((k) => [k, true])));
  const topics = (Object.keys(SIGNUP_PREFERENCE_LABELS) as (keyof SignupPreferences)[]).filter((k) => input.preferences[k]).map((k) => SIGNUP_PREFERENCE_LABELS[k]);
  const contact = userId ? await getUserContact(deps.db, userId) : null;
  try {
    const message = await templateMail({
      to: email,
      userId,
      template: 'welcome',
      data: {
        first_name: contact?.name ?? '',
        welcome_bonus: null,
        verification_required: false,
        preferences: topics.length > 0 ? topics : ['Important Wattwise news only'],
        action_url: new URL('/rebates', deps.publicUrl).toString(),
      },
      reason: `You received this email because ${email} was signed up for Wattwise updates.`,
      optional: { category: null, unsubscribe: { publicUrl: deps.publicUrl, token: signSubscriptionToken(deps.unsubscribeKey, row.id) } },
    });
    await deps.queue.send(SEND_EMAIL_JOB, message);
  } catch (error) {
    deps.logger.warn({ err: error }, 'welcome email not queued');
    throw new AppError('WELCOME_FAILED', 502, EMAIL_MESSAGES.welcomeFailed);
  }
  return { success: true as const, subscriptionId: row.id, verified: row.verified };
}

/** A sign-up's unsubscribe link: the address, or null when it named no sign-up. */
export async function endSubscription(db: Db, subscriptionId: string): Promise<string | null> {
  if (!z.uuid().safeParse(subscriptionId).success) return null;
  return markUnsubscribed(db, subscriptionId);
}

// ---- provider events (the signed webhook) ----

/** How old a signed webhook delivery may be (replays of an old capture are refused). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, as the provider (or a relay) signs it. */
export function signEmailWebhook(body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export function verifyEmailWebhook(body: string, header: string | undefined, secret: string, now = Date.now()): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=') as [string, string]));
  const t = Number(parts.t);
  const given = parts.v1;
  if (!Number.isInteger(t) || !given || Math.abs(now / 1000 - t) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

const PROVIDER_EVENTS: Record<string, EmailEvent['event']> = {
  delivered: 'delivered',
  deferred: 'deferred',
  open: 'open',
  click: 'click',
  bounce: 'bounce',
  dropped: 'dropped',
  spamreport: 'spamreport',
  unsubscribe: 'unsubscribe',
  group_unsubscribe: 'unsubscribe',
};

type ProviderEvent = { email: string; event: string; sg_event_id?: string; reason?: string; type?: string };

/**
 * Records the provider's events and acts on them: a hard bounce (or a drop for a bounced
 * address) suppresses every further send, a spam report every non-essential one, an unsubscribe
 * turns the user's non-essential mail off. A redelivered event (same id) counts once.
 */
export async function handleProviderEvents(db: Db, events: ProviderEvent[]): Promise<{ recorded: number; suppressed: number }> {
  let recorded = 0;
  let suppressed = 0;
  for (const e of events) {
    const event = PROVIDER_EVENTS[e.event];
    if (!event || !z.email().safeParse(e.email.trim()).success) continue;
    const email = normalizeAddress(e.email);
    const userId = await findUserIdByEmail(db, email);
    const fresh = await recordEmailEvent(db, { email, userId, event, reason: e.reason?.slice(0, 500) ?? null, providerEventId: e.sg_event_id ?? null });
    if (!fresh) continue;
    recorded += 1;
    const hardBounce = (event === 'bounce' && e.type !== 'blocked') || (event === 'dropped' && /bounce/i.test(e.reason ?? ''));
    if (hardBounce || event === 'spamreport') {
      await suppressAddress(db, email, hardBounce ? 'bounce' : 'spamreport', e.reason?.slice(0, 500) ?? null);
      suppressed += 1;
    }
    if (event === 'unsubscribe' && userId) await writeEmailPreferences(db, userId, Object.fromEntries(EMAIL_PREFERENCE_KEYS.map((k) => [k, false])));
  }
  return { recorded, suppressed };
}
