import { createHmac, randomBytes } from 'node:crypto';
import type { CheckoutInput, CreatedCheckout, DeliverEvent, IssuedRefund, PaymentEvent, PaymentsProvider, RefundInput, SubscriptionToCancel } from './types.ts';

/** Ids shaped like Stripe's (`cs_test_…`), unguessable: the checkout page is reached by its id alone. */
export function testId(prefix: string): string {
  return `${prefix}_test_${randomBytes(18).toString('base64url')}`;
}

/** The built-in checkout signs its events with a secret derived from the server's own (stable across processes). */
export function testWebhookSecret(authSecret: string): string {
  return `whsec_${createHmac('sha256', authSecret).update('wattwise-test-checkout-webhook').digest('base64url')}`;
}

/**
 * The built-in test checkout (no keys): the session lives in our checkout_sessions table and its
 * page is served by us at `/checkout/test/:id` (features/payments/test-checkout.routes.ts).
 */
export function createTestProvider(options: { publicUrl: string; authSecret: string; deliver: DeliverEvent }): PaymentsProvider {
  const webhookSecret = testWebhookSecret(options.authSecret);
  /** Ids derived from the idempotency key: the same key gives the same refund or event, as Stripe's keys do. */
  const keyed = (prefix: string, key: string) => `${prefix}_test_${createHmac('sha256', webhookSecret).update(key).digest('base64url').slice(0, 24)}`;
  return {
    kind: 'test',
    webhookSecret,
    createCheckout(input: CheckoutInput): Promise<CreatedCheckout> {
      void input;
      const id = testId('cs');
      return Promise.resolve({ id, url: `${options.publicUrl}/checkout/test/${id}` });
    },
    retrieveCheckout: () => Promise.resolve(null),
    createPortalSession: () => Promise.resolve(null),
    // No card was charged, so nothing moves; the refund is recorded by the caller under this id.
    refundPayment: (input: RefundInput): Promise<IssuedRefund> => Promise.resolve({ id: keyed('re', input.idempotencyKey), amountCents: input.amountCents, status: 'succeeded' }),
    async cancelSubscription(subscription: SubscriptionToCancel, idempotencyKey: string): Promise<void> {
      const payload = JSON.stringify({ ...subscriptionDeletedEvent(subscription, Math.floor(Date.now() / 1000)), id: keyed('evt', idempotencyKey) });
      await options.deliver(payload);
    },
    async setCancelAtPeriodEnd(subscription: SubscriptionToCancel, cancel: boolean, idempotencyKey: string): Promise<void> {
      const payload = JSON.stringify({ ...subscriptionUpdatedEvent(subscription, cancel, Math.floor(Date.now() / 1000)), id: keyed('evt', idempotencyKey) });
      await options.deliver(payload);
    },
  };
}

function subscriptionObject(sub: SubscriptionToCancel, fields: Record<string, unknown>) {
  const interval = sub.billingCycle === 'annual' ? 'year' : 'month';
  const price = { object: 'price', unit_amount: sub.amountCents, currency: sub.currency, recurring: { interval, interval_count: 1 } };
  const [start, end] = [sub.currentPeriodStart, sub.currentPeriodEnd].map((d) => Math.floor(d.getTime() / 1000));
  return {
    id: sub.id,
    object: 'subscription',
    customer: sub.customerId,
    metadata: { userId: sub.userId, plan: sub.plan, billingCycle: sub.billingCycle },
    items: { object: 'list', data: [{ object: 'subscription_item', price, quantity: 1, current_period_start: start, current_period_end: end }] },
    ...fields,
  };
}

/** customer.subscription.deleted in Stripe's shape: what Stripe sends after a cancel. */
export function subscriptionDeletedEvent(sub: SubscriptionToCancel, created: number): PaymentEvent {
  return event('customer.subscription.deleted', created, subscriptionObject(sub, { status: 'canceled', cancel_at_period_end: false, canceled_at: created, ended_at: created }));
}

/** customer.subscription.updated after 'cancel at period end' is set or cleared: still active until then. */
export function subscriptionUpdatedEvent(sub: SubscriptionToCancel, cancelAtPeriodEnd: boolean, created: number): PaymentEvent {
  return event('customer.subscription.updated', created, subscriptionObject(sub, { status: 'active', cancel_at_period_end: cancelAtPeriodEnd }));
}

type TestSession = {
  id: string;
  userId: string;
  mode: 'subscription' | 'payment';
  amountCents: number;
  currency: string;
  description: string;
  plan: string | null;
  billingCycle: 'monthly' | 'annual' | null;
  customerId: string;
};

function event(type: string, created: number, object: Record<string, unknown>): PaymentEvent {
  return { id: testId('evt'), type, created, data: { object } };
}

function addPeriod(start: number, cycle: 'monthly' | 'annual'): number {
  const d = new Date(start * 1000);
  if (cycle === 'annual') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
}

/**
 * The events Stripe sends for a paid checkout, in Stripe's shapes: checkout.session.completed,
 * then for a subscription customer.subscription.created and invoice.paid.
 */
export function paidCheckoutEvents(session: TestSession, card: { brand: string; last4: string }, now = new Date()): PaymentEvent[] {
  const created = Math.floor(now.getTime() / 1000);
  const metadata = { userId: session.userId, ...(session.plan ? { plan: session.plan } : {}), ...(session.billingCycle ? { billingCycle: session.billingCycle } : {}) };
  const paymentIntent = testId('pi');
  const completed = event('checkout.session.completed', created, {
    id: session.id,
    object: 'checkout.session',
    mode: session.mode,
    status: 'complete',
    payment_status: 'paid',
    amount_total: session.amountCents,
    currency: session.currency,
    client_reference_id: session.userId,
    customer: session.customerId,
    metadata,
    payment_intent: session.mode === 'payment' ? paymentIntent : null,
    subscription: null as string | null,
    payment_method_types: ['card'],
    created,
  });
  if (session.mode === 'payment' || !session.billingCycle) return [completed];
  const subscriptionId = testId('sub');
  (completed.data.object as { subscription: string | null }).subscription = subscriptionId;
  const periodEnd = addPeriod(created, session.billingCycle);
  const interval = session.billingCycle === 'annual' ? 'year' : 'month';
  const price = { id: testId('price'), object: 'price', unit_amount: session.amountCents, currency: session.currency, recurring: { interval, interval_count: 1 } };
  const subscription = event('customer.subscription.created', created, {
    id: subscriptionId,
    object: 'subscription',
    customer: session.customerId,
    status: 'active',
    cancel_at_period_end: false,
    created,
    metadata,
    items: { object: 'list', data: [{ id: testId('si'), object: 'subscription_item', price, quantity: 1, current_period_start: created, current_period_end: periodEnd }] },
  });
  const invoice = event('invoice.paid', created, {
    id: testId('in'),
    object: 'invoice',
    customer: session.customerId,
    status: 'paid',
    amount_due: session.amountCents,
    amount_paid: session.amountCents,
    currency: session.currency,
    created,
    period_start: created,
    period_end: periodEnd,
    description: session.description,
    parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata } },
    payment_settings: { payment_method_types: ['card'] },
    lines: { object: 'list', data: [{ amount: session.amountCents, description: session.description, period: { start: created, end: periodEnd } }] },
    card: `${card.brand} •••• ${card.last4}`,
  });
  return [completed, subscription, invoice];
}
