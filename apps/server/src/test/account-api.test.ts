// Account settings and privacy rights through the HTTP API (issue 18): two-factor sign-in,
// sessions, the audit log, 'Download my data' and 'Delete my account'. Another user and an
// anonymous visitor try everything they must not.
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvent } from '../db/schema/account.ts';
import { user } from '../db/schema/auth.ts';
import { utilityBill } from '../db/schema/bills.ts';
import { payment, subscription } from '../db/schema/payments.ts';
import { outboxMessage } from '../db/schema/mail.ts';
import { createDataExportJob } from '../features/account/account.jobs.ts';
import { createAdmin } from '../features/auth/auth.service.ts';
import { uploadBill } from '../features/bills/bills.service.ts';
import { TEXT_BILL } from '../features/bills/bills.test-support.ts';
import { createVerifiedUser } from '../features/demo/demo.service.ts';
import { cookiesOf, createTestContext, postJson, solveCaptcha, STRONG_PASSWORD, type TestContext, waitForMail, linkIn, type JsonCall, requestJson } from './test-app.ts';
import { secretOfOtpauthUri, totpCode } from './totp.ts';

let ctx: TestContext;
type Who = { cookie: string; id: string; email: string };
const users: Record<'a' | 'b' | 'admin', Who> = { a: { cookie: '', id: '', email: '' }, b: { cookie: '', id: '', email: '' }, admin: { cookie: '', id: '', email: '' } };

async function signIn(email: string, password = STRONG_PASSWORD) {
  return postJson(ctx.app, '/api/auth/sign-in/email', { email, password }, { captcha: await solveCaptcha(ctx.app) });
}

const call = <T = Record<string, unknown>>(cookie: string | null, url: string, init: JsonCall = {}) => requestJson<T>(ctx.app, cookie, url, init);

/** The cookie header after a response: its Set-Cookie values over the ones sent (an emptied cookie goes). */
function mergeCookies(cookie: string, res: Response): string {
  const jar = new Map(cookie.split('; ').filter(Boolean).map((c) => [c.split('=')[0] ?? '', c] as const));
  for (const set of res.headers.getSetCookie()) {
    const pair = set.split(';')[0] ?? '';
    const name = pair.split('=')[0] ?? '';
    if (pair.endsWith('=')) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}

const eventsOf = async (userId: string) => (await ctx.database.db.select().from(auditEvent).where(eq(auditEvent.userId, userId))).map((e) => e.event);

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.queue.work(createDataExportJob({ db: ctx.database.db, storage: ctx.bills.storage, exportStorage: ctx.account.exportStorage, notifier: ctx.notifier, logger: ctx.logger }));
  for (const key of ['a', 'b', 'admin'] as const) {
    const email = `account-${key}-${Date.now()}@example.com`;
    const { userId } = await createVerifiedUser(ctx.auth, email, STRONG_PASSWORD);
    if (key === 'admin') await createAdmin(ctx.auth, email);
    const res = await signIn(email);
    expect(res.status).toBe(200);
    users[key] = { cookie: cookiesOf(res), id: userId, email };
  }
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('two-factor authentication', () => {
  it('turns on with the password and a first code, then sign-in asks for a code; audit rows follow', async () => {
    expect((await postJson(ctx.app, '/api/auth/two-factor/enable', { password: 'wrong-password-1A!' }, { cookie: users.a.cookie })).status).toBe(400);
    const enabled = await postJson(ctx.app, '/api/auth/two-factor/enable', { password: STRONG_PASSWORD }, { cookie: users.a.cookie });
    expect(enabled.status).toBe(200);
    const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Wattwise:/);
    expect(backupCodes).toHaveLength(10);
    const secret = secretOfOtpauthUri(totpURI);
    // Not on until a code from the app confirms the setup.
    expect((await call<{ twoFactorEnabled: boolean }>(users.a.cookie, '/api/account')).body.twoFactorEnabled).toBe(false);
    const confirmed = await postJson(ctx.app, '/api/auth/two-factor/verify-totp', { code: totpCode(secret) }, { cookie: users.a.cookie });
    expect(confirmed.status).toBe(200);
    users.a.cookie = mergeCookies(users.a.cookie, confirmed);
    expect((await call<{ twoFactorEnabled: boolean }>(users.a.cookie, '/api/account')).body.twoFactorEnabled).toBe(true);

    // The password alone no longer signs in: a second step with a code does.
    const first = await signIn(users.a.email);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ twoFactorRedirect: true });
    expect((await call(cookiesOf(first), '/api/account')).status).toBe(401);
    const wrong = await postJson(ctx.app, '/api/auth/two-factor/verify-totp', { code: '000000' === totpCode(secret) ? '111111' : '000000' }, { cookie: cookiesOf(first) });
    expect(wrong.status).toBe(401);
    const second = await postJson(ctx.app, '/api/auth/two-factor/verify-totp', { code: totpCode(secret) }, { cookie: cookiesOf(first) });
    expect(second.status).toBe(200);
    users.a.cookie = cookiesOf(second);
    expect((await call(users.a.cookie, '/api/account')).status).toBe(200);
    // A backup code works once instead of the app.
    const viaBackup = await signIn(users.a.email);
    const backup = await postJson(ctx.app, '/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] }, { cookie: cookiesOf(viaBackup) });
    expect(backup.status).toBe(200);

    const events = await eventsOf(users.a.id);
    expect(events).toEqual(expect.arrayContaining(['two_factor_enabled', 'sign_in_second_factor_requested', 'sign_in']));
    expect(await ctx.database.db.select().from(auditEvent).where(eq(auditEvent.event, 'second_factor_failed'))).toHaveLength(1);
  });

  it('records a failed sign-in against the account', async () => {
    expect((await signIn(users.b.email, 'Not-The-Password-9')).status).toBe(401);
    expect(await eventsOf(users.b.id)).toContain('sign_in_failed');
  });
});

describe('account settings', () => {
  it('changes the name, the password (audit row) and asks the new address to confirm an email change', async () => {
    expect((await postJson(ctx.app, '/api/auth/update-user', { name: 'Bea' }, { cookie: users.b.cookie })).status).toBe(200);
    expect((await postJson(ctx.app, '/api/auth/update-user', { name: 'Bea', image: 'http://x' }, { cookie: users.b.cookie })).status).toBe(400);
    expect((await call<{ name: string }>(users.b.cookie, '/api/account')).body.name).toBe('Bea');

    const weak = await postJson(ctx.app, '/api/auth/change-password', { currentPassword: STRONG_PASSWORD, newPassword: 'short' }, { cookie: users.b.cookie });
    expect(weak.status).toBe(400);
    const wrong = await postJson(ctx.app, '/api/auth/change-password', { currentPassword: 'Wrong-Password-1', newPassword: 'Rainy-Night-77' }, { cookie: users.b.cookie });
    expect(wrong.status).toBe(400);
    const changed = await postJson(ctx.app, '/api/auth/change-password', { currentPassword: STRONG_PASSWORD, newPassword: 'Rainy-Night-77' }, { cookie: users.b.cookie });
    expect(changed.status).toBe(200);
    users.b.cookie = mergeCookies(users.b.cookie, changed);
    expect(await eventsOf(users.b.id)).toEqual(expect.arrayContaining(['password_changed', 'password_change_failed']));
    const back = await postJson(ctx.app, '/api/auth/change-password', { currentPassword: 'Rainy-Night-77', newPassword: STRONG_PASSWORD }, { cookie: users.b.cookie });
    expect(back.status).toBe(200);
    users.b.cookie = mergeCookies(users.b.cookie, back);

    const newEmail = `moved-${Date.now()}@example.com`;
    const asked = await postJson(ctx.app, '/api/auth/change-email', { newEmail, callbackURL: '/settings' }, { cookie: users.b.cookie });
    expect(asked.status).toBe(200);
    const mail = await waitForMail(ctx.database, newEmail, '');
    // Still the old address until the link is opened.
    expect((await call<{ email: string }>(users.b.cookie, '/api/account')).body.email).toBe(users.b.email);
    const link = linkIn(mail.text, '/api/auth/verify-email');
    const opened = await ctx.app.request(`${link.pathname}${link.search}`, { headers: { cookie: users.b.cookie } });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).not.toContain('error=');
    const [row] = await ctx.database.db.select({ email: user.email }).from(user).where(eq(user.id, users.b.id));
    expect(row?.email).toBe(newEmail);
    users.b.email = newEmail;
    expect(await eventsOf(users.b.id)).toEqual(expect.arrayContaining(['email_change_requested', 'email_changed']));
    // The address change is not a sign-up: no second welcome mail to the new address.
    await new Promise((r) => setTimeout(r, 500));
    await expect(waitForMail(ctx.database, newEmail, 'Welcome', 300)).rejects.toThrow();
  });

  it('lists sessions and revokes one; another user cannot revoke it, a visitor cannot list', async () => {
    const extra = await signIn(users.b.email);
    const extraCookie = cookiesOf(extra);
    const list = await call<{ sessions: { id: string; current: boolean }[] }>(users.b.cookie, '/api/account/sessions');
    expect(list.status).toBe(200);
    expect(list.body.sessions.filter((s) => s.current)).toHaveLength(1);
    const other = list.body.sessions.find((s) => !s.current);
    expect(other).toBeDefined();
    expect(JSON.stringify(list.body)).not.toContain('token');
    expect((await call(null, '/api/account/sessions')).status).toBe(401);
    expect((await call(users.admin.cookie, `/api/account/sessions/${other?.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await call(extraCookie, '/api/account')).status).toBe(200);
    expect((await call(users.b.cookie, `/api/account/sessions/${other?.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await postJson(ctx.app, '/api/account/exports', {}, { cookie: extraCookie })).status).toBe(401);
    expect(await eventsOf(users.b.id)).toContain('session_revoked');
  });
});

describe('audit log', () => {
  it('shows users their own events only, and every event to admins; admin writes are recorded', async () => {
    const own = await call<{ events: { userId: string; event: string }[] }>(users.b.cookie, '/api/account/audit-events');
    expect(own.status).toBe(200);
    expect(own.body.events.length).toBeGreaterThan(0);
    expect(own.body.events.every((e) => e.userId === users.b.id)).toBe(true);
    expect((await call(null, '/api/account/audit-events')).status).toBe(401);
    expect((await call(users.b.cookie, '/api/admin/audit-events')).status).toBe(403);
    expect((await call(null, '/api/admin/audit-events')).status).toBe(401);
    // An admin action (a reply to a ticket) is recorded with the admin as actor.
    const ticket = await call<{ id: string }>(users.b.cookie, '/api/support/tickets', { method: 'POST', body: { subject: 'Help', description: 'Please help.' } });
    expect((await call(users.admin.cookie, `/api/admin/tickets/${ticket.body.id}/replies`, { method: 'POST', body: { body: 'On it.' } })).status).toBeLessThan(300);
    const all = await call<{ events: { userId: string | null; actorId: string | null; event: string }[] }>(users.admin.cookie, '/api/admin/audit-events?limit=500');
    expect(all.status).toBe(200);
    const owners = new Set(all.body.events.map((e) => e.userId));
    expect(owners.has(users.a.id) && owners.has(users.b.id)).toBe(true);
    expect(all.body.events.some((e) => e.event === 'admin_action' && e.actorId === users.admin.id)).toBe(true);
  });
});

describe("'Download my data'", () => {
  let downloadUrl = '';
  let billA = '';
  let billB = '';

  it('builds an archive in a job with the user\'s rows and bill files (not another user\'s), then notifies', async () => {
    billA = (await uploadBill(ctx.bills, users.a.id, { bytes: TEXT_BILL.bytes, fileName: 'march-bill.pdf', propertyType: 'residential', billType: 'electricity' })).id;
    billB = (await uploadBill(ctx.bills, users.b.id, { bytes: TEXT_BILL.bytes, fileName: 'b-bill.pdf', propertyType: 'residential', billType: 'electricity' })).id;
    expect((await postJson(ctx.app, '/api/account/exports', {}, {})).status).toBe(401);
    const queued = await postJson(ctx.app, '/api/account/exports', {}, { cookie: users.a.cookie });
    expect(queued.status).toBe(202);
    expect((await postJson(ctx.app, '/api/account/exports', {}, { cookie: users.a.cookie })).status).toBe(409);
    const deadline = Date.now() + 15_000;
    let list: { exports: { status: string; downloadUrl: string | null }[] } = { exports: [] };
    while (Date.now() < deadline) {
      list = (await call<typeof list>(users.a.cookie, '/api/account/exports')).body;
      if (list.exports[0]?.status === 'ready') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(list.exports[0]?.status).toBe('ready');
    downloadUrl = list.exports[0]?.downloadUrl ?? '';
    expect(downloadUrl).toMatch(/^\/api\/account\/exports\/[0-9a-f-]+\/download\?expires=\d+&signature=/);
    // Another user sees none of it.
    expect((await call<typeof list>(users.b.cookie, '/api/account/exports')).body.exports).toEqual([]);

    const res = await call(users.a.cookie, downloadUrl);
    expect(res.status).toBe(200);
    expect(res.res.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await res.res.arrayBuffer()));
    const names = Object.keys(files);
    const json = (name: string) => JSON.parse(new TextDecoder().decode(files[name])) as Record<string, unknown>[];
    expect(json('data/utility_bills.json').map((b) => b.id)).toEqual([billA]);
    const billFile = names.find((n) => n.startsWith('bills/') && n.endsWith('march-bill.pdf'));
    expect(billFile).toBeDefined();
    expect(Buffer.from(files[billFile ?? ''] ?? []).equals(Buffer.from(TEXT_BILL.bytes))).toBe(true);
    expect(names.some((n) => n.includes('b-bill'))).toBe(false);
    const everything = names.map((n) => new TextDecoder().decode(files[n])).join('\n');
    expect(everything).not.toContain(billB);
    expect(everything).not.toContain(users.b.id);
    // Secrets stay out: no password hash, session token or TOTP secret.
    expect(json('data/accounts.json')[0]).not.toHaveProperty('password');
    expect(json('data/sessions.json')[0]).not.toHaveProperty('token');
    expect(json('data/two_factors.json')[0]).not.toHaveProperty('secret');
    expect(JSON.parse(new TextDecoder().decode(files['profile.json']))).toMatchObject({ id: users.a.id, email: users.a.email });
    expect(json('data/audit_events.json').some((e) => e.event === 'data_export_requested')).toBe(true);

    const notes = await call<{ notifications: { title: string }[] }>(users.a.cookie, '/api/notifications');
    expect(notes.body.notifications.map((n) => n.title)).toContain('Your data export is ready');
    expect(await eventsOf(users.a.id)).toEqual(expect.arrayContaining(['data_export_requested', 'data_export_downloaded']));
  });

  it('serves the link to its owner only, signed and unexpired', async () => {
    expect((await call(null, downloadUrl)).status).toBe(401);
    expect((await call(users.b.cookie, downloadUrl)).status).toBe(404);
    expect((await call(users.admin.cookie, downloadUrl)).status).toBe(404);
    const tampered = downloadUrl.replace(/expires=(\d+)/, (_m, n: string) => `expires=${Number(n) + 3600}`);
    expect((await call(users.a.cookie, tampered)).status).toBe(404);
    const badSignature = downloadUrl.replace(/signature=([\w-])/, (_m, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`);
    expect((await call(users.a.cookie, badSignature)).status).toBe(404);
  });
});

describe("'Delete my account'", () => {
  it('needs the password; another user and a visitor cannot delete it', async () => {
    expect((await postJson(ctx.app, '/api/account/delete', { password: STRONG_PASSWORD })).status).toBe(401);
    expect((await postJson(ctx.app, '/api/account/delete', { password: 'Wrong-Password-1' }, { cookie: users.a.cookie })).status).toBe(400);
    // B's own password deletes B's account only: nothing of A is touched.
    const [exists] = await ctx.database.db.select({ id: user.id }).from(user).where(eq(user.id, users.a.id));
    expect(exists?.id).toBe(users.a.id);
    expect(await eventsOf(users.a.id)).toContain('account_deletion_refused');
  });

  it('cancels the subscription, removes rows and files everywhere, keeps payments anonymised, signs out', async () => {
    const now = new Date();
    await ctx.database.db.insert(subscription).values({ id: 'sub_test_delete', userId: users.a.id, status: 'active', plan: 'pro', billingCycle: 'monthly', amountCents: 999, currency: 'usd', currentPeriodStart: now, currentPeriodEnd: now, lastEventCreated: 1, lastEventRank: 1 });
    await ctx.database.db.insert(payment).values({ id: 'in_test_delete', userId: users.a.id, kind: 'subscription_invoice', status: 'paid', amountCents: 999, currency: 'usd', description: 'Pro plan', occurredAt: now });
    const cancelled: string[] = [];
    ctx.payments.cancelSubscription = ({ id }) => {
      cancelled.push(id);
      return Promise.resolve();
    };
    const keysBefore = (await ctx.bills.storage.list()).filter((o) => o.key.startsWith(`${users.a.id}/`));
    expect(keysBefore.length).toBeGreaterThan(0);
    expect((await ctx.account.exportStorage.list()).some((o) => o.key.startsWith(`${users.a.id}/`))).toBe(true);

    // Mail to A waiting in the outbox (no SMTP) goes with the account; mail to B stays.
    await ctx.database.db.insert(outboxMessage).values([
      { from: 'w@example.com', to: users.a.email.toUpperCase(), subject: 'Reset your Wattwise password', html: '<p>link</p>', text: 'link' },
      { from: 'w@example.com', to: users.b.email, subject: 'For B', html: '<p>b</p>', text: 'b' },
    ]);
    const res = await postJson(ctx.app, '/api/account/delete', { password: STRONG_PASSWORD }, { cookie: users.a.cookie });
    expect(res.status).toBe(200);
    expect(await ctx.database.db.select().from(outboxMessage).where(sql`lower(${outboxMessage.to}) = ${users.a.email.toLowerCase()}`)).toEqual([]);
    expect((await ctx.database.db.select().from(outboxMessage).where(eq(outboxMessage.to, users.b.email))).length).toBeGreaterThan(0);
    expect(res.headers.getSetCookie().some((c) => /better-auth\.session_token=;/.test(c))).toBe(true);
    expect(cancelled).toEqual(['sub_test_delete']);

    expect((await ctx.bills.storage.list()).filter((o) => o.key.startsWith(`${users.a.id}/`))).toEqual([]);
    expect((await ctx.account.exportStorage.list()).filter((o) => o.key.startsWith(`${users.a.id}/`))).toEqual([]);
    expect((await ctx.bills.storage.list()).some((o) => o.key.startsWith(`${users.b.id}/`))).toBe(true);
    const db = ctx.database.db;
    expect(await db.select().from(user).where(eq(user.id, users.a.id))).toEqual([]);
    expect(await db.select().from(utilityBill).where(eq(utilityBill.userId, users.a.id))).toEqual([]);
    expect(await db.select().from(auditEvent).where(eq(auditEvent.userId, users.a.id))).toEqual([]);
    const [kept] = await db.select().from(payment).where(eq(payment.id, 'in_test_delete'));
    expect(kept).toMatchObject({ userId: null, amountCents: 999 });
    expect((await db.select().from(utilityBill).where(eq(utilityBill.userId, users.b.id))).length).toBe(1);
    const deletion = await db.select().from(auditEvent).where(eq(auditEvent.event, 'account_deleted'));
    expect(deletion).toHaveLength(1);
    expect(deletion[0]?.detail).toMatchObject({ accountId: users.a.id, subscriptionsCancelled: 1 });

    expect((await call(users.a.cookie, '/api/account')).status).toBe(401);
    const again = await signIn(users.a.email);
    expect(again.status).toBe(401);
  });
});
