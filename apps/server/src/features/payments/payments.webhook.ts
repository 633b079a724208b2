import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import type { PaymentEvent } from '../../platform/payments/payments.ts';
import { isActiveSubscriptionStatus } from '@wattwise/shared/entitlements';
import {
  completeCheckoutSession,
  findCheckoutSession,
  lockSubscription,
  markEventProcessed,
  saveSubscription,
  savePayment,
  updateSubscriptionStatus,
  upsertBillingProfile,
} from './payments.queries.ts';

/**
 * The one webhook handler of both providers (Stripe and the built-in checkout). Each event is
 * applied once (its id goes into payment_events in the same transaction), and a subscription
 * takes the state of the newest event about it: events carry their creation second, and within
 * one second created < updated < deleted, so 'updated' arriving before 'created' still ends
 * updated; a deleted subscription stays deleted.
 */
const EVENT_RANK: Record<string, number> = {
  'customer.subscription.created': 0,
  'customer.subscription.updated': 1,
  'invoice.payment_failed': 1,
  'customer.subscription.deleted': 2,
};

const metadataSchema = z.record(z.string(), z.string()).nullish().transform((m) => m ?? {});
const idOf = z.union([z.string(), z.object({ id: z.string() }).transform((o) => o.id)]).nullish();

const subscriptionObject = z.object({
  id: z.string(),
  customer: idOf,
  status: z.string(),
  cancel_at_period_end: z.boolean().nullish(),
  current_period_start: z.number().int().nullish(),
  current_period_end: z.number().int().nullish(),
  metadata: metadataSchema,
  items: z.object({
    data: z
      .array(
        z.object({
          quantity: z.number().int().nullish(),
          current_period_start: z.number().int().nullish(),
          current_period_end: z.number().int().nullish(),
          price: z.object({ unit_amount: z.number().int().nullable(), currency: z.string(), recurring: z.object({ interval: z.string() }).nullish() }),
        }),
      )
      .min(1),
  }),
});

const invoiceObject = z.object({
  id: z.string(),
  customer: idOf,
  amount_paid: z.number().int(),
  amount_due: z.number().int(),
  currency: z.string(),
  created: z.number().int(),
  period_start: z.number().int().nullish(),
  period_end: z.number().int().nullish(),
  description: z.string().nullish(),
  /** Before Stripe's 2025-03-31 API the subscription sat on the invoice; since, under parent. */
  subscription: idOf,
  subscription_details: z.object({ metadata: metadataSchema }).nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: idOf, metadata: metadataSchema }).nullish() }).nullish(),
  lines: z.object({ data: z.array(z.object({ period: z.object({ start: z.number().int(), end: z.number().int() }).nullish() })) }).nullish(),
  card: z.string().nullish(),
});

const checkoutObject = z.object({
  id: z.string(),
  mode: z.enum(['subscription', 'payment', 'setup']),
  payment_status: z.string(),
  amount_total: z.number().int().nullish(),
  currency: z.string().nullish(),
  customer: idOf,
  client_reference_id: z.string().nullish(),
  created: z.number().int().nullish(),
});

const planOf = (value: string | undefined) => (value === 'basic' || value === 'pro' ? value : null);
const at = (seconds: number) => new Date(seconds * 1000);

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

/** What other features do when an event changes something (in the event's transaction). */
export type PaymentEventHooks = {
  /** A subscription event left the user's paid plan active (first start or renewal alike). */
  planActive?: (db: Db, userId: string) => Promise<unknown>;
  /** A payment was recorded as paid (a bill payment, a subscription invoice); called once per payment. */
  paymentPaid?: (payment: PaidPayment) => void;
};

/** A payment as recorded, for a receipt. */
export type PaidPayment = { id: string; userId: string; kind: 'bill_payment' | 'subscription_invoice'; amountCents: number; currency: string; description: string; paymentMethod: string; occurredAt: Date; periodEnd: Date | null };

export async function applyPaymentEvent(db: Db, event: PaymentEvent, logger: Logger, hooks: PaymentEventHooks = {}): Promise<WebhookOutcome> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await markEventProcessed(tx, event.id, event.type))) return 'duplicate';
      const applied = await applyOnce(tx, event, logger, hooks);
      return applied ? 'applied' : 'ignored';
    });
  } catch (error) {
    // An event naming a user who no longer exists (deleted account): nothing to change, and
    // answering 200 stops the provider from retrying it forever.
    if (isForeignKeyViolation(error)) {
      logger.warn({ eventId: event.id, type: event.type }, 'payment event for an unknown user ignored');
      return 'ignored';
    }
    throw error;
  }
}

async function applyOnce(db: Db, event: PaymentEvent, logger: Logger, hooks: PaymentEventHooks): Promise<boolean> {
  const object = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return applyCheckoutCompleted(db, checkoutObject.parse(object), hooks);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return applySubscription(db, event, subscriptionObject.parse(object), logger, hooks);
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed':
      return applyInvoice(db, event, invoiceObject.parse(object), logger, hooks);
    default:
      return false;
  }
}

async function applyCheckoutCompleted(db: Db, session: z.infer<typeof checkoutObject>, hooks: PaymentEventHooks): Promise<boolean> {
  // Only sessions this server started count: the user is the one who started it.
  const ours = await findCheckoutSession(db, session.id);
  if (!ours) return false;
  const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  await completeCheckoutSession(db, ours.id, paid);
  if (session.customer) await upsertBillingProfile(db, ours.userId, { customerId: session.customer });
  if (ours.mode === 'payment' && paid) {
    const payment = {
      id: ours.id,
      userId: ours.userId,
      kind: 'bill_payment' as const,
      amountCents: session.amount_total ?? ours.amountCents,
      currency: session.currency ?? ours.currency,
      description: ours.description,
      paymentMethod: 'card',
      occurredAt: at(session.created ?? Math.floor(Date.now() / 1000)),
    };
    await savePayment(db, { ...payment, status: 'paid' });
    hooks.paymentPaid?.({ ...payment, periodEnd: null });
  }
  return true;
}

async function applySubscription(db: Db, event: PaymentEvent, sub: z.infer<typeof subscriptionObject>, logger: Logger, hooks: PaymentEventHooks): Promise<boolean> {
  const rank = EVENT_RANK[event.type] ?? 1;
  const existing = await lockSubscription(db, sub.id);
  if (existing) {
    if (existing.status === 'canceled' && existing.lastEventRank === EVENT_RANK['customer.subscription.deleted']) return false;
    const older = event.created < existing.lastEventCreated || (event.created === existing.lastEventCreated && rank < existing.lastEventRank);
    if (older) return false;
  }
  const userId = existing?.userId ?? sub.metadata.userId;
  const plan = planOf(sub.metadata.plan) ?? existing?.plan ?? null;
  if (!userId || !plan) {
    logger.warn({ eventId: event.id, subscription: sub.id }, 'subscription event without our user or plan ignored');
    return false;
  }
  const item = sub.items.data[0];
  if (!item) return false;
  const interval = item.price.recurring?.interval;
  const billingCycle = sub.metadata.billingCycle === 'annual' || interval === 'year' ? 'annual' : 'monthly';
  const start = item.current_period_start ?? sub.current_period_start;
  const end = item.current_period_end ?? sub.current_period_end;
  if (start == null || end == null) return false;
  await saveSubscription(db, {
    id: sub.id,
    userId,
    status: event.type === 'customer.subscription.deleted' ? 'canceled' : sub.status,
    plan,
    billingCycle,
    // What the customer is charged, as the provider says: never recomputed from our price list.
    amountCents: (item.price.unit_amount ?? 0) * (item.quantity ?? 1),
    currency: item.price.currency,
    currentPeriodStart: at(start),
    currentPeriodEnd: at(end),
    cancelAtPeriodEnd: sub.cancel_at_period_end ?? false,
    lastEventCreated: event.created,
    lastEventRank: rank,
  });
  if (sub.customer) await upsertBillingProfile(db, userId, { customerId: sub.customer });
  if (event.type !== 'customer.subscription.deleted' && isActiveSubscriptionStatus(sub.status)) await hooks.planActive?.(db, userId);
  return true;
}

async function applyInvoice(db: Db, event: PaymentEvent, invoice: z.infer<typeof invoiceObject>, logger: Logger, hooks: PaymentEventHooks): Promise<boolean> {
  const subscriptionId = invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null;
  const metadata = { ...invoice.subscription_details?.metadata, ...invoice.parent?.subscription_details?.metadata };
  const existing = subscriptionId ? await lockSubscription(db, subscriptionId) : null;
  const userId = existing?.userId ?? metadata.userId;
  if (!userId) {
    logger.warn({ eventId: event.id, invoice: invoice.id }, 'invoice event without our user ignored');
    return false;
  }
  const paid = event.type !== 'invoice.payment_failed';
  const period = invoice.lines?.data[0]?.period;
  const recorded = {
    id: invoice.id,
    userId,
    kind: 'subscription_invoice' as const,
    subscriptionId,
    status: paid ? ('paid' as const) : ('failed' as const),
    amountCents: paid ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    description: invoice.description ?? `${planOf(metadata.plan) === 'pro' ? 'Pro' : 'Basic'} plan subscription`,
    paymentMethod: invoice.card ?? 'card',
    periodStart: period ? at(period.start) : invoice.period_start != null ? at(invoice.period_start) : null,
    periodEnd: period ? at(period.end) : invoice.period_end != null ? at(invoice.period_end) : null,
    occurredAt: at(invoice.created),
  };
  await savePayment(db, recorded);
  if (paid && recorded.amountCents > 0) hooks.paymentPaid?.(recorded);
  // A failed renewal makes the subscription past due until a newer event says otherwise.
  if (!paid && existing && existing.status !== 'canceled') {
    const rank = EVENT_RANK['invoice.payment_failed'] ?? 1;
    const newer = event.created > existing.lastEventCreated || (event.created === existing.lastEventCreated && rank >= existing.lastEventRank);
    if (newer) await updateSubscriptionStatus(db, existing.id, 'past_due', event.created, rank);
  }
  return true;
}
