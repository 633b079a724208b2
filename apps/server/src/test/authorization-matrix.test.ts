// The authorization matrix (issue 18): every route of the OpenAPI document, tried as an
// anonymous visitor, as another user against the first user's real rows, and as a user who is
// not an admin where only admins may go. What each route allows is declared once, in MATRIX.
// A route the app serves that is neither in the document nor in OUTSIDE_DOCUMENT, or a route
// of the document without a row here, fails the first test, so a new route cannot slip through:
// adding a route means adding its row.
import fs from 'node:fs';
import path from 'node:path';
import type { Device } from '@wattwise/shared/contract/smart-home';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../features/auth/auth.service.ts';
import { type BillsTestContext, createBillsTestContext, TEXT_BILL } from '../features/bills/bills.test-support.ts';
import { nextIp, TEST_ORIGIN } from './test-app.ts';

// Also on PostgreSQL: row-level security and the admin's database status.

/**
 * public: anyone (the anonymous call must not fail with 5xx).
 * signed-in: 401 for a visitor; any signed-in user may call it (on their own rows).
 * owner: 401 for a visitor; 404 (or 403) for another user given the first user's row; the owner's own GET answers.
 * admin: 401 for a visitor, 403 for a signed-in user who is not an admin; an admin's GET answers.
 * token: anyone, but only with a secret the server issued (a signature, a mailed token); a made-up one is refused.
 */
type Access = 'public' | 'signed-in' | 'owner' | 'admin' | 'token';

/** The first user's rows the calls point at. */
type Rows = {
  billId: string;
  propertyId: string;
  accountId: string;
  notificationId: string;
  appointmentId: string;
  ticketId: string;
  applicationId: string;
  paymentSessionId: string;
  credentialId: string;
  deviceId: string;
  ruleId: string;
  iotDeviceId: string;
  sessionId: string;
  exportId: string;
  meterId: string;
};

type Row = {
  access: Access;
  /** Values of the path's {params} (owner rows: the first user's ids). */
  params?: (r: Rows) => Record<string, string>;
  query?: (r: Rows) => string;
  /** A valid body, so a refusal cannot be a validation error in disguise. */
  body?: (r: Rows) => unknown;
  /** Server-Sent Events: the body is cancelled once the status is known. */
  stream?: true;
  /** What a refused made-up token answers (token rows), default any 4xx. */
  refused?: number[];
};

const ZERO_UUID = '00000000-0000-4000-8000-000000000000';
const bill = (r: Rows) => ({ id: r.billId });
const SIGNED_IN: Row = { access: 'signed-in' };
const ADMIN: Row = { access: 'admin' };
const PUBLIC: Row = { access: 'public' };

/** One row per route of /api/openapi.json, keyed `METHOD /path/{param}`. */
const MATRIX: Record<string, Row> = {
  // System
  'GET /api/health': PUBLIC,
  'GET /api/ready': PUBLIC,
  'GET /api/public-config': PUBLIC,
  'GET /api/captcha/challenge': PUBLIC,
  'GET /api/platform/status': PUBLIC,
  // Auth (better-auth)
  'POST /api/auth/sign-up/email': PUBLIC,
  'POST /api/auth/sign-in/email': PUBLIC,
  'POST /api/auth/sign-out': PUBLIC,
  'GET /api/auth/get-session': PUBLIC,
  'POST /api/auth/send-verification-email': PUBLIC,
  'GET /api/auth/verify-email': { access: 'token', query: () => 'token=made-up&callbackURL=/', refused: [302] },
  'POST /api/auth/request-password-reset': PUBLIC,
  'GET /api/auth/reset-password/{token}': { access: 'token', params: () => ({ token: 'made-up' }), query: () => 'callbackURL=/reset-password', refused: [302] },
  'POST /api/auth/reset-password': { access: 'token', body: () => ({ token: 'made-up', newPassword: 'Another-Long-Pass-9' }) },
  // Properties and utility accounts
  'GET /api/properties': SIGNED_IN,
  'POST /api/properties': SIGNED_IN,
  'PATCH /api/properties/{id}': { access: 'owner', params: (r) => ({ id: r.propertyId }), body: () => ({ name: 'Taken over' }) },
  'DELETE /api/properties/{id}': { access: 'owner', params: (r) => ({ id: r.propertyId }) },
  'GET /api/utility-accounts': SIGNED_IN,
  'PATCH /api/utility-accounts/{id}': { access: 'owner', params: (r) => ({ id: r.accountId }), body: () => ({ confirmed: true }) },
  // Plans and payments
  'GET /api/subscription': SIGNED_IN,
  'POST /api/plan-sign-up': PUBLIC,
  'POST /api/checkout': SIGNED_IN,
  'POST /api/subscription/portal': SIGNED_IN,
  'POST /api/subscription/cancel': SIGNED_IN,
  'POST /api/subscription/resume': SIGNED_IN,
  'POST /api/payments/checkout': SIGNED_IN,
  'GET /api/payments/verify': { access: 'owner', query: (r) => `session_id=${r.paymentSessionId}` },
  'GET /api/payments': SIGNED_IN,
  'GET /api/payments/{id}/receipt': { access: 'owner', params: (r) => ({ id: r.paymentSessionId }) },
  'GET /api/guarantee': SIGNED_IN,
  'POST /api/guarantee/refund-request': SIGNED_IN,
  'GET /api/admin/subscriptions': ADMIN,
  'GET /api/admin/refund-requests': ADMIN,
  'POST /api/admin/refund-requests/{id}/decision': { access: 'admin', params: () => ({ id: ZERO_UUID }), body: () => ({ decision: 'reject' }) },
  'POST /api/payments/webhook': { access: 'token', body: () => ({ id: 'evt_made_up', type: 'checkout.session.completed', data: { object: {} } }) },
  // Bills
  'POST /api/bills': SIGNED_IN,
  'POST /api/bill-readings': SIGNED_IN,
  'POST /api/meter-data': SIGNED_IN,
  'GET /api/meters': SIGNED_IN,
  'GET /api/meters/{id}/readings': { access: 'owner', params: (r) => ({ id: r.meterId }) },
  'GET /api/meters/{id}/load-profile': { access: 'owner', params: (r) => ({ id: r.meterId }) },
  'GET /api/meters/{id}/home-assistant.csv': { access: 'owner', params: (r) => ({ id: r.meterId }) },
  'POST /api/meters/{id}/tou-what-if': { access: 'owner', params: (r) => ({ id: r.meterId }), body: () => ({ peakStartHour: 16, peakEndHour: 21, peakPrice: 0.5, offPeakPrice: 0.3 }) },
  'GET /api/bills': SIGNED_IN,
  'GET /api/bills/allowance': SIGNED_IN,
  'GET /api/bills/figures': SIGNED_IN,
  'GET /api/bills/{id}': { access: 'owner', params: bill },
  'GET /api/bills/{id}/file': { access: 'owner', params: bill },
  'GET /api/bills/{id}/pages': { access: 'owner', params: bill },
  'GET /api/bills/{id}/pages/{page}': { access: 'owner', params: (r) => ({ id: r.billId, page: '1' }) },
  'GET /api/bills/{id}/events': { access: 'owner', params: bill, stream: true },
  'DELETE /api/bills/{id}': { access: 'owner', params: bill },
  'POST /api/bills/{id}/retry': { access: 'owner', params: bill },
  'PATCH /api/bills/{id}/fields': { access: 'owner', params: bill, body: () => ({ corrections: [{ field: 'totalAmount', value: 1 }] }) },
  'POST /api/bills/{id}/duplicate': { access: 'owner', params: bill, body: () => ({ action: 'keep_both' }) },
  'POST /api/bills/{id}/analyze': { access: 'owner', params: bill },
  'POST /api/bills/{id}/anomalies': { access: 'owner', params: bill },
  'GET /api/bills/{id}/weather-comparison': { access: 'owner', params: bill },
  'GET /api/recommendations': SIGNED_IN,
  'POST /api/search/bills': SIGNED_IN,
  'POST /api/feedback': {
    access: 'owner',
    body: (r) => ({ feedbackType: 'correction', entityType: 'bill_analysis', entityId: r.billId, originalValue: '1', correctedValue: '2' }),
  },
  'GET /api/processing/costs': SIGNED_IN,
  // Account (settings, sessions, audit, export, deletion) and better-auth's account endpoints
  'GET /api/account': SIGNED_IN,
  'GET /api/account/sessions': SIGNED_IN,
  'DELETE /api/account/sessions/{id}': { access: 'owner', params: (r) => ({ id: r.sessionId }) },
  'GET /api/account/audit-events': SIGNED_IN,
  'GET /api/admin/audit-events': ADMIN,
  'GET /api/account/exports': SIGNED_IN,
  'POST /api/account/exports': SIGNED_IN,
  // The owner's session and the link's signature, both: without the signature even the owner gets 404.
  'GET /api/account/exports/{id}/download': { access: 'token', params: (r) => ({ id: r.exportId }), query: () => 'expires=9999999999&signature=made-up-signature-of-the-right-form' },
  'POST /api/account/delete': { access: 'signed-in', body: () => ({ password: 'not-the-password' }) },
  'POST /api/auth/update-user': { access: 'signed-in', body: () => ({ name: 'Renamed' }) },
  'POST /api/auth/change-password': { access: 'signed-in', body: () => ({ currentPassword: 'not-the-password', newPassword: 'Another-Long-Pass-9' }) },
  'POST /api/auth/change-email': { access: 'signed-in', body: () => ({ newEmail: 'matrix-new@example.com' }) },
  'POST /api/auth/two-factor/enable': { access: 'signed-in', body: () => ({ password: 'not-the-password' }) },
  'POST /api/auth/two-factor/disable': { access: 'signed-in', body: () => ({ password: 'not-the-password' }) },
  'POST /api/auth/two-factor/generate-backup-codes': { access: 'signed-in', body: () => ({ password: 'not-the-password' }) },
  // Second step of a sign-in: only with the pending-sign-in cookie the first step set.
  'POST /api/auth/two-factor/verify-totp': { access: 'token', body: () => ({ code: '123456' }) },
  'POST /api/auth/two-factor/verify-backup-code': { access: 'token', body: () => ({ code: 'made-up-code' }) },
  // Email
  'GET /api/email/preferences': SIGNED_IN,
  'PATCH /api/email/preferences': { access: 'signed-in', body: () => ({ marketing_emails: false }) },
  'GET /api/email/events': SIGNED_IN,
  'POST /api/email/test': { access: 'signed-in', body: () => ({ template: 'welcome' }) },
  'POST /api/email/subscribe': { access: 'public', body: () => ({ email: 'matrix-visitor@example.com', preferences: { rebateAlerts: true, monthlyTips: true, seasonalReminders: true, newPrograms: false } }) },
  'POST /api/email/webhook': { access: 'token', body: () => [{ email: 'matrix@example.com', event: 'bounce', sg_event_id: 'made-up' }] },
  // Notifications
  'GET /api/notifications/events': { access: 'signed-in', stream: true },
  'POST /api/notifications/unsubscribe': { access: 'token', body: () => ({ token: 'made-up' }) },
  'GET /api/notifications': SIGNED_IN,
  'GET /api/notifications/unread-count': SIGNED_IN,
  'POST /api/notifications/read-all': SIGNED_IN,
  'POST /api/notifications/{id}/read': { access: 'owner', params: (r) => ({ id: r.notificationId }) },
  'GET /api/notifications/preferences': SIGNED_IN,
  'PUT /api/notifications/preferences': SIGNED_IN,
  // Appointments and support
  'GET /api/appointments/availability': SIGNED_IN,
  'GET /api/appointments': SIGNED_IN,
  'POST /api/appointments': SIGNED_IN,
  'DELETE /api/appointments/{id}': { access: 'owner', params: (r) => ({ id: r.appointmentId }) },
  'POST /api/contact': PUBLIC,
  'GET /api/support/tickets': SIGNED_IN,
  'POST /api/support/tickets': SIGNED_IN,
  'GET /api/support/tickets/{id}': { access: 'owner', params: (r) => ({ id: r.ticketId }) },
  'POST /api/support/tickets/{id}/messages': { access: 'owner', params: (r) => ({ id: r.ticketId }), body: () => ({ body: 'Let me in.' }) },
  'GET /api/admin/tickets': ADMIN,
  'GET /api/admin/contact-messages': ADMIN,
  'POST /api/admin/contact-messages/{id}/reply': { access: 'admin', params: (r) => ({ id: r.ticketId }) },
  'POST /api/admin/contact-messages/{id}/ticket': { access: 'admin', params: (r) => ({ id: r.ticketId }) },
  'GET /api/admin/appointments': ADMIN,
  'GET /api/admin/tickets/{id}': { access: 'admin', params: (r) => ({ id: r.ticketId }) },
  'POST /api/admin/tickets/{id}/replies': { access: 'admin', params: (r) => ({ id: r.ticketId }) },
  'POST /api/admin/tickets/{id}/sync': { access: 'admin', params: (r) => ({ id: r.ticketId }) },
  // Rebates
  'GET /api/rebates': PUBLIC,
  'GET /api/rebates/location': PUBLIC,
  'GET /api/rebates/recommendations': SIGNED_IN,
  'POST /api/rebates/{id}/eligibility': { access: 'signed-in', params: () => ({ id: 'ga-hear-heat-pump' }) },
  'POST /api/rebates/{id}/explain': { access: 'signed-in', params: () => ({ id: 'ga-hear-heat-pump' }) },
  'POST /api/rebates/insights': SIGNED_IN,
  'GET /api/applications': SIGNED_IN,
  'POST /api/applications': SIGNED_IN,
  'PATCH /api/applications/{id}': { access: 'owner', params: (r) => ({ id: r.applicationId }), body: () => ({ currentStatus: 'Approved' }) },
  'DELETE /api/applications/{id}': { access: 'owner', params: (r) => ({ id: r.applicationId }) },
  'GET /api/admin/rebates/export': ADMIN,
  'POST /api/admin/rebates/import': ADMIN,
  // Assistant: visitors get general guidance (02-tools §6), signed-in users their own data.
  'POST /api/assistant/chat': PUBLIC,
  'GET /api/assistant/zip-codes': PUBLIC,
  'GET /api/assistant/conversation': SIGNED_IN,
  'DELETE /api/assistant/conversation': SIGNED_IN,
  'GET /api/assistant/memory': SIGNED_IN,
  'PUT /api/assistant/memory': { access: 'signed-in', body: () => ({ preferredPersonality: 'lumi' }) },
  'POST /api/assistant/milestones': SIGNED_IN,
  // Calculators and gamification
  'POST /api/calculators/savings': PUBLIC,
  'GET /api/calculators/state-rates': PUBLIC,
  'GET /api/regional-savings': PUBLIC,
  'GET /api/calculators/my-bills': SIGNED_IN,
  'GET /api/gamification': SIGNED_IN,
  'POST /api/gamification/achievements/{id}/claim': { access: 'signed-in', params: () => ({ id: 'first-bill' }) },
  'POST /api/gamification/challenges/{id}/complete': { access: 'signed-in', params: () => ({ id: 'x' }) },
  'POST /api/gamification/milestones/{days}/claim': { access: 'signed-in', params: () => ({ days: '7' }) },
  'POST /api/gamification/tips/{id}/complete': { access: 'signed-in', params: () => ({ id: 'x' }) },
  'POST /api/gamification/shares': SIGNED_IN,
  'POST /api/gamification/recommendations/{id}/implement': { access: 'signed-in', params: () => ({ id: 'x' }) },
  'PUT /api/gamification/goal': SIGNED_IN,
  'POST /api/gamification/referral': SIGNED_IN,
  // Smart home and IoT: ids in bodies are the first user's too.
  'POST /api/smart-home/connect': SIGNED_IN,
  'POST /api/smart-home/discover': { access: 'owner', body: (r) => ({ platform: 'direct', credential_id: r.credentialId }) },
  'GET /api/smart-home/devices': SIGNED_IN,
  'POST /api/smart-home/control': { access: 'owner', body: (r) => ({ device_id: r.deviceId, command: 'turnOff' }) },
  // Syncs the caller's own devices among those named: another user's ids are skipped (checked below).
  'POST /api/smart-home/sync': { access: 'signed-in', body: (r) => ({ device_ids: [r.deviceId] }) },
  'PATCH /api/smart-home/devices/{id}/settings': { access: 'owner', params: (r) => ({ id: r.deviceId }), body: () => ({ alerts: false }) },
  'DELETE /api/smart-home/devices/{id}': { access: 'owner', params: (r) => ({ id: r.deviceId }) },
  'GET /api/smart-home/credentials': SIGNED_IN,
  'DELETE /api/smart-home/credentials/{id}': { access: 'owner', params: (r) => ({ id: r.credentialId }) },
  'GET /api/smart-home/rules': SIGNED_IN,
  'POST /api/smart-home/rules': {
    access: 'owner',
    body: (r) => ({ name: 'Mine now', trigger: { type: 'time', value: '07:00' }, action: { deviceId: r.deviceId, command: 'turnOff' } }),
  },
  'PATCH /api/smart-home/rules/{id}': { access: 'owner', params: (r) => ({ id: r.ruleId }), body: () => ({ name: 'Mine now' }) },
  'DELETE /api/smart-home/rules/{id}': { access: 'owner', params: (r) => ({ id: r.ruleId }) },
  'GET /api/iot': SIGNED_IN,
  'POST /api/iot/streams': SIGNED_IN,
  'DELETE /api/iot/streams/{deviceId}': { access: 'owner', params: (r) => ({ deviceId: r.iotDeviceId }) },
  'GET /api/iot/events': { access: 'signed-in', stream: true },
  // Each caller gets the token of their own topic only (wattwise/<own id>/<device>).
  'GET /api/iot/device-token': { access: 'signed-in', query: () => 'deviceId=meter-1' },
  // Admin
  'GET /api/admin/status': ADMIN,
  'POST /api/admin/captcha/verify': ADMIN,
  'GET /api/ml-analytics': SIGNED_IN,
  'GET /api/admin/platform/checks': ADMIN,
  'POST /api/admin/platform/checks': ADMIN,
  'GET /api/admin/database/status': ADMIN,
  'GET /api/admin/feedback-analysis': ADMIN,
  'POST /api/admin/feedback/{id}/review': { access: 'admin', params: () => ({ id: ZERO_UUID }) },
  'GET /api/admin/feedback/export': ADMIN,
  'POST /api/admin/reader-model/train': ADMIN,
};

/**
 * Routes the app serves outside the API document, each with why it is outside and who may
 * call it; they are tried like the matrix's rows.
 */
const OUTSIDE_DOCUMENT: Record<string, Row & { why: string }> = {
  'GET /api/openapi.json': { ...PUBLIC, why: 'the document itself (production: admins only unless API_DOCS_PUBLIC, app.production-mode.test.ts)' },
  'GET /api/docs': { ...PUBLIC, why: 'Swagger UI page (production: admins only unless API_DOCS_PUBLIC)' },
  'GET /api/docs/init.js': { ...PUBLIC, why: 'Swagger UI page' },
  'GET /api/docs/{file}': { ...PUBLIC, params: () => ({ file: 'swagger-ui.css' }), why: 'Swagger UI files' },
  'GET /metrics': { ...PUBLIC, why: 'Prometheus; bearer token when METRICS_TOKEN is set (app.production-mode.test.ts)' },
  'GET /robots.txt': { ...PUBLIC, why: 'crawlers' },
  'GET /sitemap.xml': { ...PUBLIC, why: 'crawlers' },
  'GET /checkout/test/{id}': { access: 'token', params: () => ({ id: 'cs_test_made_up' }), why: 'built-in test checkout page (test payments only)' },
  'POST /checkout/test/{id}': { access: 'token', params: () => ({ id: 'cs_test_made_up' }), why: 'built-in test checkout page (test payments only)' },
  // Not a visitor's 401 but a 404: the mailbox hides that it exists (dev-mailbox.test.ts).
  'GET /dev/mailbox': { access: 'token', refused: [404], why: 'development mailbox: an admin, or a request from this machine' },
  'GET /dev/mailbox/{id}': { access: 'token', params: () => ({ id: ZERO_UUID }), refused: [404], why: 'development mailbox' },
};

/** better-auth's catch-all serves exactly the /api/auth paths the document lists (AUTH_ENDPOINTS_IN_USE). */
const AUTH_CATCH_ALL = /^(GET|POST) \/api\/auth\/\*$/;

let ctx: BillsTestContext;
let alice: string;
let bob: string;
let admin: string;
let rows: Rows;

async function call(cookie: string | null, key: string, row: Row) {
  const [method = 'GET', template = ''] = key.split(' ');
  const params = row.params?.(rows) ?? {};
  const url = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ZERO_UUID)) + (row.query ? `?${row.query(rows)}` : '');
  const headers: Record<string, string> = { origin: TEST_ORIGIN, 'x-forwarded-for': nextIp() };
  if (cookie) headers.cookie = cookie;
  const body = row.body?.(rows);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await ctx.app.request(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (row.stream || res.headers.get('content-type')?.startsWith('text/event-stream')) await res.body?.cancel();
  else await res.arrayBuffer();
  return res.status;
}

async function created<T>(cookie: string, url: string, body: unknown, method = 'POST'): Promise<T> {
  const res = await ctx.json<T>(cookie, url, { method, body });
  expect(res.status, `${method} ${url}`).toBeLessThan(300);
  return res.body;
}

/** The first user's rows, made through the API as the web app makes them. */
async function createRows(): Promise<Rows> {
  const upload = await ctx.upload(alice, TEXT_BILL.bytes, TEXT_BILL.name);
  expect(upload.status).toBe(202);
  const billId = ((await upload.json()) as { bill: { id: string } }).bill.id;
  await ctx.waitForBill(alice, billId);
  const { accounts } = (await ctx.json<{ accounts: { id: string }[] }>(alice, '/api/utility-accounts')).body;
  const { property } = await created<{ property: { id: string } }>(alice, '/api/properties', { name: 'Alice home' });
  const aliceId = (await ctx.json<{ user: { id: string } }>(alice, '/api/auth/get-session')).body.user.id;
  const notified = await ctx.notifier.notify(aliceId, { type: 'other', alert: null, title: 'For Alice', message: 'Private.', dedupeKey: 'matrix' });
  const availability = (await ctx.json<{ dates: string[] }>(alice, '/api/appointments/availability')).body;
  const appointment = await created<{ id: string }>(alice, '/api/appointments', {
    date: availability.dates[3],
    time: '10:00',
    customer_name: 'Alice',
    customer_email: 'alice@example.com',
  });
  const ticket = await created<{ id: string }>(alice, '/api/support/tickets', { subject: 'Private question', description: 'About my bill.' });
  const { application } = await created<{ application: { id: string } }>(alice, '/api/applications', { rebateId: 'ga-hear-heat-pump', programName: 'Georgia HEAR heat pump' });
  const checkout = await created<{ url: string }>(alice, '/api/payments/checkout', { provider: 'Georgia Power', accountNumber: '123-456', amount: 42.5, utilityType: 'electricity' });
  const paid = await ctx.app.request(new URL(checkout.url).pathname, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Alice' }).toString(),
  });
  expect(paid.status).toBeLessThan(400);
  const connect = await created<{ credential_id: string }>(alice, '/api/smart-home/connect', { platform: 'direct', credentials: { api_key: 'sk-alice-secret' } });
  const { devices } = await created<{ devices: Device[] }>(alice, '/api/smart-home/discover', { platform: 'direct', credential_id: connect.credential_id });
  const deviceId = devices[0]?.id ?? '';
  const { rule } = await created<{ rule: { id: string } }>(alice, '/api/smart-home/rules', {
    name: 'Alice rule',
    trigger: { type: 'time', value: '07:00' },
    action: { deviceId, command: 'turnOff' },
  });
  await created(alice, '/api/iot/streams', { device_id: 'alice-plug', device_type: 'smart_plug' });
  const { sessions } = (await ctx.json<{ sessions: { id: string }[] }>(alice, '/api/account/sessions')).body;
  const dataExport = await created<{ id: string }>(alice, '/api/account/exports', {});
  const meterForm = new FormData();
  meterForm.set('file', new File([fs.readFileSync(path.resolve(import.meta.dirname, '../../../../packages/greenbutton/test-fixtures/sce-sandbox-15min-usagesummary.xml'))], 'meter.xml'));
  const meterUpload = await ctx.app.request('/api/meter-data', { method: 'POST', headers: { origin: TEST_ORIGIN, cookie: alice }, body: meterForm });
  expect(meterUpload.status).toBe(201);
  const meterId = ((await meterUpload.json()) as { meters: { id: string }[] }).meters[0]?.id ?? '';
  return {
    billId,
    propertyId: property.id,
    accountId: accounts[0]?.id ?? '',
    notificationId: notified?.notification.id ?? '',
    appointmentId: appointment.id,
    ticketId: ticket.id,
    applicationId: application.id,
    paymentSessionId: new URL(checkout.url).pathname.split('/').pop() ?? '',
    credentialId: connect.credential_id,
    deviceId,
    ruleId: rule.id,
    iotDeviceId: 'alice-plug',
    sessionId: sessions[0]?.id ?? '',
    exportId: dataExport.id,
    meterId,
  };
}

beforeAll(async () => {
  // The email webhook configured, so its row tries a made-up signature (unconfigured it is 503).
  ctx = await createBillsTestContext({ EMAIL_WEBHOOK_SECRET: 'matrix-webhook-secret-0123456789' });
  [alice, bob] = [await ctx.signIn(), await ctx.signIn()];
  const adminEmail = `matrix-admin-${Date.now()}@example.com`;
  admin = await ctx.signIn(adminEmail);
  await createAdmin(ctx.auth, adminEmail);
  rows = await createRows();
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

const toTemplate = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('authorization matrix', () => {
  it('has a row for every route of the OpenAPI document, and the app serves nothing the document and OUTSIDE_DOCUMENT do not list', async () => {
    const doc = (await (await ctx.app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.length).toBeGreaterThan(100);
    expect(documented.filter((k) => !(k in MATRIX)), 'documented routes without a MATRIX row').toEqual([]);
    expect(Object.keys(MATRIX).filter((k) => !documented.includes(k)), 'MATRIX rows for routes the document does not have').toEqual([]);

    // Handlers only (middleware is registered for ALL methods); `:param` as the document writes it.
    const served = [...new Set(ctx.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${toTemplate(r.path)}`))];
    const unlisted = served.filter((k) => !documented.includes(k) && !(k in OUTSIDE_DOCUMENT) && !AUTH_CATCH_ALL.test(k));
    expect(unlisted, 'served routes missing from the OpenAPI document').toEqual([]);
    expect(Object.keys(OUTSIDE_DOCUMENT).filter((k) => !served.includes(k)), 'OUTSIDE_DOCUMENT rows the app does not serve').toEqual([]);
    expect(served.filter((k) => AUTH_CATCH_ALL.test(k))).toHaveLength(2);
  });

  const all = { ...MATRIX, ...OUTSIDE_DOCUMENT };

  it('refuses a visitor every route that needs a sign-in (401), and no route fails a visitor with 5xx', async () => {
    const wrong: string[] = [];
    for (const [key, row] of Object.entries(all)) {
      const status = await call(null, key, row);
      const ok =
        row.access === 'public'
          ? status < 500
          : row.access === 'token'
            ? (row.refused ?? []).includes(status) || (status >= 400 && status < 500 && !row.refused)
            : status === 401;
      if (!ok) wrong.push(`${key} → ${status} (${row.access})`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a signed-in user who is not an admin every admin route (403); an admin gets through', async () => {
    const wrong: string[] = [];
    for (const [key, row] of Object.entries(all)) {
      if (row.access !== 'admin') continue;
      const status = await call(bob, key, row);
      if (status !== 403) wrong.push(`${key} as a user → ${status}`);
      if (key.startsWith('GET ')) {
        const asAdmin = await call(admin, key, row);
        if (asAdmin === 401 || asAdmin === 403 || asAdmin >= 500) wrong.push(`${key} as an admin → ${asAdmin}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("lets a signed-in user call the signed-in routes (no 401/403, no 5xx)", async () => {
    const wrong: string[] = [];
    for (const [key, row] of Object.entries(all)) {
      if (row.access !== 'signed-in' || !key.startsWith('GET ')) continue;
      const status = await call(bob, key, row);
      if (status === 401 || status === 403 || status >= 500) wrong.push(`${key} → ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  it("answers another user 404 (or 403) on every one of the first user's rows, and changes none of them", async () => {
    const wrong: string[] = [];
    const owned = Object.entries(all).filter(([, row]) => row.access === 'owner');
    expect(owned.length).toBeGreaterThan(30);
    // The owner's reads answer, so the ids are real and a 404 to the other user means refused.
    for (const [key, row] of owned) {
      if (!key.startsWith('GET ')) continue;
      const status = await call(alice, key, row);
      if (status >= 300) wrong.push(`${key} as its owner → ${status}`);
    }
    for (const [key, row] of owned) {
      const status = await call(bob, key, row);
      if (status !== 404 && status !== 403) wrong.push(`${key} as another user → ${status}`);
    }
    expect(wrong).toEqual([]);

    // Every write above was refused: the first user's rows are all still there, unchanged.
    const still = async <T>(url: string) => {
      const res = await ctx.json<T>(alice, url);
      expect(res.status, url).toBe(200);
      return res.body;
    };
    expect((await still<{ bill: { id: string } }>(`/api/bills/${rows.billId}`)).bill.id).toBe(rows.billId);
    expect((await still<{ properties: { id: string; name: string }[] }>('/api/properties')).properties).toContainEqual(expect.objectContaining({ id: rows.propertyId, name: 'Alice home' }));
    expect((await still<{ appointments: { id: string; status: string }[] }>('/api/appointments')).appointments.find((a) => a.id === rows.appointmentId)?.status).not.toBe('cancelled');
    expect((await still<{ applications: { id: string; currentStatus: string }[] }>('/api/applications')).applications).toContainEqual(expect.objectContaining({ id: rows.applicationId, currentStatus: 'Submitted' }));
    expect((await still<{ devices: { id: string }[] }>('/api/smart-home/devices')).devices.map((d) => d.id)).toContain(rows.deviceId);
    expect((await still<{ credentials: { id: string }[] }>('/api/smart-home/credentials')).credentials.map((c) => c.id)).toContain(rows.credentialId);
    expect((await still<{ rules: { id: string; name: string }[] }>('/api/smart-home/rules')).rules).toContainEqual(expect.objectContaining({ id: rows.ruleId, name: 'Alice rule' }));
    expect((await still<{ messages: unknown[] }>(`/api/support/tickets/${rows.ticketId}`)).messages).toHaveLength(1);
    expect((await still<{ notifications: { id: string; read: boolean }[] }>('/api/notifications')).notifications.find((n) => n.id === rows.notificationId)?.read).toBe(false);
    // And the other user's own lists show none of it; a sync naming the first user's device syncs nothing.
    expect((await ctx.json<{ rules: unknown[] }>(bob, '/api/smart-home/rules')).body.rules).toEqual([]);
    expect((await ctx.json<{ devices: unknown[] }>(bob, '/api/smart-home/sync', { method: 'POST', body: { device_ids: [rows.deviceId] } })).body.devices).toEqual([]);
  });
});
