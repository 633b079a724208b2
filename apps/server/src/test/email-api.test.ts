// Email through HTTP: preferences (one switch with the notification preferences), test sends
// through the real adapter and templates (rate limited), events recorded from the send job, the
// signed provider webhook and suppression, the Stay Updated sign-up with a working signed
// unsubscribe link, and the monthly summary built from bills in the database.
import { EMAIL_MESSAGES } from '@wattwise/shared/contract/email';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSubscription } from '../db/schema/email.ts';
import { emailEvent, outboxMessage } from '../db/schema/mail.ts';
import { EMAIL_SIGNATURE_HEADER, EMAIL_WEBHOOK_PATH } from '../features/email/email.routes.ts';
import { signEmailWebhook } from '../features/email/email.service.ts';
import { templateMail } from '../platform/email-templates/message.ts';
import { SEND_EMAIL_JOB } from '../platform/mail.ts';
import { signUnsubscribeToken, unsubscribeKey } from '../platform/unsubscribe-token.ts';
import { user as userTable } from '../db/schema/auth.ts';
import { sendMonthlySummaries } from '../use-cases/monthly-summary.ts';
import { seedBills, signedInUser } from './assistant.test-support.ts';
import { createTestContext, linkIn, postJson, type TestContext, TEST_ORIGIN, waitForMail } from './test-app.ts';

const SECRET = 'email-webhook-secret-for-tests';
let ctx: TestContext;
let alice: { userId: string; cookie: string; email: string };
let bob: { userId: string; cookie: string; email: string };

async function user() {
  const u = await signedInUser(ctx);
  const res = await ctx.app.request('/api/auth/get-session', { headers: { cookie: u.cookie } });
  const { user: who } = (await res.json()) as { user: { email: string } };
  return { ...u, email: who.email };
}

const get = (url: string, cookie?: string) => ctx.app.request(url, { headers: cookie ? { cookie } : {} });
const patch = (url: string, body: unknown, cookie?: string) =>
  ctx.app.request(url, { method: 'PATCH', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
const webhook = (body: string, signature?: string) =>
  ctx.app.request(EMAIL_WEBHOOK_PATH, { method: 'POST', headers: { 'content-type': 'application/json', ...(signature ? { [EMAIL_SIGNATURE_HEADER]: signature } : {}) }, body });

async function eventsOf(email: string) {
  return ctx.database.db.select().from(emailEvent).where(eq(emailEvent.email, email));
}

async function waitForEvent(email: string, event: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await eventsOf(email)).find((e) => e.event === event);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${event} event for ${email}`);
}

beforeAll(async () => {
  ctx = await createTestContext({ EMAIL_WEBHOOK_SECRET: SECRET });
  alice = await user();
  bob = await user();
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('email preferences', () => {
  it('a visitor is refused; a user reads defaults, saves changed flags, and another user never sees them', async () => {
    for (const res of [await get('/api/email/preferences'), await patch('/api/email/preferences', { marketing_emails: true }), await get('/api/email/events'), await postJson(ctx.app, '/api/email/test', { to: 'x@example.com', template: 'welcome' })]) {
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(EMAIL_MESSAGES.notAuthenticated);
    }
    const defaults = await (await get('/api/email/preferences', alice.cookie)).json();
    expect(defaults).toMatchObject({ marketing_emails: false, product_updates: true, billing_notifications: true, savings_reports: true, monthly_summary: false, updated_at: null });
    const saved = await patch('/api/email/preferences', { monthly_summary: true, marketing_emails: true }, alice.cookie);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ monthly_summary: true, marketing_emails: true, product_updates: true });
    expect(await (await get('/api/email/preferences', bob.cookie)).json()).toMatchObject({ monthly_summary: false, marketing_emails: false });
    expect((await patch('/api/email/preferences', {}, alice.cookie)).status).toBe(422);
  });

  it('billing_notifications is the Email Notifications switch of /notifications: one stored value', async () => {
    await patch('/api/email/preferences', { billing_notifications: false }, alice.cookie);
    const notif = (await (await get('/api/notifications/preferences', alice.cookie)).json()) as Record<string, boolean>;
    expect(notif.emailNotifications).toBe(false);
    const put = await ctx.app.request('/api/notifications/preferences', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: alice.cookie },
      body: JSON.stringify({ ...notif, emailNotifications: true }),
    });
    expect(put.status).toBe(200);
    expect(await (await get('/api/email/preferences', alice.cookie)).json()).toMatchObject({ billing_notifications: true });
  });

  it('the send job holds back non-essential mail whose flag is off and records why', async () => {
    await patch('/api/email/preferences', { savings_reports: false }, bob.cookie);
    const message = await templateMail({
      to: bob.email,
      userId: bob.userId,
      template: 'savings_report',
      data: { first_name: 'Bob', period: 'October', total_savings: 12, comparison_period: 'September', categorized_savings: [], projected_annual_savings: 144, action_url: `${TEST_ORIGIN}/dashboard` },
      reason: 'test',
      optional: { category: 'savings_reports', unsubscribe: { publicUrl: TEST_ORIGIN, token: 'x.y' } },
    });
    await ctx.queue.send(SEND_EMAIL_JOB, message);
    const held = await waitForEvent(bob.email, 'suppressed');
    expect(held).toMatchObject({ template: 'savings_report', reason: 'preferences: savings_reports off', userId: bob.userId });
    const mail = await ctx.database.db.select().from(outboxMessage).where(and(eq(outboxMessage.to, bob.email), eq(outboxMessage.subject, message.subject)));
    expect(mail).toHaveLength(0);
  });
});

describe('test emails', () => {
  it("sends only to the caller's own verified address, with the caller's own unsubscribe token; records the event for its sender only; is rate limited", async () => {
    expect((await postJson(ctx.app, '/api/email/test', { to: 'not-an-address', template: 'welcome' }, { cookie: alice.cookie })).status).toBe(422);
    // Not a relay: another address, another user's included, is refused and nothing is queued.
    const stranger = `victim-${Date.now()}@example.com`;
    for (const to of [stranger, bob.email]) {
      const refused = await postJson(ctx.app, '/api/email/test', { to, template: 'reset' }, { cookie: alice.cookie });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(EMAIL_MESSAGES.testOwnAddressOnly);
    }
    expect((await postJson(ctx.app, '/api/email/test', { to: alice.email, template: 'welcome' })).status).toBe(401);

    const res = await postJson(ctx.app, '/api/email/test', { to: alice.email.toUpperCase(), template: 'payment_receipt' }, { cookie: alice.cookie });
    expect(res.status).toBe(200);
    const mail = await waitForMail(ctx.database, alice.email, '[Test] Your Wattwise receipt: $9.99');
    expect(mail.text).toContain('Thank you. We received your payment.');
    expect(mail.html).toContain('#059669');
    // The footer's unsubscribe link is the recipient's own: they are the sender.
    const key = unsubscribeKey(ctx.secrets.authSecret);
    expect(mail.text).toContain(signUnsubscribeToken(key, alice.userId));
    expect(mail.text).not.toContain(signUnsubscribeToken(key, bob.userId));
    await waitForEvent(alice.email, 'sent');
    const mine = (await (await get('/api/email/events', alice.cookie)).json()) as { events: { email: string; event: string; template: string }[] };
    expect(mine.events).toContainEqual(expect.objectContaining({ email: alice.email, event: 'sent', template: 'payment_receipt' }));
    const theirs = (await (await get('/api/email/events', bob.cookie)).json()) as { events: { email: string }[] };
    expect(theirs.events.some((e) => e.email === alice.email)).toBe(false);
    // With no address given it goes to the caller's own; a security template carries no name the user typed.
    await ctx.database.db.update(userTable).set({ name: 'URGENT visit evil.example/unlock' }).where(eq(userTable.id, alice.userId));
    expect((await postJson(ctx.app, '/api/email/test', { template: 'reset' }, { cookie: alice.cookie })).status).toBe(200);
    const reset = await waitForMail(ctx.database, alice.email, '[Test] Reset your Wattwise password');
    expect(reset.text).not.toContain('evil.example');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await postJson(ctx.app, '/api/email/test', { template: 'verify' }, { cookie: alice.cookie })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('refuses an account whose address is not verified', async () => {
    const carol = await user();
    await ctx.database.db.update(userTable).set({ emailVerified: false }).where(eq(userTable.id, carol.userId));
    const res = await postJson(ctx.app, '/api/email/test', { to: carol.email, template: 'welcome' }, { cookie: carol.cookie });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(EMAIL_MESSAGES.testNeedsVerifiedAddress);
  });
});

describe('provider webhook', () => {
  it('refuses a missing, tampered or stale signature; a bounce suppresses every further send, once per event id', async () => {
    const body = JSON.stringify([{ email: bob.email.toUpperCase(), event: 'bounce', type: 'bounce', reason: '550 mailbox unavailable', sg_event_id: 'evt-1', timestamp: 1 }]);
    expect((await webhook(body)).status).toBe(401);
    expect((await webhook(body, signEmailWebhook(body, 'wrong-secret-wrong-secret'))).status).toBe(401);
    expect((await webhook(body.replace('550', '551'), signEmailWebhook(body, SECRET))).status).toBe(401);
    expect((await webhook(body, signEmailWebhook(body, SECRET, Math.floor(Date.now() / 1000) - 3600))).status).toBe(401);
    expect((await webhook('{"not":"a list"}', signEmailWebhook('{"not":"a list"}', SECRET))).status).toBe(400);
    const ok = await webhook(body, signEmailWebhook(body, SECRET));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ recorded: 1, suppressed: 1 });
    expect(await (await webhook(body, signEmailWebhook(body, SECRET))).json()).toEqual({ recorded: 0, suppressed: 0 });
    const bounce = (await eventsOf(bob.email)).find((e) => e.event === 'bounce');
    expect(bounce).toMatchObject({ userId: bob.userId, reason: '550 mailbox unavailable' });

    // Essential mail too: a password reset to the bounced address is not sent.
    await postJson(ctx.app, '/api/auth/request-password-reset', { email: bob.email, redirectTo: '/auth/reset-password' });
    const held = await waitForEvent(bob.email, 'suppressed');
    expect(held.reason === 'bounce' || held.reason?.startsWith('preferences')).toBe(true);
    await expect.poll(async () => (await eventsOf(bob.email)).filter((e) => e.template === 'reset' && e.event === 'suppressed').length, { timeout: 10_000 }).toBe(1);
    const sent = await ctx.database.db.select().from(outboxMessage).where(eq(outboxMessage.to, bob.email));
    expect(sent.filter((m) => m.subject.includes('Reset'))).toHaveLength(0);
  });

  it('a spam report holds back non-essential mail but not a password reset', async () => {
    // A user of their own: the test sends above used up the others' allowance.
    const dave = await user();
    const body = JSON.stringify([{ email: dave.email, event: 'spamreport', sg_event_id: 'evt-2' }]);
    expect(await (await webhook(body, signEmailWebhook(body, SECRET))).json()).toEqual({ recorded: 1, suppressed: 1 });
    await postJson(ctx.app, '/api/email/test', { to: dave.email, template: 'welcome' }, { cookie: dave.cookie });
    await expect.poll(async () => (await eventsOf(dave.email)).filter((e) => e.event === 'suppressed' && e.reason === 'spamreport').length, { timeout: 10_000 }).toBe(1);
    await postJson(ctx.app, '/api/auth/request-password-reset', { email: dave.email, redirectTo: '/auth/reset-password' });
    await waitForMail(ctx.database, dave.email, 'Reset your Wattwise password');
  });
});

describe('Stay Updated sign-up', () => {
  it('stores a visitor\'s sign-up, sends the welcome email, and its signed unsubscribe link works (a tampered one is refused)', async () => {
    const email = `visitor-${Date.now()}@example.com`;
    expect((await postJson(ctx.app, '/api/email/subscribe', { email: 'nope', preferences: { rebateAlerts: true, monthlyTips: true, seasonalReminders: true, newPrograms: false } })).status).toBe(422);
    const res = await postJson(ctx.app, '/api/email/subscribe', { email, preferences: { rebateAlerts: true, monthlyTips: false, seasonalReminders: true, newPrograms: false }, source: 'assistant' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, verified: false });
    const mail = await waitForMail(ctx.database, email, 'Welcome to Wattwise');
    expect(mail.text).toContain('New rebate alerts');
    expect(mail.text).not.toContain('Monthly energy-saving tips');
    const link = linkIn(mail.text, '/unsubscribe');
    const token = link.searchParams.get('token') ?? '';
    const unsubscribe = (t: string) => ctx.app.request(`/api/notifications/unsubscribe?token=${encodeURIComponent(t)}`, { method: 'POST' });
    expect((await unsubscribe(`${token.slice(0, -2)}xx`)).status).toBe(400);
    expect((await unsubscribe(token)).status).toBe(200);
    const [row] = await ctx.database.db.select().from(emailSubscription).where(eq(emailSubscription.email, email));
    expect(row?.unsubscribedAt).toBeInstanceOf(Date);
    expect(row?.preferences).toEqual({ rebateAlerts: true, monthlyTips: false, seasonalReminders: true, newPrograms: false });
  });

  it("a signed-in sign-up turns the user's email preferences on (02-tools §7 upsert)", async () => {
    const carol = await user();
    const res = await postJson(ctx.app, '/api/email/subscribe', { email: carol.email, preferences: { rebateAlerts: true, monthlyTips: true, seasonalReminders: true, newPrograms: true } }, { cookie: carol.cookie });
    expect(res.status).toBe(200);
    expect(await (await get('/api/email/preferences', carol.cookie)).json()).toMatchObject({ marketing_emails: true, product_updates: true, billing_notifications: true, savings_reports: true, monthly_summary: true });
  });
});

describe('monthly summary', () => {
  it('goes once to users who opted in, with the figures of their own bills', async () => {
    const dave = await user();
    const erin = await user();
    await patch('/api/email/preferences', { monthly_summary: true }, dave.cookie);
    await seedBills(ctx.database.db, dave.userId, [
      { total: 120.5, usage: 800, start: '2026-09-15', end: '2026-10-14' },
      { total: 40.5, usage: null, billType: 'water', start: '2026-09-20', end: '2026-10-19' },
      { total: 100, usage: 640, start: '2026-08-15', end: '2026-09-14' },
    ]);
    await seedBills(ctx.database.db, erin.userId, [{ total: 90, usage: 700, start: '2026-09-15', end: '2026-10-14' }]);
    const deps = { db: ctx.database.db, queue: ctx.queue, logger: ctx.logger, publicUrl: TEST_ORIGIN, unsubscribeKey: unsubscribeKey(ctx.secrets.authSecret) };
    // Alice opted in earlier but has no bills: no mail for her.
    expect(await sendMonthlySummaries(deps, new Date('2026-11-03T08:00:00Z'))).toBe(1);
    expect(await sendMonthlySummaries(deps, new Date('2026-11-04T08:00:00Z'))).toBe(0);
    const mail = await waitForMail(ctx.database, dave.email, 'Your Wattwise summary for October 2026');
    expect(mail.text).toContain('2 bills for October 2026');
    expect(mail.text).toContain('800 kWh'); // the electricity bill's usage
    expect(mail.text).toContain('▲ 25.0% more than the month before'); // 800 against 640 kWh
    expect(mail.text).toContain('$80.50'); // (120.50 + 40.50) / 2
    expect(mail.text).toContain('▼ 19.5% less than the month before'); // 80.50 against 100
    expect(mail.text).toContain('960 lbs CO₂'); // 800 kWh × 1.2
    expect(mail.text).toMatch(/\/unsubscribe\?token=/);
    const erinMail = await ctx.database.db.select().from(outboxMessage).where(eq(outboxMessage.to, erin.email));
    expect(erinMail.filter((m) => m.subject.includes('summary'))).toHaveLength(0);
  });
});
