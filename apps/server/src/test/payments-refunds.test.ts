// Savings-guarantee refunds reviewed by an admin, the bill allowance ledger (decision 063) and the
// referral credit of a paid plan, through the HTTP API on the built-in test checkout.
import { eq } from 'drizzle-orm';
import type { AdminRefundRequest, BillAllowanceDto, GuaranteeStatus, SubscriptionStatus } from '@wattwise/shared/contract/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utilityBill } from '../db/schema/bills.ts';
import { refundRequest } from '../db/schema/payments.ts';
import { createAdmin } from '../features/auth/auth.service.ts';
import { type BillsTestContext, createBillsTestContext, TEXT_BILL } from '../features/bills/bills.test-support.ts';
import { signPaymentEvent } from '../platform/payments/payments.ts';
import { requestGuaranteeRefund } from '../use-cases/savings-guarantee.ts';
import { postJson, solveCaptcha, TEST_ORIGIN } from './test-app.ts';

let ctx: BillsTestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createBillsTestContext({ PLAN_LIMITS: 'true' }, { startWorker: false });
  const adminEmail = `refund-admin-${Date.now()}@example.com`;
  admin = await ctx.signIn(adminEmail);
  await createAdmin(ctx.auth, adminEmail);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

const userIdOf = async (cookie: string) => (await ctx.json<{ user: { id: string } }>(cookie, '/api/auth/get-session')).body.user.id;

/** A paid plan bought on the built-in checkout with the 4242 card. */
async function subscribe(cookie: string, plan: 'basic' | 'pro', isAnnual: boolean) {
  const res = await postJson(ctx.app, '/api/checkout', { plan, isAnnual }, { cookie, captcha: await solveCaptcha(ctx.app) });
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  const paid = await ctx.app.request(new URL(url).pathname, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Test' }).toString(),
  });
  expect(paid.status).toBe(303);
}

/** A user 31 days into a paid plan with nothing found asks for the refund (the clock moved by argument). */
async function requestRefund(cookie: string) {
  const userId = await userIdOf(cookie);
  await requestGuaranteeRefund(ctx.database.db, userId, new Date(Date.now() + 31 * 86_400_000));
  const [row] = await ctx.database.db.select().from(refundRequest).where(eq(refundRequest.userId, userId));
  if (!row) throw new Error('no refund request');
  return row.id;
}

const decide = (cookie: string | null, id: string, decision: 'approve' | 'reject') =>
  ctx.json<{ items: AdminRefundRequest[]; error?: { message: string } }>(cookie, `/api/admin/refund-requests/${id}/decision`, { method: 'POST', body: { decision } });

describe('savings guarantee refunds, reviewed by an admin', () => {
  it('lists the request with the figures for an admin only; approving refunds once, ends the plan and tells the user', async () => {
    const dora = await ctx.signIn();
    const eve = await ctx.signIn();
    await subscribe(dora, 'pro', true);
    const id = await requestRefund(dora);

    // A visitor, a user (even the requester) and another user get nothing.
    expect((await ctx.json(null, '/api/admin/refund-requests')).status).toBe(401);
    expect((await ctx.json(dora, '/api/admin/refund-requests')).status).toBe(403);
    expect((await decide(null, id, 'approve')).status).toBe(401);
    const denied = await decide(eve, id, 'approve');
    expect(denied.status).toBe(403);
    expect(denied.body.error?.message).toBe('Access denied: You do not have permission to view this page.');
    expect((await ctx.json<GuaranteeStatus>(eve, '/api/guarantee')).body.refundRequest).toBeNull();

    const list = await ctx.json<{ items: AdminRefundRequest[] }>(admin, '/api/admin/refund-requests?status=pending');
    expect(list.status).toBe(200);
    const listed = list.body.items.find((r) => r.id === id);
    expect(listed).toMatchObject({ status: 'pending', plan: 'pro', billingCycle: 'annual', amountPaidCents: 9999, yearlySavingsCents: 0, yearlySavingsCentsAtRequest: 0, refundedCents: null });
    expect(listed?.email).toMatch(/@example\.com$/);
    expect(listed?.planStartedAt).not.toBeNull();

    const approved = await decide(admin, id, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body.items[0]).toMatchObject({ id, status: 'approved', refundedCents: 9999 });
    const [stored] = await ctx.database.db.select().from(refundRequest).where(eq(refundRequest.id, id));
    expect(stored?.providerRefundIds).toHaveLength(1);
    expect(stored?.providerRefundIds[0]).toMatch(/^re_test_/);

    // The plan ended through the webhook (the cancel's customer.subscription.deleted event).
    const sub = (await ctx.json<SubscriptionStatus>(dora, '/api/subscription')).body;
    expect(sub).toMatchObject({ hasActiveSubscription: false, plan: 'free', subscription: { status: 'canceled' } });
    const guarantee = (await ctx.json<GuaranteeStatus>(dora, '/api/guarantee')).body;
    expect(guarantee).toMatchObject({ hasGuarantee: false, refundRequest: { id, status: 'approved', refundedCents: 9999 } });
    const notes = await ctx.json<{ notifications: { title: string; message: string }[] }>(dora, '/api/notifications');
    expect(notes.body.notifications.filter((n) => n.title === 'Your refund was approved')).toHaveLength(1);
    expect(notes.body.notifications[0]?.message).toContain('$99.99');

    // Twice is once: the same refund, no second notification; a rejection now is refused.
    const again = await decide(admin, id, 'approve');
    expect(again.status).toBe(200);
    const [after] = await ctx.database.db.select().from(refundRequest).where(eq(refundRequest.id, id));
    expect(after?.providerRefundIds).toEqual(stored?.providerRefundIds);
    expect(after?.decidedAt?.getTime()).toBe(stored?.decidedAt?.getTime());
    const notesAgain = await ctx.json<{ notifications: { title: string }[] }>(dora, '/api/notifications');
    expect(notesAgain.body.notifications.filter((n) => n.title === 'Your refund was approved')).toHaveLength(1);
    expect((await decide(admin, id, 'reject')).status).toBe(409);
    expect((await decide(admin, 'no-such-request', 'approve')).status).toBe(404);
  });

  it('a rejection keeps the plan, tells the user, and a second request for the plan is refused', async () => {
    const finn = await ctx.signIn();
    await subscribe(finn, 'basic', false);
    const id = await requestRefund(finn);
    const rejected = await decide(admin, id, 'reject');
    expect(rejected.body.items[0]).toMatchObject({ status: 'rejected', refundedCents: null, amountPaidCents: 499 });
    expect((await ctx.json<SubscriptionStatus>(finn, '/api/subscription')).body).toMatchObject({ hasActiveSubscription: true, plan: 'basic' });
    const guarantee = (await ctx.json<GuaranteeStatus>(finn, '/api/guarantee')).body;
    expect(guarantee).toMatchObject({ hasGuarantee: true, canRequestRefund: false, refundRequest: { status: 'rejected' } });
    await expect(requestGuaranteeRefund(ctx.database.db, await userIdOf(finn), new Date(Date.now() + 40 * 86_400_000))).rejects.toThrow('already been decided');
    const notes = await ctx.json<{ notifications: { title: string }[] }>(finn, '/api/notifications');
    expect(notes.body.notifications.map((n) => n.title)).toContain('Your refund request was declined');
    expect((await decide(admin, id, 'approve')).status).toBe(409);
  });
});

describe('bill allowance ledger (decision 063)', () => {
  const allowance = async (cookie: string) => (await ctx.json<BillAllowanceDto>(cookie, '/api/bills/allowance')).body;

  it('a deleted bill keeps its slot; a refused or undone upload and a bill the reader failed on do not use one', async () => {
    const gus = await ctx.signIn();
    // Not a bill at all: refused before anything is stored, nothing used.
    const junk = await ctx.upload(gus, new TextEncoder().encode('not a bill'), 'notes.pdf');
    expect(junk.status).toBeGreaterThanOrEqual(400);
    expect(await allowance(gus)).toMatchObject({ plan: 'free', used: 0, canUpload: true });

    const first = await ctx.upload(gus, TEXT_BILL.bytes, 'first.pdf');
    expect(first.status).toBe(202);
    const { bill } = (await first.json()) as { bill: { id: string } };
    expect(await allowance(gus)).toMatchObject({ used: 1, canUpload: false });
    expect((await ctx.upload(gus, TEXT_BILL.bytes, 'second.pdf')).status).toBe(403);

    // Delete and upload again does not beat the limit.
    expect((await ctx.json(gus, `/api/bills/${bill.id}`, { method: 'DELETE' })).status).toBeLessThan(300);
    expect(await allowance(gus)).toMatchObject({ used: 1, canUpload: false });
    const again = await ctx.upload(gus, TEXT_BILL.bytes, 'again.pdf');
    expect(again.status).toBe(403);
    expect(((await again.json()) as { error: { details: { upgradeUrl: string } } }).error.details.upgradeUrl).toBe('/pricing');
  });

  it('a bill the reader failed on frees its slot; reading it again takes one, refused at the limit', async () => {
    const hana = await ctx.signIn();
    const res = await ctx.upload(hana, TEXT_BILL.bytes, 'blurry.pdf');
    const { bill } = (await res.json()) as { bill: { id: string } };
    // The reader gave up on it (what the bill job writes when a file cannot be read).
    await ctx.database.db.update(utilityBill).set({ status: 'failed', progress: 0, failureReason: 'unreadable' }).where(eq(utilityBill.id, bill.id));
    expect(await allowance(hana)).toMatchObject({ used: 0, canUpload: true });
    const good = await ctx.upload(hana, TEXT_BILL.bytes, 'clear.pdf');
    expect(good.status).toBe(202);
    expect(await allowance(hana)).toMatchObject({ used: 1, canUpload: false });
    expect((await ctx.json(hana, `/api/bills/${bill.id}/retry`, { method: 'POST' })).status).toBe(403);
    // Deleting the failed bill changes nothing: it never counted.
    expect((await ctx.json(hana, `/api/bills/${bill.id}`, { method: 'DELETE' })).status).toBeLessThan(300);
    expect(await allowance(hana)).toMatchObject({ used: 1 });
  });
});

describe('referral credit from the subscription webhook', () => {
  it("credits $10 to both sides when a referred user's paid plan starts, once; an unreferred subscriber gets none", async () => {
    const ref = await ctx.signIn();
    const ivy = await ctx.signIn();
    const code = (await ctx.json<{ referral: { code: string } }>(ref, '/api/gamification')).body.referral.code;
    expect((await ctx.json(ivy, '/api/gamification/referral', { method: 'POST', body: { code } })).status).toBe(204);
    await subscribe(ivy, 'basic', false);
    type Referral = { referral: { creditsCents: number } };
    expect((await ctx.json<Referral>(ref, '/api/gamification')).body.referral.creditsCents).toBe(1000);
    expect((await ctx.json<Referral>(ivy, '/api/gamification')).body.referral.creditsCents).toBe(1000);

    // A later renewal (another active subscription event) credits nothing more.
    const ivyId = await userIdOf(ivy);
    const sub = (await ctx.json<SubscriptionStatus>(ivy, '/api/subscription')).body.subscription;
    expect(sub).not.toBeNull();
    const t = Math.floor(Date.now() / 1000) + 60;
    const payload = JSON.stringify({
      id: `evt_renew_${t}`,
      type: 'customer.subscription.updated',
      created: t,
      data: { object: { id: sub?.id, status: 'active', customer: 'cus_x', metadata: { userId: ivyId, plan: 'basic' }, items: { data: [{ quantity: 1, current_period_start: t, current_period_end: t + 30 * 86400, price: { unit_amount: 499, currency: 'usd', recurring: { interval: 'month' } } }] } } },
    });
    const res = await ctx.app.request('/api/payments/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signPaymentEvent(payload, ctx.payments.webhookSecret) }, body: payload });
    expect(res.status).toBe(200);
    expect((await ctx.json<Referral>(ref, '/api/gamification')).body.referral.creditsCents).toBe(1000);

    const jay = await ctx.signIn();
    await subscribe(jay, 'basic', false);
    expect((await ctx.json<Referral>(jay, '/api/gamification')).body.referral.creditsCents).toBe(0);
  });
});
