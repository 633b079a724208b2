import Stripe from 'stripe';
import type { CheckoutInput, CreatedCheckout, IssuedRefund, PaymentsProvider, RefundInput, RetrievedCheckout, SubscriptionToCancel } from './types.ts';

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/**
 * Stripe: Checkout Sessions in subscription and payment mode with the price given inline
 * (`price_data`, from the one plan definition, so no price ids to keep in step), the Customer
 * Portal to manage or cancel, webhooks signed with `STRIPE_WEBHOOK_SECRET`. `apiUrl` points
 * the SDK at another host (tests run a local server answering Stripe's documented shapes).
 */
export function createStripeProvider(config: { secretKey: string; webhookSecret: string; apiUrl: string }): PaymentsProvider {
  const api = new URL(config.apiUrl);
  const protocol = api.protocol === 'http:' ? 'http' : 'https';
  const stripe = new Stripe(config.secretKey, {
    host: api.hostname,
    port: api.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 2,
    appInfo: { name: 'Wattwise' },
  });
  return {
    kind: 'stripe',
    webhookSecret: config.webhookSecret,
    async createCheckout(input: CheckoutInput): Promise<CreatedCheckout> {
      const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = {
        quantity: 1,
        price_data: {
          currency: input.currency,
          unit_amount: input.amountCents,
          product_data: { name: input.description },
          ...(input.mode === 'subscription' ? { recurring: { interval: input.interval ?? 'month' } } : {}),
        },
      };
      const session = await stripe.checkout.sessions.create({
        mode: input.mode,
        line_items: [lineItem],
        client_reference_id: input.userId,
        ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata: input.metadata,
        ...(input.mode === 'subscription'
          ? { subscription_data: { metadata: input.metadata } }
          : { payment_intent_data: { metadata: input.metadata, description: input.description } }),
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a url');
      return { id: session.id, url: session.url };
    },
    async retrieveCheckout(id: string): Promise<RetrievedCheckout | null> {
      const session = await stripe.checkout.sessions.retrieve(id);
      return {
        id: session.id,
        paymentStatus: session.payment_status === 'paid' ? 'paid' : 'unpaid',
        amountTotal: session.amount_total ?? 0,
        created: session.created,
        clientReferenceId: session.client_reference_id,
      };
    },
    async createPortalSession(customerId: string, returnUrl: string) {
      const portal = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return { url: portal.url };
    },
    async refundPayment(input: RefundInput): Promise<IssuedRefund> {
      // What was charged: an invoice's payment (Invoice Payments API, since invoices no longer
      // carry their PaymentIntent), or a one-off checkout's PaymentIntent.
      let target: { payment_intent: string } | { charge: string };
      if (input.kind === 'subscription_invoice') {
        const payments = await stripe.invoicePayments.list({ invoice: input.paymentId, status: 'paid', limit: 1 });
        const paid = payments.data[0]?.payment;
        const intent = idOf(paid?.payment_intent);
        const charge = idOf(paid?.charge);
        if (intent) target = { payment_intent: intent };
        else if (charge) target = { charge };
        else throw new Error(`Stripe has no paid payment for invoice ${input.paymentId}`);
      } else {
        const session = await stripe.checkout.sessions.retrieve(input.paymentId);
        const intent = idOf(session.payment_intent);
        if (!intent) throw new Error(`Stripe checkout session ${input.paymentId} has no payment`);
        target = { payment_intent: intent };
      }
      const refund = await stripe.refunds.create({ ...target, amount: input.amountCents, reason: 'requested_by_customer', metadata: input.metadata }, { idempotencyKey: input.idempotencyKey });
      return { id: refund.id, amountCents: refund.amount, status: refund.status ?? 'pending' };
    },
    async cancelSubscription(subscription: SubscriptionToCancel, idempotencyKey: string): Promise<void> {
      try {
        await stripe.subscriptions.cancel(subscription.id, {}, { idempotencyKey });
      } catch (error) {
        // Gone at Stripe (deleted, or from another account mode): nothing left to cancel.
        if ((error as { code?: string }).code === 'resource_missing') return;
        // Already ended (the customer cancelled in the portal meanwhile): nothing left to do.
        const current = await stripe.subscriptions.retrieve(subscription.id).catch(() => null);
        if (current?.status !== 'canceled') throw error;
      }
    },
    async setCancelAtPeriodEnd(subscription: SubscriptionToCancel, cancel: boolean, idempotencyKey: string): Promise<void> {
      await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: cancel }, { idempotencyKey });
    },
  };
}
