import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { AppError } from '../../http/errors.ts';
import { createStripeProvider } from './stripe.ts';
import { createTestProvider } from './test-provider.ts';
import type { DeliverEvent, PaymentEvent, PaymentsProvider } from './types.ts';

export type { CheckoutInput, CreatedCheckout, DeliverEvent, IssuedRefund, PaymentEvent, PaymentsProvider, RefundInput, RetrievedCheckout, SubscriptionToCancel } from './types.ts';

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
