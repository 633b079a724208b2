// Plans, checkout, webhooks and entitlements through the HTTP API (issue 11), on the built-in
// test checkout: the same session → redirect → signed webhook flow Stripe follows.
import { and, count, eq } from 'drizzle-orm';
import type { Page } from '@wattwise/shared/contract/common';
import type { AdminUserSubscription, GuaranteeStatus, PaymentRecord, PaymentVerification, PlanSignUpResult, SubscriptionStatus } from '@wattwise/shared/contract/payments';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processedPaymentEvent, subscription } from '../db/schema/payments.ts';
import { createAdmin } from '../features/auth/auth.service.ts';
import { getGuaranteeStatus, requestGuaranteeRefund } from '../use-cases/savings-guarantee.ts';
import { type BillsTestContext, createBillsTestContext, TEXT_BILL } from '../features/bills/bills.test-support.ts';
import { signPaymentEvent } from '../platform/payments/payments.ts';
import { cookiesOf, postJson, solveCaptcha, TEST_ORIGIN, waitForMail, linkIn } from './test-app.ts';

let ctx: BillsTestContext;
let alice: string;
let bob: string;

beforeAll(async () => {
  ctx = await createBillsTestContext({ PLAN_LIMITS: 'true' }, { startWorker: false });
  alice = await ctx.signIn();
  bob = await ctx.signIn();
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

async function checkout(cookie: string, plan: 'basic' | 'pro', isAnnual: boolean) {
  const res = await postJson(ctx.app, '/api/checkout', { plan, isAnnual }, { cookie, captcha: await solveCaptcha(ctx.app) });
  return { status: res.status, body: (await res.json()) as { url: string } & { error?: { message: string } } };
}

/** Submits the built-in checkout's card form as the browser does. */
function pay(url: string, number: string, cookie?: string) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' };
  if (cookie) headers.cookie = cookie;
  return ctx.app.request(new URL(url).pathname, { method: 'POST', headers, body: new URLSearchParams({ number, expiry: '12/34', cvc: '123', name: 'Test' }).toString() });
}

function postEvent(event: Record<string, unknown>, secret = ctx.payments.webhookSecret) {
  const payload = JSON.stringify(event);
  return ctx.app.request('/api/payments/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signPaymentEvent(payload, secret) }, body: payload });
}

const status = async (cookie: string) => (await ctx.json<SubscriptionStatus>(cookie, '/api/subscription')).body;
const userIdOf = async (cookie: string) => (await ctx.json<{ user: { id: string } }>(cookie, '/api/auth/get-session')).body.user.id;

function subscriptionEvent(type: string, id: string, created: number, over: { userId: string; status?: string; cancelAtPeriodEnd?: boolean; amount?: number; plan?: string }) {
  return {
    id: `evt_${type}_${created}_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    created,
    data: {
      object: {
        id,
        object: 'subscription',
        customer: `cus_${over.userId}`,
        status: over.status ?? 'active',
        cancel_at_period_end: over.cancelAtPeriodEnd ?? false,
        metadata: { userId: over.userId, plan: over.plan ?? 'basic', billingCycle: 'monthly' },
        items: { data: [{ quantity: 1, current_period_start: created, current_period_end: created + 30 * 86400, price: { unit_amount: over.amount ?? 499, currency: 'usd', recurring: { interval: 'month' } } }] },
      },
    },
  };
}

describe('check-subscription and checkout', () => {
  it('a visitor gets 401; checkout tells a visitor to log in', async () => {
    expect((await ctx.json(null, '/api/subscription')).status).toBe(401);
    const res = await postJson(ctx.app, '/api/checkout', { plan: 'pro', isAnnual: true }, { captcha: await solveCaptcha(ctx.app) });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('You must be logged in to checkout');
  });

  it('a new user is on the free plan with no subscription', async () => {
    expect(await status(bob)).toEqual({ hasActiveSubscription: false, subscription: null, plan: 'free', canManage: false });
  });

  it('checkout without the human check is refused', async () => {
    const res = await postJson(ctx.app, '/api/checkout', { plan: 'pro', isAnnual: true }, { cookie: alice });
    expect(res.status).toBe(400);
  });

  it('Pro annual: a declined card changes nothing, a retry with 4242 activates Pro at exactly $99.99 a year', async () => {
    const { status: code, body } = await checkout(alice, 'pro', true);
    expect(code).toBe(200);
    expect(new URL(body.url).pathname).toMatch(/^\/checkout\/test\/cs_test_/);
    const page = await ctx.app.request(new URL(body.url).pathname);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('$99.99');

    const declined = await pay(body.url, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    const poor = await pay(body.url, '4000 0000 0000 9995');
    expect(await poor.text()).toContain('Your card has insufficient funds.');
    expect((await status(alice)).hasActiveSubscription).toBe(false);
    expect((await ctx.json<{ payments: PaymentRecord[] }>(alice, '/api/payments')).body.payments).toEqual([]);

    const paid = await pay(body.url, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${TEST_ORIGIN}/dashboard?subscription=success&plan=pro`);
    const after = await status(alice);
    expect(after).toMatchObject({ hasActiveSubscription: true, plan: 'pro', subscription: { status: 'active', plan: 'pro', billingCycle: 'annual', amountCents: 9999, currency: 'usd' } });
    const period = after.subscription;
    expect(new Date(period?.currentPeriodEnd ?? 0).getUTCFullYear() - new Date(period?.currentPeriodStart ?? 0).getUTCFullYear()).toBe(1);
    const payments = (await ctx.json<{ payments: PaymentRecord[] }>(alice, '/api/payments')).body.payments;
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ kind: 'subscription_invoice', status: 'paid', amountCents: 9999 });

    // Paying the completed session again charges nothing more.
    expect((await pay(body.url, '4242 4242 4242 4242')).status).toBe(303);
    expect((await ctx.json<{ payments: PaymentRecord[] }>(alice, '/api/payments')).body.payments).toHaveLength(1);
    // A second checkout while subscribed is refused.
    expect((await checkout(alice, 'basic', false)).status).toBe(409);
  });

  it('the Pro subscriber cancels at period end and resumes; a free user, another user and a visitor cannot', async () => {
    const before = await status(alice);
    const cancelled = await postJson(ctx.app, '/api/subscription/cancel', {}, { cookie: alice });
    expect(cancelled.status).toBe(200);
    const body = (await cancelled.json()) as SubscriptionStatus;
    // Still Pro until the paid period ends, and says when that is.
    expect(body).toMatchObject({ hasActiveSubscription: true, plan: 'pro', subscription: { cancelAtPeriodEnd: true, currentPeriodEnd: before.subscription?.currentPeriodEnd } });
    expect((await status(alice)).subscription?.cancelAtPeriodEnd).toBe(true);
    // Bob has no plan: nothing to cancel, and Alice's stays as it is.
    expect((await postJson(ctx.app, '/api/subscription/cancel', {}, { cookie: bob })).status).toBe(409);
    expect((await postJson(ctx.app, '/api/subscription/resume', {}, { cookie: bob })).status).toBe(409);
    expect((await postJson(ctx.app, '/api/subscription/resume', {})).status).toBe(401);
    expect((await status(alice)).subscription?.cancelAtPeriodEnd).toBe(true);
    const resumed = await postJson(ctx.app, '/api/subscription/resume', {}, { cookie: alice });
    expect(resumed.status).toBe(200);
    expect((await status(alice))).toMatchObject({ plan: 'pro', subscription: { cancelAtPeriodEnd: false, status: 'active' } });
    // The built-in checkout has no Customer Portal: managing the card needs Stripe.
    expect((await postJson(ctx.app, '/api/subscription/portal', {}, { cookie: alice })).status).toBe(409);
  });

  it('Basic monthly charges $4.99; the cancel link leads back to the dashboard with subscription=canceled', async () => {
    const carol = await ctx.signIn();
    const { body } = await checkout(carol, 'basic', false);
    const page = await (await ctx.app.request(new URL(body.url).pathname)).text();
    expect(page).toContain('$4.99');
    expect(page).toContain(`${TEST_ORIGIN}/dashboard?subscription=canceled&#38;plan=basic`);
    await pay(body.url, '4242424242424242');
    expect((await status(carol)).subscription).toMatchObject({ plan: 'basic', billingCycle: 'monthly', amountCents: 499 });
  });

  it('an unknown checkout page is 404', async () => {
    expect((await ctx.app.request('/checkout/test/cs_test_nope')).status).toBe(404);
  });
});

describe('the webhook', () => {
  it('refuses a bad signature with 400 and changes nothing', async () => {
    const userId = await userIdOf(bob);
    const event = subscriptionEvent('customer.subscription.created', 'sub_forged', 1_800_000_000, { userId, plan: 'pro' });
    const before = await ctx.database.db.select({ n: count() }).from(processedPaymentEvent);
    const forged = await postEvent(event, 'whsec_not_ours');
    expect(forged.status).toBe(400);
    const payload = JSON.stringify(event);
    const unsigned = await ctx.app.request('/api/payments/webhook', { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload });
    expect(unsigned.status).toBe(400);
    // A valid signature over another body does not pass either.
    const tampered = await ctx.app.request('/api/payments/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signPaymentEvent(payload, ctx.payments.webhookSecret) },
      body: payload.replace('"pro"', '"basic"'),
    });
    expect(tampered.status).toBe(400);
    expect(await ctx.database.db.select({ n: count() }).from(processedPaymentEvent)).toEqual(before);
    expect((await status(bob)).hasActiveSubscription).toBe(false);
  });

  it('applies the same event once', async () => {
    const dave = await ctx.signIn();
    const userId = await userIdOf(dave);
    const event = {
      id: 'evt_invoice_twice',
      object: 'event',
      type: 'invoice.paid',
      created: 1_800_000_000,
      data: { object: { id: 'in_twice', customer: 'cus_x', amount_paid: 999, amount_due: 999, currency: 'usd', created: 1_800_000_000, parent: { subscription_details: { subscription: 'sub_twice', metadata: { userId, plan: 'pro' } } } } },
    };
    const first = await postEvent(event);
    expect(await first.json()).toEqual({ received: true, outcome: 'applied' });
    const second = await postEvent(event);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ received: true, outcome: 'duplicate' });
    const payments = (await ctx.json<{ payments: PaymentRecord[] }>(dave, '/api/payments')).body.payments;
    expect(payments.map((p) => [p.id, p.amountCents])).toEqual([['in_twice', 999]]);
  });

  it('ends in the newest state when updated arrives before created, and a deleted subscription stays deleted', async () => {
    const erin = await ctx.signIn();
    const userId = await userIdOf(erin);
    const t = 1_800_000_000;
    expect((await postEvent(subscriptionEvent('customer.subscription.updated', 'sub_ooo', t + 60, { userId, cancelAtPeriodEnd: true }))).status).toBe(200);
    expect(await (await postEvent(subscriptionEvent('customer.subscription.created', 'sub_ooo', t, { userId }))).json()).toMatchObject({ outcome: 'ignored' });
    expect((await status(erin)).subscription).toMatchObject({ id: 'sub_ooo', status: 'active', cancelAtPeriodEnd: true });
    // Same second: created never overrides updated.
    await postEvent(subscriptionEvent('customer.subscription.updated', 'sub_same', t, { userId, status: 'past_due' }));
    await postEvent(subscriptionEvent('customer.subscription.created', 'sub_same', t, { userId, status: 'incomplete' }));
    const [same] = await ctx.database.db.select().from(subscription).where(and(eq(subscription.id, 'sub_same')));
    expect(same?.status).toBe('past_due');

    await postEvent(subscriptionEvent('customer.subscription.deleted', 'sub_ooo', t + 120, { userId, status: 'canceled' }));
    await postEvent(subscriptionEvent('customer.subscription.updated', 'sub_ooo', t + 90, { userId, status: 'active' }));
    const after = await status(erin);
    expect(after.hasActiveSubscription).toBe(false);
    expect(after.plan).toBe('free');
  });

  it('a failed invoice makes the subscription past due, and a later paid one is never turned back into failed', async () => {
    const frank = await ctx.signIn();
    const userId = await userIdOf(frank);
    const t = 1_800_000_000;
    const invoice = (type: string, created: number) => ({
      id: `evt_${type}_${created}`,
      type,
      created,
      data: { object: { id: 'in_fail', subscription: 'sub_fail', customer: 'cus_x', amount_paid: type === 'invoice.paid' ? 499 : 0, amount_due: 499, currency: 'usd', created } },
    });
    expect(await (await postEvent(subscriptionEvent('customer.subscription.created', 'sub_fail', t, { userId }))).json()).toMatchObject({ outcome: 'applied' });
    expect(await (await postEvent(invoice('invoice.payment_failed', t + 10))).json()).toMatchObject({ outcome: 'applied' });
    expect((await status(frank)).subscription?.status).toBe('past_due');
    await postEvent(invoice('invoice.paid', t + 20));
    await postEvent(invoice('invoice.payment_failed', t + 5));
    const payments = (await ctx.json<{ payments: PaymentRecord[] }>(frank, '/api/payments')).body.payments;
    expect(payments).toEqual([expect.objectContaining({ id: 'in_fail', status: 'paid', amountCents: 499 })]);
  });
});

describe('entitlements on upload', () => {
  it('a free user’s second bill this month is refused with the upgrade message; the allowance says so', async () => {
    const gina = await ctx.signIn();
    expect((await ctx.json(gina, '/api/bills/allowance')).body).toMatchObject({ plan: 'free', limit: 1, used: 0, remaining: 1, canUpload: true });
    expect((await ctx.upload(gina, TEXT_BILL.bytes, 'first.pdf')).status).toBe(202);
    const second = await ctx.upload(gina, TEXT_BILL.bytes, 'second.pdf');
    expect(second.status).toBe(403);
    const body = (await second.json()) as { error: { code: string; message: string; details: { upgradeUrl: string } } };
    expect(body.error.code).toBe('PLAN_LIMIT_REACHED');
    expect(body.error.message).toContain('Upgrade your plan');
    expect(body.error.details.upgradeUrl).toBe('/pricing');
    expect((await ctx.json(gina, '/api/bills/allowance')).body).toMatchObject({ used: 1, remaining: 0, canUpload: false });
  });

  it('a Pro subscriber uploads a second and third bill that month', async () => {
    expect((await ctx.json(alice, '/api/bills/allowance')).body).toMatchObject({ plan: 'pro', limit: null });
    for (const name of ['one.pdf', 'two.pdf', 'three.pdf']) expect((await ctx.upload(alice, TEXT_BILL.bytes, name)).status).toBe(202);
  });
});

describe('payments are private', () => {
  it('another user cannot verify someone else’s checkout (404) nor list their payments', async () => {
    const { body } = await ctx.json<{ url: string }>(bob, '/api/payments/checkout', {
      method: 'POST',
      body: { provider: 'Georgia Power', accountNumber: '123-456', amount: 120.1, utilityType: 'electricity' },
    });
    const sessionId = new URL(body.url).pathname.split('/').pop() ?? '';
    await pay(body.url, '4242424242424242');
    const own = await ctx.json<PaymentVerification>(bob, `/api/payments/verify?session_id=${sessionId}`);
    expect(own.status).toBe(200);
    // The success page says who was paid and when.
    expect(own.body).toMatchObject({ amount: 12010, status: 'paid', payee: 'Georgia Power' });
    expect(Date.parse(own.body.paidAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect((await ctx.json(alice, `/api/payments/verify?session_id=${sessionId}`)).status).toBe(404);
    expect((await ctx.json(null, `/api/payments/verify?session_id=${sessionId}`)).status).toBe(401);
    const alicePayments = (await ctx.json<{ payments: PaymentRecord[] }>(alice, '/api/payments')).body.payments;
    expect(alicePayments.some((p) => p.id === sessionId)).toBe(false);
    const bobPayments = (await ctx.json<{ payments: PaymentRecord[] }>(bob, '/api/payments')).body.payments;
    expect(bobPayments).toEqual([expect.objectContaining({ id: sessionId, kind: 'bill_payment', amountCents: 12010 })]);

    // The receipt: a PDF for its owner, 404 for anyone else.
    const receipt = await ctx.app.request(`/api/payments/${sessionId}/receipt`, { headers: { cookie: bob } });
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
    const pdf = await PDFDocument.load(new Uint8Array(await receipt.arrayBuffer()));
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(`Wattwise receipt ${sessionId}`);
    expect((await ctx.app.request(`/api/payments/${sessionId}/receipt`, { headers: { cookie: alice } })).status).toBe(404);
    expect((await ctx.app.request(`/api/payments/${sessionId}/receipt`)).status).toBe(401);
    // The receipt reached its owner only: a notification, and the receipt email with the amount charged.
    const notified = async (cookie: string) => (await ctx.json<{ notifications: { title: string; message: string }[] }>(cookie, '/api/notifications')).body.notifications;
    expect(await notified(bob)).toContainEqual(expect.objectContaining({ title: 'Payment received', message: 'We received your payment of $120.10 for Electricity bill payment to Georgia Power (account 123-456).' }));
    expect((await notified(alice)).some((n) => n.message.includes('$120.10'))).toBe(false);
    const bobEmail = (await ctx.json<{ user: { email: string } }>(bob, '/api/auth/get-session')).body.user.email;
    const mail = await waitForMail(ctx.database, bobEmail, 'Your Wattwise receipt');
    expect(mail.subject).toBe('Your Wattwise receipt: $120.10');
  });

  it('a bill payment of 0 or less is refused', async () => {
    const res = await ctx.json(bob, '/api/payments/checkout', { method: 'POST', body: { provider: 'X', accountNumber: '1', amount: 0, utilityType: 'gas' } });
    expect(res.status).toBe(422);
  });
});

describe('savings guarantee', () => {
  it('a free user has none; a paid user may ask for a refund only after 30 days with under $100 a year found, once', async () => {
    expect((await ctx.json<GuaranteeStatus>(bob, '/api/guarantee')).body).toMatchObject({ hasGuarantee: false, canRequestRefund: false });
    const { body } = await checkout(bob, 'basic', false);
    await pay(body.url, '4242424242424242');
    const now = await ctx.json<GuaranteeStatus>(bob, '/api/guarantee');
    expect(now.body).toMatchObject({ hasGuarantee: true, yearlySavingsCents: 0, minimumYearlyCents: 10_000, canRequestRefund: false, refundRequested: false });
    expect((await ctx.json(bob, '/api/guarantee/refund-request', { method: 'POST' })).status).toBe(409);

    const userId = await userIdOf(bob);
    const later = new Date(Date.now() + 31 * 86_400_000);
    expect(await getGuaranteeStatus(ctx.database.db, userId, later)).toMatchObject({ canRequestRefund: true });
    expect(await requestGuaranteeRefund(ctx.database.db, userId, later)).toMatchObject({ refundRequested: true, canRequestRefund: false });
    await expect(requestGuaranteeRefund(ctx.database.db, userId, later)).rejects.toThrow('already waiting');
    expect((await ctx.json<GuaranteeStatus>(bob, '/api/guarantee')).body.refundRequested).toBe(true);
  });
});

describe("admin 'Users & Subscriptions'", () => {
  it('401 for a visitor, 403 for a user, pages of users with their plan for an admin', async () => {
    expect((await ctx.json(null, '/api/admin/subscriptions')).status).toBe(401);
    const denied = await ctx.json<{ error: { message: string } }>(bob, '/api/admin/subscriptions');
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe('Access denied: You do not have permission to view this page.');
    const adminEmail = `payments-admin-${Date.now()}@example.com`;
    const admin = await ctx.signIn(adminEmail);
    await createAdmin(ctx.auth, adminEmail);
    const seen: AdminUserSubscription[] = [];
    let cursor: string | null = null;
    let total = 0;
    do {
      const page: { body: Page<AdminUserSubscription> } = await ctx.json<Page<AdminUserSubscription>>(admin, `/api/admin/subscriptions?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.items);
      total = page.body.total;
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((u) => u.userId)).size).toBe(total);
    const aliceId = await userIdOf(alice);
    expect(seen.find((u) => u.userId === aliceId)).toMatchObject({ plan: 'pro', subscriptionStatus: 'active' });
    expect(seen.find((u) => u.email === adminEmail)).toMatchObject({ plan: 'free', subscriptionStatus: null, currentPeriodEnd: null });
    expect((await ctx.json(admin, '/api/admin/subscriptions?cursor=garbage')).status).toBe(400);
  });
});

describe('sign-up from the pricing dialog', () => {
  it('free: the account is made from the email alone, this browser is signed in, the mail carries a set-password link', async () => {
    const email = `plan-free-${Date.now()}@example.com`;
    const res = await postJson(ctx.app, '/api/plan-sign-up', { email, plan: 'free', billingCycle: 'monthly', timeZone: 'America/Chicago' }, { captcha: await solveCaptcha(ctx.app) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as PlanSignUpResult).url).toBeNull();
    const cookie = cookiesOf(res);
    expect(await status(cookie)).toMatchObject({ plan: 'free', hasActiveSubscription: false });
    expect((await ctx.json(cookie, '/api/bills/allowance')).body).toMatchObject({ timeZone: 'America/Chicago' });
    const mail = await waitForMail(ctx.database, email, 'Confirm your email');
    expect(mail.text).toContain('Set your password');
    expect(linkIn(mail.text, '/api/auth/reset-password/').toString()).toContain('callbackURL=');
    expect(linkIn(mail.text, '/api/auth/verify-email').searchParams.get('token')).toBeTruthy();
    // The same address again is refused with the spec's message.
    const again = await postJson(ctx.app, '/api/plan-sign-up', { email, plan: 'free' }, { captcha: await solveCaptcha(ctx.app) });
    expect(again.status).toBe(422);
  });

  it('paid: the visitor’s new account goes straight to a checkout; a bad email gets the spec’s message', async () => {
    const res = await postJson(ctx.app, '/api/plan-sign-up', { email: `plan-pro-${Date.now()}@example.com`, plan: 'pro', billingCycle: 'annual' }, { captcha: await solveCaptcha(ctx.app) });
    const result = (await res.json()) as PlanSignUpResult;
    expect(result.url).toMatch(/\/checkout\/test\/cs_test_/);
    expect(await (await ctx.app.request(new URL(result.url ?? '').pathname)).text()).toContain('$99.99');
    const bad = await postJson(ctx.app, '/api/plan-sign-up', { email: 'someone@example.c', plan: 'free' }, { captcha: await solveCaptcha(ctx.app) });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await bad.json())).toContain('Please enter a valid email address');
    const none = await postJson(ctx.app, '/api/plan-sign-up', { email: 'x@example.com', plan: 'free' });
    expect(none.status).toBe(400);
  });
});
