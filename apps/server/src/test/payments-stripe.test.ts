// The Stripe adapter against a local HTTP server answering with Stripe's documented response
// shapes (https://docs.stripe.com/api/checkout/sessions/object, /api/customer_portal/sessions/object);
// the SDK is pointed at it with its host/port/protocol options through STRIPE_API_URL.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PaymentVerification, SubscriptionStatus } from '@wattwise/shared/contract/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillsTestContext, createBillsTestContext } from '../features/bills/bills.test-support.ts';
import { signPaymentEvent } from '../platform/payments/payments.ts';
import { postJson, solveCaptcha } from './test-app.ts';

type Recorded = { method: string; path: string; auth: string | undefined; body: URLSearchParams };

let server: http.Server;
let ctx: BillsTestContext;
const requests: Recorded[] = [];
const sessions = new Map<string, Record<string, unknown>>();
const WEBHOOK_SECRET = 'whsec_local_stripe_test';

function stripeError(res: http.ServerResponse, status: number, message: string) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
  res.end(JSON.stringify({ error: { type: 'invalid_request_error', message } }));
}

function answer(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const body = new URLSearchParams(raw);
  requests.push({ method: req.method ?? '', path: url.pathname, auth: req.headers.authorization, body });
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
    expect(portalRequest?.body.get('return_url')).toBe('http://localhost:3000/dashboard');
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
    expect(verified.body).toMatchObject({ id, amount: 8645, status: 'paid', created: 1_800_000_000 });
    const other = await ctx.signIn();
    expect((await ctx.json(other, `/api/payments/verify?session_id=${id}`)).status).toBe(404);
  });

  it('refuses an event signed with another secret', async () => {
    const payload = JSON.stringify({ id: 'evt_bad', type: 'invoice.paid', created: 1, data: { object: {} } });
    const res = await ctx.app.request('/api/payments/webhook', { method: 'POST', headers: { 'stripe-signature': signPaymentEvent(payload, 'whsec_other') }, body: payload });
    expect(res.status).toBe(400);
  });
});
