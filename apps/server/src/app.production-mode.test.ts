import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { loadConfig, startupWarnings } from './config.ts';
import { createAdmin } from './features/auth/auth.service.ts';
import { createVerifiedUser } from './features/demo/demo.service.ts';
import { createOutboxMailer } from './platform/mail.ts';
import { cookiesOf, createTestContext, postJson, solveCaptcha, STRONG_PASSWORD, type TestContext } from './test/test-app.ts';

// Someone puts Wattwise on a server with NODE_ENV=production and nothing else configured.

const DEMO = { email: 'demo@wattwise.local', password: 'Demo-secret-password-7a' };
const loopback = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
const neighbour = { incoming: { socket: { remoteAddress: '192.168.1.23' } } };

let prod: TestContext;
let dev: TestContext;
beforeAll(async () => {
  [prod, dev] = await Promise.all([createTestContext({ NODE_ENV: 'production' }), createTestContext({ NODE_ENV: 'development' })]);
  for (const ctx of [prod, dev]) {
    await createOutboxMailer({ db: ctx.database.db, from: ctx.config.mailFrom }).send({
      to: 'victim@example.com',
      subject: 'Reset your password',
      html: '<p><a href="http://localhost:3000/api/auth/reset-password/SECRET-TOKEN">Reset</a></p>',
      text: 'http://localhost:3000/api/auth/reset-password/SECRET-TOKEN',
    });
  }
});
afterAll(async () => {
  await Promise.all([prod?.close(), dev?.close()]);
});

async function signIn(ctx: TestContext, email: string, password = STRONG_PASSWORD): Promise<string> {
  const res = await postJson(ctx.app, '/api/auth/sign-in/email', { email, password }, { captcha: await solveCaptcha(ctx.app) });
  expect(res.status).toBe(200);
  return cookiesOf(res);
}

describe('production with nothing configured', () => {
  it('has no demo account unless DEMO_DATA=true is set explicitly', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: '' }).demoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).demoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('never sends the demo password to a browser, and does not advertise the mailbox', async () => {
    const { app } = createApp({ ...prod, mailer: { kind: 'outbox' }, demoAccount: DEMO });
    const res = await app.request('/api/public-config');
    const text = await res.text();
    expect(text).not.toContain(DEMO.password);
    expect(JSON.parse(text)).toMatchObject({ devMailbox: false, demoAccount: { email: DEMO.email, password: null } });

    const devApp = createApp({ ...dev, mailer: { kind: 'outbox' }, demoAccount: DEMO }).app;
    expect(await (await devApp.request('/api/public-config')).json()).toMatchObject({ devMailbox: true, demoAccount: DEMO });
  });

  it('serves the mailbox only to a signed-in admin', async () => {
    expect((await prod.app.request('/dev/mailbox')).status).toBe(404);
    expect((await prod.app.request('/dev/mailbox', {}, loopback)).status).toBe(404);

    const userEmail = `user-${Date.now()}@example.com`;
    await createVerifiedUser(prod.auth, userEmail, STRONG_PASSWORD);
    const userCookie = await signIn(prod, userEmail);
    const asUser = await prod.app.request('/dev/mailbox', { headers: { cookie: userCookie } });
    expect(asUser.status).toBe(404);
    expect(await asUser.text()).not.toContain('SECRET-TOKEN');

    const adminEmail = `admin-${Date.now()}@example.com`;
    const admin = await createAdmin(prod.auth, adminEmail);
    const adminCookie = await signIn(prod, adminEmail, admin.password ?? '');
    const asAdmin = await prod.app.request('/dev/mailbox', { headers: { cookie: adminCookie } });
    expect(asAdmin.status).toBe(200);
    expect(await asAdmin.text()).toContain('victim@example.com');
  });

  it('takes no payments without Stripe keys: no test checkout, no plan limits, a warning', async () => {
    expect(prod.config.payments.provider).toBe('none');
    expect(prod.config.planLimits).toBe(false);
    expect(startupWarnings(prod.config).some((w) => w.includes('no payments are taken'))).toBe(true);
    await createVerifiedUser(prod.auth, 'payer@example.com', STRONG_PASSWORD);
    const cookie = await signIn(prod, 'payer@example.com');
    const res = await postJson(prod.app, '/api/payments/checkout', { provider: 'Power Co', accountNumber: 'A-1', amount: 120.1, utilityType: 'electricity' }, { cookie });
    expect(res.status).toBe(503);
    // The built-in checkout's pages are not served (whatever else answers the path).
    expect(await (await prod.app.request('/checkout/test/cs_test_anything')).text()).not.toMatch(/4242|Pay \$/i);
    // Outside production the built-in checkout stays the default.
    expect(dev.config.payments.provider).toBe('test');
  });

  it('shows the API reference to admins only (API_DOCS_PUBLIC=true opens it); development keeps it public', async () => {
    for (const path of ['/api/docs', '/api/openapi.json']) {
      expect((await prod.app.request(path)).status, path).toBe(401);
      expect((await dev.app.request(path)).status, path).toBe(200);
    }
    const userEmail = `docs-user-${Date.now()}@example.com`;
    await createVerifiedUser(prod.auth, userEmail, STRONG_PASSWORD);
    expect((await prod.app.request('/api/openapi.json', { headers: { cookie: await signIn(prod, userEmail) } })).status).toBe(403);
    const adminEmail = `docs-admin-${Date.now()}@example.com`;
    const admin = await createAdmin(prod.auth, adminEmail);
    const adminCookie = await signIn(prod, adminEmail, admin.password ?? '');
    expect((await prod.app.request('/api/openapi.json', { headers: { cookie: adminCookie } })).status).toBe(200);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS_PUBLIC: 'true' }).apiDocsPublic).toBe(true);
    const open = createApp({ ...prod, config: { ...prod.config, apiDocsPublic: true }, mailer: { kind: 'outbox' } }).app;
    expect((await open.request('/api/docs')).status).toBe(200);
  });

  it('keeps /metrics off without METRICS_TOKEN', async () => {
    expect((await prod.app.request('/metrics')).status).toBe(404);
    const token = 'metrics-token-0123456789';
    const guarded = createApp({ ...prod, config: { ...prod.config, metricsToken: token }, mailer: { kind: 'outbox' } }).app;
    expect((await guarded.request('/metrics')).status).toBe(401);
    expect((await guarded.request('/metrics', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });

  it('warns at start when mail cannot leave the server', () => {
    expect(startupWarnings(prod.config).join('\n')).toMatch(/SMTP_URL is not set/);
    const complete = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com', METRICS_TOKEN: 'metrics-token-0123456789', SUPPORT_EMAIL: 'help@operator.example' };
    // Staff read contact messages and bookings at SUPPORT_EMAIL: left at its default, the start says so.
    expect(startupWarnings(loadConfig({ ...complete, SUPPORT_EMAIL: '' })).join('\n')).toMatch(/SUPPORT_EMAIL is not set/);
    expect(startupWarnings(loadConfig({ ...complete, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }))).toEqual([]);
    expect(startupWarnings(loadConfig(complete)).join('\n')).toMatch(/no payments are taken/);
    expect(startupWarnings(loadConfig({ ...complete, TEST_CHECKOUT: 'true' })).join('\n')).toMatch(/built-in test checkout/);
    expect(startupWarnings(dev.config)).toEqual([]);
  });
});

describe('development', () => {
  it('serves the mailbox to this machine only, not to the network or through a proxy', async () => {
    const local = await dev.app.request('/dev/mailbox', {}, loopback);
    expect(local.status).toBe(200);
    expect(await local.text()).toContain('victim@example.com');
    expect((await dev.app.request('/dev/mailbox', {}, neighbour)).status).toBe(404);
    expect((await dev.app.request('/dev/mailbox', { headers: { 'x-forwarded-for': '203.0.113.9' } }, loopback)).status).toBe(404);
    expect((await dev.app.request('/dev/mailbox')).status).toBe(404);
  });
});
