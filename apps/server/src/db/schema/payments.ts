import { bigint, boolean, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

// Plans, checkout and payments (issue 11; 01-core §3 subscription, 02-tools §3 payments).
// Money in integer cents. Subscriptions and payments are written only by the payment webhook
// (features/payments/payments.webhook.ts); users read their own rows (row-level security).

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const userId = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });

/** Per user: the time zone whose calendar months count the bills, and the provider's customer id. */
export const billingProfile = pgTable('billing_profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull().default('UTC'),
  customerId: text('customer_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A checkout started by a user (built-in test checkout or Stripe Checkout), subscription or one-off payment. */
export const checkoutSession = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    userId: userId(),
    mode: text('mode', { enum: ['subscription', 'payment'] }).notNull(),
    plan: text('plan', { enum: ['basic', 'pro'] }),
    billingCycle: text('billing_cycle', { enum: ['monthly', 'annual'] }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    description: text('description').notNull(),
    status: text('status', { enum: ['open', 'complete', 'expired'] }).notNull().default('open'),
    paymentStatus: text('payment_status', { enum: ['unpaid', 'paid'] }).notNull().default('unpaid'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    /** Bill payment details (provider, account number, utility type) shown on the receipt. */
    details: jsonb('details').notNull().default({}),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('checkout_sessions_user_idx').on(t.userId, t.createdAt)],
);

/** The provider's subscription as the last webhook event about it said. */
export const subscription = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: userId(),
    status: text('status').notNull(),
    plan: text('plan', { enum: ['basic', 'pro'] }).notNull(),
    billingCycle: text('billing_cycle', { enum: ['monthly', 'annual'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** When the provider created the event last applied (epoch seconds) and its order among events of that second. */
    lastEventCreated: bigint('last_event_created', { mode: 'number' }).notNull(),
    lastEventRank: smallint('last_event_rank').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId, t.createdAt)],
);

/** Money received: subscription invoices and direct bill payments, in cents as charged. */
export const payment = pgTable(
  'payments',
  {
    /** The invoice id (subscriptions) or the checkout session id (bill payments). */
    id: text('id').primaryKey(),
    /**
     * Null once the payer deleted their account: payment records are kept as the law requires
     * (bookkeeping), anonymised (features/account, decision 121).
     */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['subscription_invoice', 'bill_payment'] }).notNull(),
    subscriptionId: text('subscription_id'),
    status: text('status', { enum: ['paid', 'failed'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    paymentMethod: text('payment_method'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payments_user_idx').on(t.userId, t.occurredAt)],
);

/** Webhook events already applied: the same event delivered twice changes state once. */
export const processedPaymentEvent = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A savings-guarantee refund request, for admin review (01-core §1, §9). */
export const refundRequest = pgTable(
  'refund_requests',
  {
    id: text('id').primaryKey(),
    userId: userId(),
    subscriptionId: text('subscription_id').notNull(),
    yearlySavingsCents: integer('yearly_savings_cents').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    /** What was given back on approval (the subscription's paid invoices), in cents. */
    refundedCents: integer('refunded_cents'),
    /** The provider's refund ids (Stripe `re_…`, or the built-in checkout's). */
    providerRefundIds: jsonb('provider_refund_ids').$type<string[]>().notNull().default([]),
    /** The admin who approved or rejected it, and when. */
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refund_requests_user_idx').on(t.userId), index('refund_requests_status_idx').on(t.status, t.createdAt)],
);
