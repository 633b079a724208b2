import { randomBytes } from 'node:crypto';
import { createEmailVerificationToken } from 'better-auth/api';
import { serializeSignedCookie } from 'better-call';
import { isActiveSubscriptionStatus, isKnownTimeZone } from '@wattwise/shared/entitlements';
import type { BillPaymentRequest, PaymentRecord, PaymentVerification, Subscription, SubscriptionStatus } from '@wattwise/shared/contract/payments';
import { PAYMENT_MESSAGES, UTILITY_TYPE_LABELS } from '@wattwise/shared/contract/payments';
import { type BillingCycle, getPlan, type PlanId, planPriceCents } from '@wattwise/shared/plans';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import { type MailMessage, SEND_EMAIL_JOB } from '../../platform/mail.ts';
import type { PaymentsProvider } from '../../platform/payments/payments.ts';
import type { Queue } from '../../platform/queue.ts';
import { type Auth, planSignUpEmail } from '../auth/auth.service.ts';
import {
  type CheckoutSessionRow,
  findBillingProfile,
  findLatestSubscriptions,
  findPayment,
  findPayments,
  findRefundRequests,
  insertRefundRequest,
  findSubscriptions,
  findUserCheckoutSession,
  insertCheckoutSession,
  type PaymentRow,
  type SubscriptionRow,
  upsertBillingProfile,
} from './payments.queries.ts';

export type PaymentsDeps = {
  db: Db;
  auth: Auth;
  provider: PaymentsProvider;
  publicUrl: string;
  queue: Pick<Queue, 'send'>;
  logger: Logger;
};

export const PAYMENT_ERRORS = {
  alreadySubscribed: 'You already have an active subscription. Manage it from your dashboard.',
  noPortal: 'Managing a subscription needs the payment provider (Stripe); the built-in test checkout has none.',
} as const;

function toSubscriptionDto(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    status: row.status,
    plan: row.plan,
    billingCycle: row.billingCycle,
    amountCents: row.amountCents,
    currency: row.currency,
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

/** The subscription that counts: an active one if any (newest first), else the newest. */
function currentSubscription(rows: SubscriptionRow[]): SubscriptionRow | null {
  return rows.find((r) => isActiveSubscriptionStatus(r.status)) ?? rows[0] ?? null;
}

/** The spec's check-subscription (01-core §3): what the webhooks last said. */
export async function getSubscriptionStatus(db: Db, userId: string, canManage: boolean): Promise<SubscriptionStatus> {
  const current = currentSubscription(await findSubscriptions(db, userId));
  const active = current !== null && isActiveSubscriptionStatus(current.status);
  return { hasActiveSubscription: active, subscription: current ? toSubscriptionDto(current) : null, plan: active ? current.plan : 'free', canManage: canManage && current !== null };
}

/** The plan a user's entitlements follow and the time zone their months are counted in. */
export async function getEntitlementPlan(db: Db, userId: string): Promise<{ plan: PlanId; timeZone: string; since: Date | null }> {
  const current = currentSubscription(await findSubscriptions(db, userId));
  const active = current !== null && isActiveSubscriptionStatus(current.status);
  const profile = await findBillingProfile(db, userId);
  return { plan: active ? current.plan : 'free', timeZone: profile?.timeZone ?? 'UTC', since: active ? current.createdAt : null };
}

/** Remembers the browser's time zone (bills count per calendar month in it). */
export async function rememberTimeZone(db: Db, userId: string, timeZone: string | undefined): Promise<void> {
  if (timeZone && isKnownTimeZone(timeZone)) await upsertBillingProfile(db, userId, { timeZone });
}

/**
 * The pricing dialog's account for a visitor (01-core §3, §6): made from the email alone with a
 * generated password nobody sees; the confirmation mail carries a link to set a password. This
 * browser is signed in at once so a paid plan can go on to checkout
 * (docs/decisions/060-plan-sign-up-session.md). Returns the session cookie to set.
 */
export async function createPlanAccount(deps: PaymentsDeps, email: string, plan: PlanId): Promise<{ userId: string; setCookie: string }> {
  const ctx = await deps.auth.$context;
  const normalized = email.trim().toLowerCase();
  if (await ctx.internalAdapter.findUserByEmail(normalized)) throw new AppError('USER_ALREADY_EXISTS', 422, PAYMENT_MESSAGES.accountExists);
  const password = `${randomBytes(18).toString('base64url')}aA1!`;
  const user = await ctx.internalAdapter.createUser({ email: normalized, name: normalized.split('@')[0] ?? normalized, emailVerified: false, role: 'user' }, { method: 'email-password' });
  await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: 'credential', accountId: user.id, password: await ctx.password.hash(password) });
  await upsertBillingProfile(deps.db, user.id, {});

  const authBase = `${deps.publicUrl}/api/auth`;
  const verifyToken = await createEmailVerificationToken(ctx.secret, normalized, undefined, 24 * 60 * 60);
  const verifyUrl = `${authBase}/verify-email?token=${verifyToken}&callbackURL=${encodeURIComponent('/auth/callback?type=signup')}`;
  const resetToken = randomBytes(24).toString('base64url');
  await ctx.internalAdapter.createVerificationValue({ identifier: `reset-password:${resetToken}`, value: user.id, expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000) });
  const setPasswordUrl = `${authBase}/reset-password/${resetToken}?callbackURL=${encodeURIComponent(`${deps.publicUrl}/auth/reset-password`)}`;
  const message: MailMessage = planSignUpEmail(normalized, verifyUrl, setPasswordUrl, getPlan(plan).name);
  await deps.queue.send(SEND_EMAIL_JOB, message);

  const session = await ctx.internalAdapter.createSession(user.id);
  const cookie = ctx.authCookies.sessionToken;
  const setCookie = await serializeSignedCookie(cookie.name, session.token, ctx.secret, { ...cookie.attributes, maxAge: ctx.sessionConfig.expiresIn });
  return { userId: user.id, setCookie };
}

async function startCheckout(deps: PaymentsDeps, user: { id: string; email: string }, row: Omit<CheckoutSessionRow, 'id' | 'provider' | 'userId' | 'status' | 'paymentStatus' | 'createdAt' | 'completedAt'>, metadata: Record<string, string>): Promise<{ url: string }> {
  const profile = await findBillingProfile(deps.db, user.id);
  const created = await deps.provider.createCheckout({
    userId: user.id,
    email: user.email,
    mode: row.mode,
    amountCents: row.amountCents,
    currency: 'usd',
    description: row.description,
    interval: row.billingCycle === 'annual' ? 'year' : 'month',
    customerId: profile?.customerId ?? null,
    successUrl: row.successUrl,
    cancelUrl: row.cancelUrl,
    metadata: { userId: user.id, ...metadata },
  });
  // A provider that takes no payments never gets here: its createCheckout refuses.
  await insertCheckoutSession(deps.db, { ...row, id: created.id, provider: deps.provider.kind === 'stripe' ? 'stripe' : 'test', userId: user.id });
  return { url: created.url };
}

/** create-checkout (01-core §7): a subscription checkout for a paid plan, returning its URL. */
export async function startSubscriptionCheckout(deps: PaymentsDeps, user: { id: string; email: string }, plan: 'basic' | 'pro', cycle: BillingCycle): Promise<{ url: string }> {
  const status = await getSubscriptionStatus(deps.db, user.id, false);
  if (status.hasActiveSubscription) throw new AppError('ALREADY_SUBSCRIBED', 409, PAYMENT_ERRORS.alreadySubscribed);
  const details = getPlan(plan);
  return startCheckout(
    deps,
    user,
    {
      mode: 'subscription',
      plan,
      billingCycle: cycle,
      amountCents: planPriceCents(plan, cycle),
      currency: 'usd',
      description: `Wattwise ${details.name} plan (${cycle === 'annual' ? 'annual' : 'monthly'})`,
      successUrl: `${deps.publicUrl}/dashboard?subscription=success&plan=${plan}`,
      cancelUrl: `${deps.publicUrl}/dashboard?subscription=canceled&plan=${plan}`,
      details: {},
    },
    { plan, billingCycle: cycle },
  );
}

/** Dollars as typed to cents, exactly (0.1 + 0.2 never leaks into a charge). */
export function dollarsToCents(amount: number): number {
  return Math.round(amount * 100);
}

/** create-checkout-session (02-tools §6): a one-off card payment of a utility bill. */
export async function startBillPaymentCheckout(deps: PaymentsDeps, user: { id: string; email: string }, input: BillPaymentRequest): Promise<{ url: string }> {
  const amountCents = dollarsToCents(input.amount);
  if (amountCents <= 0) throw new AppError('INVALID_AMOUNT', 422, PAYMENT_MESSAGES.invalidAmountDescription);
  return startCheckout(
    deps,
    user,
    {
      mode: 'payment',
      plan: null,
      billingCycle: null,
      amountCents,
      currency: 'usd',
      description: `${UTILITY_TYPE_LABELS[input.utilityType]} bill payment to ${input.provider} (account ${input.accountNumber})`,
      successUrl: `${deps.publicUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${deps.publicUrl}/payment-canceled`,
      details: { provider: input.provider, accountNumber: input.accountNumber, utilityType: input.utilityType, dueDate: input.dueDate ?? null, customerName: input.customerName ?? null },
    },
    { kind: 'bill_payment', utilityType: input.utilityType },
  );
}

/** verify-payment (02-tools §6): the user's own checkout session (another user's is 404), amount in cents. */
export async function verifyCheckout(db: Db, provider: PaymentsProvider, userId: string, sessionId: string): Promise<PaymentVerification> {
  const row = await findUserCheckoutSession(db, userId, sessionId);
  if (!row) throw new AppError('NOT_FOUND', 404, PAYMENT_MESSAGES.paymentNotFound);
  const remote = row.provider === 'stripe' ? await provider.retrieveCheckout(row.id) : null;
  return {
    id: row.id,
    amount: remote?.amountTotal ?? row.amountCents,
    description: row.description,
    created: remote?.created ?? Math.floor(row.createdAt.getTime() / 1000),
    status: remote ? remote.paymentStatus : row.paymentStatus,
  };
}

function toPaymentRecord(row: PaymentRow): PaymentRecord {
  return { id: row.id, kind: row.kind, status: row.status, amountCents: row.amountCents, currency: row.currency, description: row.description, occurredAt: row.occurredAt.toISOString() };
}

export async function listPayments(db: Db, userId: string): Promise<PaymentRecord[]> {
  return (await findPayments(db, userId)).map(toPaymentRecord);
}

/** One of the user's payments (the receipt); another user's is 404. */
export async function getPayment(db: Db, userId: string, id: string): Promise<PaymentRow> {
  const row = await findPayment(db, userId, id);
  if (!row) throw new AppError('NOT_FOUND', 404, PAYMENT_MESSAGES.paymentNotFound);
  return row;
}

/** Stripe's Customer Portal for the user's customer record (manage or cancel). */
export async function openCustomerPortal(deps: PaymentsDeps, userId: string): Promise<{ url: string }> {
  const profile = await findBillingProfile(deps.db, userId);
  const portal = profile?.customerId ? await deps.provider.createPortalSession(profile.customerId, `${deps.publicUrl}/dashboard`) : null;
  if (!portal) throw new AppError('NO_PORTAL', 409, PAYMENT_ERRORS.noPortal);
  return portal;
}

/** For the admin list: each user's current subscription. */
export async function getCurrentSubscriptions(db: Db, userIds: string[]): Promise<Map<string, Subscription>> {
  const rows = await findLatestSubscriptions(db, userIds);
  return new Map([...rows].map(([userId, row]) => [userId, toSubscriptionDto(row)]));
}

/** The guarantee (01-core §1, §9): $100+ a year found, else a refund after 30 days on a paid plan. */
export const GUARANTEE = { minimumYearlyCents: 10_000, waitDays: 30 } as const;

export const GUARANTEE_MESSAGES = {
  notEligible: 'A refund can be requested 30 days after a paid plan starts, when less than $100 a year in savings was found.',
  alreadyRequested: 'Your refund request is already waiting for review.',
} as const;

export type GuaranteeFacts = { subscription: SubscriptionRow | null; requested: boolean };

/** The current paid subscription with the guarantee, and whether a refund request is already open. */
export async function getGuaranteeFacts(db: Db, userId: string): Promise<GuaranteeFacts> {
  const current = currentSubscription(await findSubscriptions(db, userId));
  const active = current && isActiveSubscriptionStatus(current.status) && getPlan(current.plan).hasGuarantee ? current : null;
  const requests = await findRefundRequests(db, userId);
  return { subscription: active, requested: active !== null && requests.some((r) => r.subscriptionId === active.id && r.status === 'pending') };
}

/** Records a refund request for admin review (issued on Stripe once an admin approves; not built yet). */
export async function recordRefundRequest(db: Db, userId: string, subscriptionId: string, yearlySavingsCents: number): Promise<void> {
  await insertRefundRequest(db, { id: randomBytes(16).toString('hex'), userId, subscriptionId, yearlySavingsCents });
}
