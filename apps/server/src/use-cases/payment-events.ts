import type { Db } from '../db/client.ts';
import { recordReferralSubscription } from '../features/gamification/gamification.service.ts';
import type { Notifier } from '../features/notifications/notifications.service.ts';
import { applyPaymentEvent, type PaidPayment, type WebhookOutcome } from '../features/payments/payments.service.ts';
import { templateMail } from '../platform/email-templates/message.ts';
import type { Logger } from '../platform/logger.ts';
import type { PaymentEvent } from '../platform/payments/payments.ts';

export type PaymentEventDeps = { db: Db; logger: Logger; notifier: Pick<Notifier, 'notify'>; publicUrl: string };

const day = (d: Date) => d.toISOString().slice(0, 10);
const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * The payment webhook's event (payments) with what it means elsewhere:
 * - a referred user's paid plan becoming active credits $10 to each side, once per pair
 *   (gamification, decision 087), in the same transaction as the subscription, so a redelivered
 *   event credits nothing;
 * - a payment recorded as paid gets its receipt: an in-app notification and, while the user's
 *   email notifications are on, the payment-receipt email — after the transaction commits, once
 *   per payment (a redelivered or second event for the same invoice notifies nothing more).
 */
export async function applyPaymentEventWithRewards(deps: PaymentEventDeps, event: PaymentEvent): Promise<WebhookOutcome> {
  const paid: PaidPayment[] = [];
  const outcome = await applyPaymentEvent(deps.db, event, deps.logger, {
    planActive: (tx, userId) => recordReferralSubscription(tx, userId),
    paymentPaid: (payment) => paid.push(payment),
  });
  for (const payment of outcome === 'applied' ? paid : []) {
    await notifyReceipt(deps, payment).catch((error: unknown) => deps.logger.warn({ err: error, paymentId: payment.id }, 'payment receipt not sent'));
  }
  return outcome;
}

function notifyReceipt(deps: PaymentEventDeps, payment: PaidPayment) {
  const amount = `$${dollars(payment.amountCents)}`;
  const receiptUrl = new URL('/payment-dashboard', deps.publicUrl).toString();
  return deps.notifier.notify(payment.userId, {
    type: 'other',
    alert: null,
    title: 'Payment received',
    message: `We received your payment of ${amount} for ${payment.description}.`,
    actionUrl: '/payment-dashboard',
    dedupeKey: `payment-receipt:${payment.id}`,
    mail: (to) =>
      templateMail({
        to: to.email,
        userId: to.userId,
        template: 'payment_receipt',
        data: {
          first_name: to.name,
          amount: payment.amountCents / 100,
          date: day(payment.occurredAt),
          payment_method: payment.paymentMethod,
          plan_name: payment.description,
          next_billing_date: payment.kind === 'subscription_invoice' && payment.periodEnd ? day(payment.periodEnd) : null,
          invoice_url: receiptUrl,
        },
        reason: 'You made a payment through Wattwise.',
      }),
  });
}
