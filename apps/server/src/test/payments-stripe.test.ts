// The Stripe adapter against a local HTTP server answering with Stripe's documented response
// shapes (https://docs.stripe.com/api/checkout/sessions/object, /api/customer_portal/sessions/object);
// the SDK is pointed at it with its host/port/protocol options through STRIPE_API_URL.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AdminRefundRequest, PaymentVerification, SubscriptionStatus } from '@wattwise/shared/contract/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillsTestContext, createBillsTestContext } from '../features/bills/bills.test-support.ts';
import { signPaymentEvent } from '../platform/payments/payments.ts';
import { createAdmin } from '../features/auth/auth.service.ts';
import { requestGuaranteeRefund } from '../use-cases/savings-guarantee.ts';
import { postJson, solveCaptcha } from './test-app.ts';

// Also on PostgreSQL: two approvals of one refund race on separate connections.

type Recorded = { method: string; path: string; auth: string | undefined; body: URLSearchParams; idempotencyKey: string | undefined };

let server: http.Server;
let ctx: BillsTestContext;
const requests: Recorded[] = [];
const sessions = new Map<string, Record<string, unknown>>();
/** Refunds by idempotency key: Stripe answers a repeated key with the refund it made the first time. */
const refunds = new Map<string, Record<string, unknown>>();
const canceled = new Set<string>();
const WEBHOOK_SECRET = 'whsec_local_stripe_test';

function stripeError(res: http.ServerResponse, status: number, message: string) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
  res.end(JSON.stringify({ error: { type: 'invalid_request_error', message } }));
}

function answer(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const body = new URLSearchParams(raw);
  const idempotencyKey = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
  requests.push({ method: req.method ?? '', path: url.pathname, auth: req.headers.authorization, body, idempotencyKey });
  const send = (object: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${requests.length}`, 'stripe-version': '2026-10-28.endive' });
    res.end(JSON.stringify(object));
  };
  if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
    const id = `cs_test_local${sessions.size + 1}`;
    const session = {
      id,
      object: 'checkout.session',
      mode: body.get('mode'),
      status: 'open',
      payment_status: 'unpaid',
      amount_total: Number(body.get('line_items[0][price_data][unit_amount]')),
      currency: body.get('line_items[0][price_data][currency]'),
      client_reference_id: body.get('client_reference_id'),
      customer: body.get('customer'),
      customer_email: body.get('customer_email'),
      metadata: { userId: body.get('metadata[userId]') },
      success_url: body.get('success_url'),
      cancel_url: body.get('cancel_url'),
      created: 1_800_000_000,
      livemode: false,
      url: `https://checkout.stripe.com/c/pay/${id}`,
    };
    sessions.set(id, session);
    return send(session);
  }
  const retrieve = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
  if (req.method === 'GET' && retrieve) {
    const session = sessions.get(decodeURIComponent(retrieve[1] ?? ''));
    if (!session) return stripeError(res, 404, 'No such checkout.session');
    return send({ ...session, status: 'complete', payment_status: 'paid' });
  }
  if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
    return send({ id: 'bps_test_1', object: 'billing_portal.session', customer: body.get('customer'), return_url: body.get('return_url'), livemode: false, created: 1_800_000_000, url: 'https://billing.stripe.com/p/session/test_local' });
  }
  // https://docs.stripe.com/api/invoice-payment/list: the payment of an invoice, with its PaymentIntent.
  if (req.method === 'GET' && url.pathname === '/v1/invoice_payments') {
    const invoice = url.searchParams.get('invoice') ?? '';
    const data = invoice.startsWith('in_local')
      ? [{ id: `inpay_${invoice}`, object: 'invoice_payment', invoice, amount_paid: 9999, currency: 'usd', is_default: true, livemode: false, status: 'paid', payment: { type: 'payment_intent', payment_intent: `pi_for_${invoice}` }, created: 1_800_000_100 }]
      : [];
    return send({ object: 'list', url: '/v1/invoice_payments', has_more: false, data });
  }
  // https://docs.stripe.com/api/refunds/create
  if (req.method === 'POST' && url.pathname === '/v1/refunds') {
    const key = idempotencyKey ?? `no-key-${requests.length}`;
    const refund = refunds.get(key) ?? {
      id: `re_local${refunds.size + 1}`,
      object: 'refund',
      amount: Number(body.get('amount')),
      currency: 'usd',
      payment_intent: body.get('payment_intent'),
      charge: body.get('charge'),
      reason: body.get('reason'),
      metadata: { refundRequestId: body.get('metadata[refundRequestId]') },
      status: 'succeeded',
      created: 1_800_000_200,
    };
    refunds.set(key, refund);
    return send(refund);
  }
  // https://docs.stripe.com/api/subscriptions/cancel
  const subscriptionPath = url.pathname.match(/^\/v1\/subscriptions\/([^/]+)$/);
  if (subscriptionPath && (req.method === 'DELETE' || req.method === 'GET')) {
    const id = decodeURIComponent(subscriptionPath[1] ?? '');
    if (req.method === 'DELETE') {
      if (canceled.has(id) && !idempotencyKey) return stripeError(res, 400, 'No such subscription');
      canceled.add(id);
    }
    return send({ id, object: 'subscription', status: canceled.has(id) ? 'canceled' : 'active', customer: 'cus_local', items: { object: 'list', data: [] } });
  }
  return stripeError(res, 404, `Unrecognized request URL (${req.method} ${url.pathname})`);
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => answer(req, res, raw));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  ctx = await createBillsTestContext(
    { STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: `http://127.0.0.1:${port}` },
    { startWorker: false },
  );
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => server.close(resolve));
});

function postEvent(event: Record<string, unknown>) {
  const payload = JSON.stringify(event);
  return ctx.app.request('/api/payments/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signPaymentEvent(payload, WEBHOOK_SECRET) }, body: payload });
}

describe('Stripe adapter', () => {
  it('opens a subscription Checkout Session with the plan price in cents, and the webhook activates the plan', async () => {
    const alice = await ctx.signIn();
    const res = await postJson(ctx.app, '/api/checkout', { plan: 'pro', isAnnual: true }, { cookie: alice, captcha: await solveCaptcha(ctx.app) });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url).toBe('https://checkout.stripe.com/c/pay/cs_test_local1');
    const created = requests.find((r) => r.path === '/v1/checkout/sessions');
    expect(created?.auth).toBe('Bearer sk_test_local');
    const form = Object.fromEntries(created?.body ?? []);
    expect(form).toMatchObject({
      mode: 'subscription',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '9999',
      'line_items[0][price_data][recurring][interval]': 'year',
      'subscription_data[metadata][plan]': 'pro',
      'subscription_data[metadata][billingCycle]': 'annual',
      success_url: 'http://localhost:3000/dashboard?subscription=success&plan=pro',
      cancel_url: 'http://localhost:3000/dashboard?subscription=canceled&plan=pro',
    });
    const userId = form.client_reference_id ?? '';
    expect(form['subscription_data[metadata][userId]']).toBe(userId);
    expect(form.customer_email).toMatch(/@example\.com$/);

    // Stripe then posts its events to our webhook, signed with the endpoint's secret.
    const t = 1_800_000_100;
    const completed = await postEvent({ id: 'evt_s1', object: 'event', type: 'checkout.session.completed', created: t, data: { object: { id: 'cs_test_local1', object: 'checkout.session', mode: 'subscription', payment_status: 'paid', amount_total: 9999, currency: 'usd', customer: 'cus_local', client_reference_id: userId } } });
    expect(completed.status).toBe(200);
    await postEvent({
      id: 'evt_s2',
      object: 'event',
      type: 'customer.subscription.created',
      created: t,
      data: { object: { id: 'sub_local', object: 'subscription', customer: 'cus_local', status: 'active', cancel_at_period_end: false, metadata: { userId, plan: 'pro', billingCycle: 'annual' }, items: { object: 'list', data: [{ id: 'si_1', quantity: 1, current_period_start: t, current_period_end: t + 365 * 86400, price: { id: 'price_1', unit_amount: 9999, currency: 'usd', recurring: { interval: 'year' } } }] } } },
    });
    const status = await ctx.json<SubscriptionStatus>(alice, '/api/subscription');
    expect(status.body).toMatchObject({ hasActiveSubscription: true, plan: 'pro', canManage: true, subscription: { amountCents: 9999, billingCycle: 'annual' } });

    // The Customer Portal for the customer the webhook recorded.
    const portal = await postJson(ctx.app, '/api/subscription/portal', {}, { cookie: alice });
    expect(await portal.json()).toEqual({ url: 'https://billing.stripe.com/p/session/test_local' });
    const portalRequest = requests.find((r) => r.path === '/v1/billing_portal/sessions');
    expect(portalRequest?.body.get('customer')).toBe('cus_local');
    expect(portalRequest?.body.get('return_url')).toBe('http://localhost:3000/settings#plan');
  });

  it('opens a payment-mode session for a bill and verifies it with Stripe (amount in cents); another user gets 404', async () => {
    const bob = await ctx.signIn();
    const res = await ctx.json<{ url: string }>(bob, '/api/payments/checkout', { method: 'POST', body: { provider: 'Georgia Power', accountNumber: '88-1', amount: 86.45, utilityType: 'electricity' } });
    expect(res.status).toBe(200);
    const id = res.body.url.split('/').pop() ?? '';
    const form = Object.fromEntries(requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)?.body ?? []);
    expect(form).toMatchObject({ mode: 'payment', 'line_items[0][price_data][unit_amount]': '8645', success_url: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}' });
    expect(form['line_items[0][price_data][recurring][interval]']).toBeUndefined();
    const verified = await ctx.json<PaymentVerification>(bob, `/api/payments/verify?session_id=${id}`);
    // Stripe says paid, but its webhook has not landed yet: the page is told to check again for the receipt.
    expect(verified.body).toMatchObject({ id, amount: 8645, status: 'paid', created: 1_800_000_000, receiptReady: false });
    expect((await ctx.json(bob, `/api/payments/${id}/receipt`)).status).toBe(404);
    await postEvent({ id: 'evt_b1', object: 'event', type: 'checkout.session.completed', created: 1_800_000_050, data: { object: { id, object: 'checkout.session', mode: 'payment', payment_status: 'paid', amount_total: 8645, currency: 'usd', customer: 'cus_bob', created: 1_800_000_000 } } });
    expect((await ctx.json<PaymentVerification>(bob, `/api/payments/verify?session_id=${id}`)).body).toMatchObject({ amount: 8645, receiptReady: true });
    const other = await ctx.signIn();
    expect((await ctx.json(other, `/api/payments/verify?session_id=${id}`)).status).toBe(404);
  });

  it('an approved guarantee refund goes through the Refunds API once (idempotency key) and cancels the subscription', async () => {
    // Kim's Pro annual plan and its paid invoice, as Stripe's events say.
    const kim = await ctx.signIn();
    const userId = (await ctx.json<{ user: { id: string } }>(kim, '/api/auth/get-session')).body.user.id;
    const t = 1_800_000_300;
    const item = { id: 'si_2', quantity: 1, current_period_start: t, current_period_end: t + 365 * 86400, price: { id: 'price_2', unit_amount: 9999, currency: 'usd', recurring: { interval: 'year' } } };
    await postEvent({ id: 'evt_r1', object: 'event', type: 'customer.subscription.created', created: t, data: { object: { id: 'sub_refund', object: 'subscription', customer: 'cus_refund', status: 'active', metadata: { userId, plan: 'pro', billingCycle: 'annual' }, items: { object: 'list', data: [item] } } } });
    const invoice = { id: 'in_local_refund', object: 'invoice', customer: 'cus_refund', amount_paid: 9999, amount_due: 9999, currency: 'usd', created: t, parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_refund', metadata: { userId, plan: 'pro' } } } };
    expect((await postEvent({ id: 'evt_r2', object: 'event', type: 'invoice.paid', created: t, data: { object: invoice } })).status).toBe(200);
    await requestGuaranteeRefund(ctx.database.db, userId, new Date(Date.now() + 31 * 86_400_000));

    const adminEmail = `stripe-admin-${Date.now()}@example.com`;
    const admin = await ctx.signIn(adminEmail);
    await createAdmin(ctx.auth, adminEmail);
    const [pending] = (await ctx.json<{ items: AdminRefundRequest[] }>(admin, '/api/admin/refund-requests?status=pending')).body.items;
    expect(pending).toMatchObject({ userId, amountPaidCents: 9999, plan: 'pro' });
    const id = pending?.id ?? '';
    expect((await ctx.json(kim, `/api/admin/refund-requests/${id}/decision`, { method: 'POST', body: { decision: 'approve' } })).status).toBe(403);

    // Two approvals at once, then a third: one refund at Stripe.
    const answers = await Promise.all([1, 2].map(() => ctx.json<{ items: AdminRefundRequest[] }>(admin, `/api/admin/refund-requests/${id}/decision`, { method: 'POST', body: { decision: 'approve' } })));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const third = await ctx.json<{ items: AdminRefundRequest[] }>(admin, `/api/admin/refund-requests/${id}/decision`, { method: 'POST', body: { decision: 'approve' } });
    expect(third.body.items[0]).toMatchObject({ status: 'approved', refundedCents: 9999 });
    expect(refunds.size).toBe(1);
    const refundCalls = requests.filter((r) => r.path === '/v1/refunds');
    expect(refundCalls.length).toBeGreaterThanOrEqual(1);
    expect(new Set(refundCalls.map((r) => r.idempotencyKey))).toEqual(new Set([`guarantee-refund:${id}:in_local_refund`]));
    expect(Object.fromEntries(refundCalls[0]?.body ?? [])).toMatchObject({ payment_intent: 'pi_for_in_local_refund', amount: '9999', reason: 'requested_by_customer' });
    expect(requests.find((r) => r.path === '/v1/invoice_payments')?.auth).toBe('Bearer sk_test_local');
    expect(canceled.has('sub_refund')).toBe(true);
    expect(requests.filter((r) => r.method === 'DELETE' && r.path === '/v1/subscriptions/sub_refund').every((r) => r.idempotencyKey === `guarantee-cancel:${id}`)).toBe(true);

    // Stripe then sends the deleted event; the plan ends.
    await postEvent({ id: 'evt_r3', object: 'event', type: 'customer.subscription.deleted', created: t + 10, data: { object: { id: 'sub_refund', object: 'subscription', customer: 'cus_refund', status: 'canceled', metadata: { userId, plan: 'pro' }, items: { object: 'list', data: [item] } } } });
    expect((await ctx.json<SubscriptionStatus>(kim, '/api/subscription')).body.hasActiveSubscription).toBe(false);
  });

  it('refuses an event signed with another secret', async () => {
    const payload = JSON.stringify({ id: 'evt_bad', type: 'invoice.paid', created: 1, data: { object: {} } });
    const res = await ctx.app.request('/api/payments/webhook', { method: 'POST', headers: { 'stripe-signature': signPaymentEvent(payload, 'whsec_other') }, body: payload });
    expect(res.status).toBe(400);
  });
});
