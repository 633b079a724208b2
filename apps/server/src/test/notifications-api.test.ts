// Notifications through the HTTP API (02-tools §2.10, §4, §9): the bill pipeline produces them,
// the owner reads and marks them, preferences decide the email, nobody else sees any of it.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessage } from '../db/schema/mail.ts';
import { userNotification } from '../db/schema/notifications.ts';
import { withUserScope } from '../db/user-scope.ts';
import { type BillsTestContext, createBillsTestContext, TEXT_BILL } from '../features/bills/bills.test-support.ts';
import { utilityBill } from '../db/schema/bills.ts';
import { rebateIncentive } from '../db/schema/rebates.ts';
import { createApplication, ensureCatalogue } from '../features/rebates/rebates.service.ts';
import { runScheduledNotifications } from '../use-cases/scheduled-notifications.ts';
import { waitForMail } from './test-app.ts';

type Listed = { notifications: { id: string; type: string; title: string; read: boolean; action_url: string | null }[]; unreadCount: number };

let ctx: BillsTestContext;
const a = { cookie: '', id: '', email: '', billId: '' };
const b = { cookie: '', id: '', email: '' };

async function whoAmI(cookie: string) {
  const { body } = await ctx.json<{ user: { id: string; email: string } }>(cookie, '/api/auth/get-session');
  return body.user;
}

async function mailsTo(email: string) {
  return ctx.database.db.select().from(outboxMessage).where(eq(outboxMessage.to, email)).orderBy(desc(outboxMessage.createdAt));
}

beforeAll(async () => {
  ctx = await createBillsTestContext();
  a.cookie = await ctx.signIn();
  b.cookie = await ctx.signIn();
  Object.assign(a, await whoAmI(a.cookie));
  Object.assign(b, await whoAmI(b.cookie));
  const res = await ctx.upload(a.cookie, TEXT_BILL.bytes, TEXT_BILL.name);
  a.billId = ((await res.json()) as { bill: { id: string } }).bill.id;
  await ctx.waitForBill(a.cookie, a.billId);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('notifications', () => {
  it('a processed bill notifies its owner in the app and by email, linking to the bill', async () => {
    // The notification follows the bill's status change (the job writes it next): wait for it a moment.
    let listed = await ctx.json<Listed>(a.cookie, '/api/notifications');
    for (let tries = 0; tries < 50 && !listed.body.notifications.some((n) => n.title === 'Bill processed'); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      listed = await ctx.json<Listed>(a.cookie, '/api/notifications');
    }
    const { status, body } = listed;
    expect(status).toBe(200);
    const processed = body.notifications.find((n) => n.title === 'Bill processed');
    expect(processed).toMatchObject({ type: 'other', read: false, action_url: `/dashboard/bills/${a.billId}` });
    expect(body.unreadCount).toBe(1);
    const mail = await waitForMail(ctx.database, a.email, 'Bill processed');
    expect(mail.text).toContain(`/dashboard/bills/${a.billId}`);
  });

  it('analysing the bill notifies once, however often the analysis is asked for', async () => {
    expect((await ctx.json(a.cookie, `/api/bills/${a.billId}/analyze`, { method: 'POST' })).status).toBe(200);
    expect((await ctx.json(a.cookie, `/api/bills/${a.billId}/anomalies`, { method: 'POST' })).status).toBe(200);
    const { body } = await ctx.json<Listed>(a.cookie, '/api/notifications');
    expect(body.notifications.filter((n) => n.title === 'Bill analysis ready')).toHaveLength(1);
    const anomalyTitles = body.notifications.filter((n) => n.type === 'anomaly').map((n) => n.title);
    expect(new Set(anomalyTitles).size).toBe(anomalyTitles.length);
  });

  it('another user, and a visitor, see and change none of it', async () => {
    const mine = (await ctx.json<Listed>(a.cookie, '/api/notifications')).body.notifications[0];
    expect(mine).toBeDefined();
    const theirs = await ctx.json<Listed>(b.cookie, '/api/notifications');
    expect(theirs.body).toEqual({ notifications: [], unreadCount: 0 });
    expect((await ctx.json(b.cookie, `/api/notifications/${mine?.id}/read`, { method: 'POST' })).status).toBe(404);
    expect((await ctx.json(b.cookie, '/api/notifications/read-all', { method: 'POST' })).body).toEqual({ updated: 0 });
    expect((await ctx.json(a.cookie, '/api/notifications?filter=unread')).body).toMatchObject({ unreadCount: expect.any(Number) as number });
    expect((await ctx.json<Listed>(a.cookie, '/api/notifications')).body.notifications.find((n) => n.id === mine?.id)?.read).toBe(false);
    for (const [method, url] of [['GET', '/api/notifications'], ['GET', '/api/notifications/unread-count'], ['GET', '/api/notifications/preferences'], ['POST', '/api/notifications/read-all']] as const) {
      expect((await ctx.json(null, url, { method })).status, url).toBe(401);
    }
    // Row-level security: a scoped query without a user filter sees only its own rows.
    const seen = await withUserScope(ctx.database.db, b.id, (db) => db.select().from(userNotification));
    expect(seen).toEqual([]);
  });

  it('a click marks one read (it never goes back), and mark-all clears the unread list', async () => {
    const list = (await ctx.json<Listed>(a.cookie, '/api/notifications?filter=unread')).body;
    const first = list.notifications[0];
    expect(first).toBeDefined();
    const marked = await ctx.json<{ read: boolean }>(a.cookie, `/api/notifications/${first?.id}/read`, { method: 'POST' });
    expect(marked).toMatchObject({ status: 200, body: { read: true } });
    expect((await ctx.json<{ unreadCount: number }>(a.cookie, '/api/notifications/unread-count')).body.unreadCount).toBe(list.unreadCount - 1);
    expect((await ctx.json(a.cookie, '/api/notifications/read-all', { method: 'POST' })).body).toEqual({ updated: list.unreadCount - 1 });
    expect((await ctx.json<Listed>(a.cookie, '/api/notifications?filter=unread')).body).toEqual({ notifications: [], unreadCount: 0 });
    expect((await ctx.json(a.cookie, '/api/notifications?filter=nope')).status).toBe(422);
  });

  it('preferences are the user\'s own: saved, read back, refused when malformed, invisible to another user', async () => {
    const defaults = (await ctx.json<Record<string, boolean>>(a.cookie, '/api/notifications/preferences')).body;
    expect(Object.values(defaults).every(Boolean)).toBe(true);
    expect(Object.keys(defaults)).toHaveLength(7);
    const saved = await ctx.json(a.cookie, '/api/notifications/preferences', { method: 'PUT', body: { ...defaults, billAnomalies: false, pushNotifications: false } });
    expect(saved).toMatchObject({ status: 200, body: { billAnomalies: false, pushNotifications: false, usageAlerts: true } });
    expect((await ctx.json(a.cookie, '/api/notifications/preferences')).body).toMatchObject({ billAnomalies: false });
    expect((await ctx.json(b.cookie, '/api/notifications/preferences')).body).toMatchObject({ billAnomalies: true });
    expect((await ctx.json(a.cookie, '/api/notifications/preferences', { method: 'PUT', body: { billAnomalies: 'no' } })).status).toBe(422);
  });

  it('a user who turned off email for anomalies gets the in-app notification only', async () => {
    const anomaly = await ctx.notifier.notify(a.id, {
      type: 'anomaly',
      alert: 'billAnomalies',
      title: 'Possible billing error: charge twice',
      message: 'The same charge appears twice.',
      actionUrl: `/dashboard/bills/${a.billId}`,
      dedupeKey: 'test-anomaly',
    });
    expect(anomaly?.emailed).toBe(false);
    // An account message still goes out by email; once it has arrived, the anomaly would have too.
    await ctx.notifier.notify(a.id, { type: 'other', alert: null, title: 'Ticket reply', message: 'We answered.', dedupeKey: 'test-reply' });
    await waitForMail(ctx.database, a.email, 'Ticket reply');
    expect((await mailsTo(a.email)).map((m) => m.subject)).not.toContain('Possible billing error: charge twice');
    const { body } = await ctx.json<Listed>(a.cookie, '/api/notifications?filter=unread');
    expect(body.notifications.map((n) => n.title)).toContain('Possible billing error: charge twice');
    // The same producer running again notifies nobody twice.
    expect(await ctx.notifier.notify(a.id, { type: 'anomaly', alert: 'billAnomalies', title: 'again', message: 'again', dedupeKey: 'test-anomaly' })).toBeNull();
  });

  it('open pages hear of a new notification live, with the unread count', async () => {
    const res = await ctx.app.request('/api/notifications/events', { headers: { cookie: a.cookie } });
    expect(res.status).toBe(200);
    const reader = res.body?.getReader() as ReadableStreamDefaultReader<Uint8Array> | undefined;
    if (!reader) throw new Error('no stream');
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        text += decoder.decode(value);
      }
    };
    await readUntil('"unreadCount"');
    await ctx.notifier.notify(a.id, { type: 'seasonal', alert: 'seasonalTips', title: 'Winter is coming', message: 'Seal your windows.', dedupeKey: 'test-live' });
    await readUntil('Winter is coming');
    expect(text).toMatch(/event: notification/);
    await reader.cancel();
  });

  it('the scheduled producers remind of a bill due in 3 days, a seasonal tip and a closing rebate, once each', async () => {
    const now = new Date('2026-12-01T10:00:00Z');
    await ctx.database.db.update(utilityBill).set({ dueDate: '2026-12-04' }).where(eq(utilityBill.id, a.billId));
    await ensureCatalogue(ctx.database.db);
    await createApplication(ctx.database.db, a.id, { rebateId: 'ga-hear-heat-pump', programName: 'Heat pump rebate' });
    await ctx.database.db.update(rebateIncentive).set({ expirationDate: '2026-12-10' }).where(eq(rebateIncentive.id, 'ga-hear-heat-pump'));
    const deps = { db: ctx.database.db, notifier: ctx.notifier, logger: ctx.logger };
    expect(await runScheduledNotifications(deps, now)).toEqual({ dueSoon: 1, seasonal: 1, rebatesClosing: 1, monthlySummaries: 0 });
    expect(await runScheduledNotifications(deps, now)).toEqual({ dueSoon: 0, seasonal: 0, rebatesClosing: 0, monthlySummaries: 0 });
    const titles = (await ctx.json<Listed>(a.cookie, '/api/notifications')).body.notifications.map((n) => n.title);
    expect(titles).toEqual(expect.arrayContaining(['Bill due in 3 days', 'Winter tip: hold the heat in', 'Rebate closing soon']));
    // The user without bills gets no seasonal tip.
    expect((await ctx.json<Listed>(b.cookie, '/api/notifications')).body.notifications).toEqual([]);
  });
});
