import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billingProfile, checkoutSession, payment, processedPaymentEvent, refundRequest, subscription } from '../../db/schema/payments.ts';

export type SubscriptionRow = typeof subscription.$inferSelect;
export type CheckoutSessionRow = typeof checkoutSession.$inferSelect;
export type PaymentRow = typeof payment.$inferSelect;

export async function findBillingProfile(db: Db, userId: string) {
  const [row] = await db.select().from(billingProfile).where(eq(billingProfile.userId, userId));
  return row ?? null;
}

export async function upsertBillingProfile(db: Db, userId: string, values: { timeZone?: string; customerId?: string }) {
  await db
    .insert(billingProfile)
    .values({ userId, timeZone: values.timeZone ?? 'UTC', customerId: values.customerId ?? null })
    .onConflictDoUpdate({
      target: billingProfile.userId,
      set: { ...(values.timeZone ? { timeZone: values.timeZone } : {}), ...(values.customerId ? { customerId: values.customerId } : {}), updatedAt: sql`now()` },
    });
}

/** The user's subscriptions, newest first. */
export function findSubscriptions(db: Db, userId: string) {
  return db.select().from(subscription).where(eq(subscription.userId, userId)).orderBy(desc(subscription.createdAt));
}

/** Marks an event as applied; false when it was already (the caller then changes nothing). */
export async function markEventProcessed(db: Db, id: string, type: string): Promise<boolean> {
  const rows = await db.insert(processedPaymentEvent).values({ id, type }).onConflictDoNothing().returning({ id: processedPaymentEvent.id });
  return rows.length > 0;
}

/** The subscription row, locked until the end of the transaction. */
export async function lockSubscription(db: Db, id: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscription).where(eq(subscription.id, id)).for('update');
  return row ?? null;
}

export async function saveSubscription(db: Db, row: typeof subscription.$inferInsert) {
  await db
    .insert(subscription)
    .values(row)
    .onConflictDoUpdate({
      target: subscription.id,
      set: {
        status: row.status,
        plan: row.plan,
        billingCycle: row.billingCycle,
        amountCents: row.amountCents,
        currency: row.currency,
        currentPeriodStart: row.currentPeriodStart,
        currentPeriodEnd: row.currentPeriodEnd,
        cancelAtPeriodEnd: row.cancelAtPeriodEnd,
        lastEventCreated: row.lastEventCreated,
        lastEventRank: row.lastEventRank,
        updatedAt: sql`now()`,
      },
    });
}

export async function setSubscriptionCancelAtPeriodEnd(db: Db, id: string, cancel: boolean) {
  await db.update(subscription).set({ cancelAtPeriodEnd: cancel, updatedAt: sql`now()` }).where(eq(subscription.id, id));
}

export async function updateSubscriptionStatus(db: Db, id: string, status: string, eventCreated: number, rank: number) {
  await db.update(subscription).set({ status, lastEventCreated: eventCreated, lastEventRank: rank, updatedAt: sql`now()` }).where(eq(subscription.id, id));
}

export async function insertCheckoutSession(db: Db, row: typeof checkoutSession.$inferInsert) {
  await db.insert(checkoutSession).values(row);
}

export async function findCheckoutSession(db: Db, id: string): Promise<CheckoutSessionRow | null> {
  const [row] = await db.select().from(checkoutSession).where(eq(checkoutSession.id, id));
  return row ?? null;
}

export async function findUserCheckoutSession(db: Db, userId: string, id: string): Promise<CheckoutSessionRow | null> {
  const [row] = await db.select().from(checkoutSession).where(and(eq(checkoutSession.id, id), eq(checkoutSession.userId, userId)));
  return row ?? null;
}

export async function completeCheckoutSession(db: Db, id: string, paid: boolean) {
  await db
    .update(checkoutSession)
    .set({ status: 'complete', paymentStatus: paid ? 'paid' : 'unpaid', completedAt: sql`now()` })
    .where(eq(checkoutSession.id, id));
}

/** Records a payment; a paid record is never turned back into a failed one (events may arrive out of order). */
export async function savePayment(db: Db, row: typeof payment.$inferInsert) {
  await db
    .insert(payment)
    .values(row)
    .onConflictDoUpdate({
      target: payment.id,
      set: { status: sql`case when ${payment.status} = 'paid' then ${payment.status} else excluded.status end`, amountCents: sql`case when ${payment.status} = 'paid' then ${payment.amountCents} else excluded.amount_cents end` },
    });
}

export function findPayments(db: Db, userId: string) {
  return db.select().from(payment).where(eq(payment.userId, userId)).orderBy(desc(payment.occurredAt)).limit(200);
}

export async function findPayment(db: Db, userId: string, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payment).where(and(eq(payment.id, id), eq(payment.userId, userId)));
  return row ?? null;
}

/** The newest subscription of each of these users (admin list). */
export async function findLatestSubscriptions(db: Db, userIds: string[]): Promise<Map<string, SubscriptionRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select().from(subscription).where(inArray(subscription.userId, userIds)).orderBy(desc(subscription.createdAt));
  const latest = new Map<string, SubscriptionRow>();
  for (const row of rows) {
    const seen = latest.get(row.userId);
    // An active one wins over a newer ended one.
    if (!seen || (!['active', 'trialing'].includes(seen.status) && ['active', 'trialing'].includes(row.status))) latest.set(row.userId, row);
  }
  return latest;
}

export async function findRefundRequests(db: Db, userId: string) {
  return db.select().from(refundRequest).where(eq(refundRequest.userId, userId)).orderBy(desc(refundRequest.createdAt));
}

export async function insertRefundRequest(db: Db, row: typeof refundRequest.$inferInsert) {
  await db.insert(refundRequest).values(row);
}

export type RefundRequestRow = typeof refundRequest.$inferSelect;

/** Refund requests for admin review, newest first (all users: the owner connection). */
export function findAllRefundRequests(db: Db, filter: { status?: RefundRequestRow['status']; id?: string }, limit: number) {
  return db
    .select()
    .from(refundRequest)
    .where(and(filter.status ? eq(refundRequest.status, filter.status) : undefined, filter.id ? eq(refundRequest.id, filter.id) : undefined))
    .orderBy(desc(refundRequest.createdAt), desc(refundRequest.id))
    .limit(limit);
}

export async function findRefundRequestById(db: Db, id: string): Promise<RefundRequestRow | null> {
  const [row] = await db.select().from(refundRequest).where(eq(refundRequest.id, id));
  return row ?? null;
}

/** Records the decision only while the request is still pending; null when another decision came first. */
export async function decideRefundRequest(db: Db, id: string, values: { status: 'approved' | 'rejected'; decidedBy: string; refundedCents?: number; providerRefundIds?: string[] }): Promise<RefundRequestRow | null> {
  const [row] = await db
    .update(refundRequest)
    .set({ ...values, decidedAt: sql`now()` })
    .where(and(eq(refundRequest.id, id), eq(refundRequest.status, 'pending')))
    .returning();
  return row ?? null;
}

export async function findSubscriptionById(db: Db, id: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscription).where(eq(subscription.id, id));
  return row ?? null;
}

export function findSubscriptionsByIds(db: Db, ids: string[]) {
  return ids.length === 0 ? Promise.resolve([]) : db.select().from(subscription).where(inArray(subscription.id, ids));
}

/** The paid invoices of these subscriptions (what a guarantee refund gives back). */
export function findPaidInvoices(db: Db, subscriptionIds: string[]) {
  if (subscriptionIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(payment)
    .where(and(inArray(payment.subscriptionId, subscriptionIds), eq(payment.kind, 'subscription_invoice'), eq(payment.status, 'paid')))
    .orderBy(payment.occurredAt);
}
