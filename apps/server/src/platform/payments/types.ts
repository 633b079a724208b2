// The shapes every payments provider shares (payments.ts chooses one; stripe.ts and
// test-provider.ts implement it), kept apart so the providers need not import their chooser.

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

/** Signs an event payload with the provider's secret and posts it to this server's webhook route (the built-in checkout's events). */
export type DeliverEvent = (payload: string) => Promise<unknown>;
