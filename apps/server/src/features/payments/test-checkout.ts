import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { paidCheckoutEvents, testId } from '../../platform/payments/test-provider.ts';
import { chargeTestCard } from '../../platform/payments/test-cards.ts';
import { type CheckoutSessionRow, findBillingProfile, findCheckoutSession } from './payments.queries.ts';

/** Sends one signed event to the webhook handler (app.ts posts it to /api/payments/webhook). */
export type DeliverWebhook = (payload: string) => Promise<Response>;

/** An open built-in checkout session, or 404 (a Stripe session is never served here). */
export async function findTestCheckout(db: Db, id: string): Promise<CheckoutSessionRow> {
  const row = await findCheckoutSession(db, id);
  if (!row || row.provider !== 'test') throw new AppError('NOT_FOUND', 404, 'Checkout session not found');
  return row;
}

/** Where the browser goes after a paid session (Stripe fills `{CHECKOUT_SESSION_ID}` the same way). */
export function successUrlOf(session: CheckoutSessionRow): string {
  return session.successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(session.id));
}

export type TestPayment = { ok: true; redirect: string } | { ok: false; message: string };

/**
 * Charges a test card on a built-in checkout session: a declined card changes nothing (the page
 * shows Stripe's message and the customer may retry or cancel); a paid one posts the events
 * Stripe would send, signed, to the one webhook handler, then sends the browser to the success URL.
 */
export async function payTestCheckout(db: Db, deliver: DeliverWebhook, id: string, card: { number: string; expiry: string; cvc: string }): Promise<TestPayment> {
  const session = await findTestCheckout(db, id);
  if (session.status === 'complete') return { ok: true, redirect: successUrlOf(session) };
  const outcome = chargeTestCard(card);
  if (!outcome.ok) return { ok: false, message: outcome.message };
  const profile = await findBillingProfile(db, session.userId);
  const events = paidCheckoutEvents(
    {
      id: session.id,
      userId: session.userId,
      mode: session.mode,
      amountCents: session.amountCents,
      currency: session.currency,
      description: session.description,
      plan: session.plan,
      billingCycle: session.billingCycle,
      customerId: profile?.customerId ?? testId('cus'),
    },
    outcome,
  );
  for (const event of events) {
    const res = await deliver(JSON.stringify(event));
    if (!res.ok) throw new AppError('WEBHOOK_FAILED', 502, `The payment webhook answered ${res.status}`);
  }
  return { ok: true, redirect: successUrlOf(session) };
}
