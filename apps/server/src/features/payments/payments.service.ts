import { randomBytes, randomUUID } from 'node:crypto';
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
  decideRefundRequest,
  findAllRefundRequests,
  findPaidInvoices,
  findRefundRequestById,
  findRefundRequests,
  findSubscriptionById,
  findSubscriptionsByIds,
  insertRefundRequest,
  type RefundRequestRow,
  findSubscriptions,
  findUserCheckoutSession,
  insertCheckoutSession,
  type PaymentRow,
  type SubscriptionRow,
  upsertBillingProfile,
  setSubscriptionCancelAtPeriodEnd,
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
  alreadySubscribed: 'You already have an active subscription. Manage it under Settings → Plan & billing (/settings#plan).',
  noSubscription: 'You have no active paid plan.',
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
 * (docs/decisions/061-plan-sign-up-session.md). Returns the session cookie to set.
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
  const message: MailMessage = await planSignUpEmail(normalized, verifyUrl, setPasswordUrl, getPlan(plan).name);
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

/** The provider a bill payment went to, from the session's details; null for a plan. */
function payeeOf(details: unknown): string | null {
  return typeof details === 'object' && details !== null && 'provider' in details && typeof details.provider === 'string' ? details.provider : null;
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
    // With Stripe the webhook may land after the redirect: the page checks again until it has.
    receiptReady: (await findPayment(db, userId, row.id)) !== null,
    payee: payeeOf(row.details),
    paidAt: row.paymentStatus === 'paid' || remote?.paymentStatus === 'paid' ? (row.completedAt ?? new Date((remote?.created ?? 0) * 1000)).toISOString() : null,
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

/**
 * Cancel at period end (true) or resume (false) the user's active plan: the provider is asked,
 * and its subscription.updated event (the built-in checkout's at once, Stripe's soon after) sets
 * our row; the row is set here too, so the answer shows the change before Stripe's event lands.
 */
export async function setCancelAtPeriodEnd(deps: Pick<PaymentsDeps, 'db' | 'provider'>, userId: string, cancel: boolean): Promise<SubscriptionStatus> {
  const current = currentSubscription(await findSubscriptions(deps.db, userId));
  if (!current || !isActiveSubscriptionStatus(current.status)) throw new AppError('NO_SUBSCRIPTION', 409, PAYMENT_ERRORS.noSubscription);
  const profile = await findBillingProfile(deps.db, userId);
  await deps.provider.setCancelAtPeriodEnd({ ...current, customerId: profile?.customerId ?? null }, cancel, `period-end:${current.id}:${randomUUID()}`);
  await setSubscriptionCancelAtPeriodEnd(deps.db, current.id, cancel);
  return getSubscriptionStatus(deps.db, userId, deps.provider.kind === 'stripe');
}

/** Stripe's Customer Portal for the user's customer record (payment method, plan, cancel); back to Plan & billing. */
export async function openCustomerPortal(deps: PaymentsDeps, userId: string): Promise<{ url: string }> {
  const profile = await findBillingProfile(deps.db, userId);
  const portal = profile?.customerId ? await deps.provider.createPortalSession(profile.customerId, `${deps.publicUrl}/settings#plan`) : null;
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
  alreadyDecided: 'This refund request has already been decided.',
  requestNotFound: 'Refund request not found',
} as const;

export type GuaranteeFacts = { subscription: SubscriptionRow | null; requested: boolean; latestRequest: RefundRequestRow | null };

/**
 * The current paid subscription with the guarantee, whether a refund was already asked for it
 * (one request per subscription: pending, approved or rejected), and the user's latest request.
 */
export async function getGuaranteeFacts(db: Db, userId: string): Promise<GuaranteeFacts> {
  const current = currentSubscription(await findSubscriptions(db, userId));
  const active = current && isActiveSubscriptionStatus(current.status) && getPlan(current.plan).hasGuarantee ? current : null;
  const requests = await findRefundRequests(db, userId);
  return { subscription: active, requested: active !== null && requests.some((r) => r.subscriptionId === active.id), latestRequest: requests[0] ?? null };
}

/** Records a refund request for admin review (refunded through the provider once an admin approves). */
export async function recordRefundRequest(db: Db, userId: string, subscriptionId: string, yearlySavingsCents: number): Promise<void> {
  await insertRefundRequest(db, { id: randomBytes(16).toString('hex'), userId, subscriptionId, yearlySavingsCents });
}

/** A refund request with the subscription it is about and what was paid on it (cents, as charged). */
export type RefundRequestForReview = { request: RefundRequestRow; subscription: SubscriptionRow | null; amountPaidCents: number };

/** Admin review: refund requests newest first (pending only, or all), with the plan and the amount paid. */
export async function listRefundRequestsForReview(db: Db, filter: { status?: 'pending'; id?: string }, limit: number): Promise<RefundRequestForReview[]> {
  const requests = await findAllRefundRequests(db, filter, limit);
  const subscriptionIds = [...new Set(requests.map((r) => r.subscriptionId))];
  const subscriptions = new Map((await findSubscriptionsByIds(db, subscriptionIds)).map((s) => [s.id, s]));
  const paid = new Map<string, number>();
  for (const invoice of await findPaidInvoices(db, subscriptionIds)) {
    if (invoice.subscriptionId) paid.set(invoice.subscriptionId, (paid.get(invoice.subscriptionId) ?? 0) + invoice.amountCents);
  }
  return requests.map((request) => ({ request, subscription: subscriptions.get(request.subscriptionId) ?? null, amountPaidCents: paid.get(request.subscriptionId) ?? 0 }));
}

export type RefundDecisionDeps = { db: Db; provider: PaymentsProvider; logger: Logger };

/** A decision as made: `changed` is false when the request already had it (nothing was done again). */
export type RefundDecisionResult = { request: RefundRequestRow; changed: boolean; plan: PlanId | null };

/**
 * An admin approves a guarantee refund: every paid invoice of the subscription is refunded
 * through the provider and the subscription is cancelled (the provider's deleted event then
 * ends it through the webhook), and the request is marked approved. Idempotent: an approved
 * request is answered as it is; the provider calls carry idempotency keys derived from the
 * request, so two approvals racing still make one refund.
 */
export async function approveRefundRequest(deps: RefundDecisionDeps, adminId: string, id: string): Promise<RefundDecisionResult> {
  const request = await findRefundRequestById(deps.db, id);
  if (!request) throw new AppError('NOT_FOUND', 404, GUARANTEE_MESSAGES.requestNotFound);
  const subscription = await findSubscriptionById(deps.db, request.subscriptionId);
  const plan = subscription?.plan ?? null;
  if (request.status === 'approved') return { request, changed: false, plan };
  if (request.status === 'rejected') throw new AppError('ALREADY_DECIDED', 409, GUARANTEE_MESSAGES.alreadyDecided);
  const refunds = [];
  for (const invoice of await findPaidInvoices(deps.db, [request.subscriptionId])) {
    refunds.push(
      await deps.provider.refundPayment({
        paymentId: invoice.id,
        kind: 'subscription_invoice',
        amountCents: invoice.amountCents,
        idempotencyKey: `guarantee-refund:${request.id}:${invoice.id}`,
        metadata: { refundRequestId: request.id, userId: request.userId },
      }),
    );
  }
  if (subscription && subscription.status !== 'canceled') {
    const profile = await findBillingProfile(deps.db, request.userId);
    await deps.provider.cancelSubscription({ ...subscription, customerId: profile?.customerId ?? null }, `guarantee-cancel:${request.id}`);
  }
  const refundedCents = refunds.reduce((sum, r) => sum + r.amountCents, 0);
  const decided = await decideRefundRequest(deps.db, id, { status: 'approved', decidedBy: adminId, refundedCents, providerRefundIds: refunds.map((r) => r.id) });
  if (!decided) {
    // Another approval finished first (same refunds, by the idempotency keys).
    const now = await findRefundRequestById(deps.db, id);
    if (now?.status === 'approved') return { request: now, changed: false, plan };
    throw new AppError('ALREADY_DECIDED', 409, GUARANTEE_MESSAGES.alreadyDecided);
  }
  deps.logger.info({ refundRequestId: id, refundedCents, refunds: decided.providerRefundIds }, 'guarantee refund approved');
  return { request: decided, changed: true, plan };
}

/** An admin rejects a guarantee refund request. An approved request is 409. */
export async function rejectRefundRequest(deps: RefundDecisionDeps, adminId: string, id: string): Promise<RefundDecisionResult> {
  const request = await findRefundRequestById(deps.db, id);
  if (!request) throw new AppError('NOT_FOUND', 404, GUARANTEE_MESSAGES.requestNotFound);
  if (request.status === 'rejected') return { request, changed: false, plan: null };
  const decided = await decideRefundRequest(deps.db, id, { status: 'rejected', decidedBy: adminId });
  if (!decided) throw new AppError('ALREADY_DECIDED', 409, GUARANTEE_MESSAGES.alreadyDecided);
  return { request: decided, changed: true, plan: null };
}

/** The one webhook handler (payments.webhook.ts), for the use case that adds other features' hooks. */
export { applyPaymentEvent, type PaidPayment, type PaymentEventHooks, type WebhookOutcome } from './payments.webhook.ts';

/**
 * Cancels every subscription of the user that still bills (account deletion): the provider first,
 * so no further invoice is charged; the rows go with the account. Returns the ids cancelled.
 */
export async function cancelSubscriptionsOf(deps: { db: Db; provider: PaymentsProvider }, userId: string): Promise<string[]> {
  const live = (await findSubscriptions(deps.db, userId)).filter((s) => s.status !== 'canceled' && s.status !== 'incomplete_expired');
  if (live.length === 0) return [];
  const profile = await findBillingProfile(deps.db, userId);
  for (const sub of live) await deps.provider.cancelSubscription({ ...sub, customerId: profile?.customerId ?? null }, `account-deletion:${sub.id}`);
  return live.map((s) => s.id);
}
