import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { AppError } from '../../http/errors.ts';
import { createStripeProvider } from './stripe.ts';
import { createTestProvider } from './test-provider.ts';

/**
 * Payments (issue 11): Stripe when `STRIPE_SECRET_KEY` is set, otherwise a built-in test checkout
 * served by this server (`/checkout/test/:id`). Both follow the same flow: a checkout session,
 * a browser redirect to its URL, then events signed with Stripe's signature scheme posted to the
 * one webhook handler, which alone writes subscriptions and payments.
 */
export type PaymentsConfig =
  | { provider: 'test' }
  /** Production without Stripe keys (and without TEST_CHECKOUT=true): no checkout at all. */
  | { provider: 'none' }
  | { provider: 'stripe'; secretKey: string; webhookSecret: string; apiUrl: string };

export type CheckoutInput = {
  userId: string;
  email: string;
  mode: 'subscription' | 'payment';
  amountCents: number;
  currency: 'usd';
  /** The product line the customer reads on the checkout page. */
  description: string;
  /** Subscriptions renew every month or year. */
  interval?: 'month' | 'year';
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
  /** Copied to the session and (subscriptions) the subscription, so webhooks name the user and plan. */
  metadata: Record<string, string>;
};

export type CreatedCheckout = { id: string; url: string };

/** A checkout session as the provider reports it (for the payment-success page). */
export type RetrievedCheckout = { id: string; paymentStatus: 'paid' | 'unpaid'; amountTotal: number; created: number; clientReferenceId: string | null };

export interface PaymentsProvider {
  kind: 'test' | 'stripe' | 'none';
  createCheckout(input: CheckoutInput): Promise<CreatedCheckout>;
  /** The session as the provider knows it; null for the test provider (our table is the truth). */
  retrieveCheckout(id: string): Promise<RetrievedCheckout | null>;
  /** Stripe's Customer Portal (manage or cancel); null where there is none. */
  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string } | null>;
  /**
   * Gives money back for one payment (Stripe's Refunds API; the built-in checkout records it).
   * The same idempotency key never refunds twice.
   */
  refundPayment(input: RefundInput): Promise<IssuedRefund>;
  /** Ends a subscription now; the provider then sends customer.subscription.deleted to the webhook. */
  cancelSubscription(subscription: SubscriptionToCancel, idempotencyKey: string): Promise<void>;
  /**
   * Ends the subscription at the end of the paid period (true) or keeps it renewing (false); the
   * provider then sends customer.subscription.updated to the webhook.
   */
  setCancelAtPeriodEnd(subscription: SubscriptionToCancel, cancel: boolean, idempotencyKey: string): Promise<void>;
  /** The secret webhooks are signed with. */
  webhookSecret: string;
}

export type RefundInput = {
  /** Ours: the invoice id (subscriptions) or the checkout session id (bill payments). */
  paymentId: string;
  kind: 'subscription_invoice' | 'bill_payment';
  amountCents: number;
  idempotencyKey: string;
  metadata: Record<string, string>;
};

export type IssuedRefund = { id: string; amountCents: number; status: string };

/** What the built-in checkout needs to send the deleted event Stripe would (Stripe itself needs only the id). */
export type SubscriptionToCancel = {
  id: string;
  userId: string;
  plan: 'basic' | 'pro';
  billingCycle: 'monthly' | 'annual';
  amountCents: number;
  currency: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  customerId: string | null;
};

/** A verified event: Stripe's envelope (id, type, created, data.object). */
export type PaymentEvent = { id: string; type: string; created: number; data: { object: Record<string, unknown> } };

/** Stripe's signature scheme (`Stripe-Signature: t=…,v1=…`), checked with the SDK's own helper; throws on a bad signature. */
export function constructPaymentEvent(payload: string, signature: string | undefined, secret: string): PaymentEvent {
  if (!signature) throw new Error('No signature');
  const event = Stripe.webhooks.constructEvent(payload, signature, secret) as unknown as PaymentEvent;
  return event;
}

/** Signs a payload the way Stripe does (the built-in checkout's events and tests). */
export function signPaymentEvent(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

/** The provider the configuration chooses. */
export function createPaymentsProvider(config: PaymentsConfig, options: { publicUrl: string; authSecret: string; deliver: DeliverEvent }): PaymentsProvider {
  if (config.provider === 'stripe') return createStripeProvider(config);
  if (config.provider === 'none') return createDisabledProvider();
  return createTestProvider(options);
}

/** Signs an event payload with the provider's secret and posts it to this server's webhook route (the built-in checkout's events). */
export type DeliverEvent = (payload: string) => Promise<unknown>;

/** What a checkout answers on a server that takes no payments. */
export const PAYMENTS_OFF_MESSAGE = 'Payments are not set up on this server.';

/**
 * No payments: a production server without Stripe keys. A test checkout there would let anyone
 * activate a plan with a test card and show bill payments that never happened, so every checkout
 * answers 503 and no webhook verifies (its secret is random and never shown).
 */
function createDisabledProvider(): PaymentsProvider {
  return {
    kind: 'none',
    webhookSecret: `whsec_${randomBytes(32).toString('base64url')}`,
    createCheckout: () => Promise.reject(new AppError('PAYMENTS_UNAVAILABLE', 503, PAYMENTS_OFF_MESSAGE)),
    retrieveCheckout: () => Promise.resolve(null),
    createPortalSession: () => Promise.resolve(null),
    refundPayment: () => Promise.reject(new AppError('PAYMENTS_UNAVAILABLE', 503, PAYMENTS_OFF_MESSAGE)),
    cancelSubscription: () => Promise.reject(new AppError('PAYMENTS_UNAVAILABLE', 503, PAYMENTS_OFF_MESSAGE)),
    setCancelAtPeriodEnd: () => Promise.reject(new AppError('PAYMENTS_UNAVAILABLE', 503, PAYMENTS_OFF_MESSAGE)),
  };
}
