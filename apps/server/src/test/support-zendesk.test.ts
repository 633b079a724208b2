// The helpdesk adapter against a local server speaking Zendesk's ticket API (01-core §1, §4,
// §7 zendesk-integration): tickets created here are pushed with their requester and keep
// Zendesk's id, agents' replies and status changes come back once and notify the requester,
// the requester's answers go there as theirs, an outage loses nothing, 401 and 429 are handled.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportTicket } from '../db/schema/support.ts';
import { createAdmin } from '../features/auth/auth.service.ts';
import { createVerifiedUser } from '../features/demo/demo.service.ts';
import { runChecks } from '../features/platform-status/platform-status.service.ts';
import { type HelpdeskSyncDeps, syncHelpdesk, UNPUSHED_GRACE_MS } from '../features/support/support.helpdesk.ts';
import { PUSH_TICKET_JOB, pushTicketJob } from '../features/support/support.jobs.ts';
import { HelpdeskError } from '../platform/helpdesk/helpdesk.ts';
import { createZendeskHelpdesk } from '../platform/helpdesk/zendesk.ts';
import { cookiesOf, createTestContext, postJson, solveCaptcha, STRONG_PASSWORD, type TestContext, type JsonCall, requestJson } from './test-app.ts';
import { AGENT, startZendeskServer, type ZendeskServer } from './zendesk-server.ts';

let ctx: TestContext;
let zendesk: ZendeskServer;
let sync: HelpdeskSyncDeps;
const users = { a: { cookie: '', id: '', email: '' }, b: { cookie: '', id: '', email: '' }, admin: { cookie: '', id: '', email: '' } };

type Ticket = { id: string; status: string; subject: string; zendesk_ticket_id: string | null; agent_url: string | null };
type Detail = { ticket: Ticket; messages: { author: string; body: string }[] };

const call = <T = Record<string, unknown>>(cookie: string | null, url: string, init: JsonCall = {}) => requestJson<T>(ctx.app, cookie, url, init);

async function until<T>(read: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 12_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await read();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const zendeskIdOf = (ticketId: string) =>
  until(async () => (await ctx.database.db.select().from(supportTicket).where(eq(supportTicket.id, ticketId)))[0]?.zendeskTicketId, `ticket ${ticketId} in Zendesk`);

const runSync = (now = new Date()) => syncHelpdesk(sync, (ticketId) => ctx.queue.send(PUSH_TICKET_JOB, { ticketId }, { singletonKey: ticketId }).then(() => undefined), now);

beforeAll(async () => {
  zendesk = await startZendeskServer();
  ctx = await createTestContext({ ZENDESK_SUBDOMAIN: 'acme', ZENDESK_EMAIL: AGENT.email, ZENDESK_API_TOKEN: AGENT.token, ZENDESK_API_URL: zendesk.url });
  if (!ctx.helpdesk) throw new Error('Zendesk not configured');
  sync = { db: ctx.database.db, helpdesk: ctx.helpdesk, notifier: ctx.notifier, logger: ctx.logger };
  await ctx.queue.work(pushTicketJob(sync));
  for (const key of ['a', 'b', 'admin'] as const) {
    const email = `zendesk-${key}-${Date.now()}@example.com`;
    const { userId } = await createVerifiedUser(ctx.auth, email, STRONG_PASSWORD);
    if (key === 'admin') await createAdmin(ctx.auth, email);
    const res = await postJson(ctx.app, '/api/auth/sign-in/email', { email, password: STRONG_PASSWORD }, { captcha: await solveCaptcha(ctx.app) });
    users[key] = { cookie: cookiesOf(res), id: userId, email };
  }
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await zendesk?.close();
});

describe('Zendesk helpdesk', () => {
  it('pushes a ticket created here with its requester and keeps its id; admins get the agent view, others nothing', async () => {
    const created = await call<Ticket>(users.a.cookie, '/api/support/tickets', { method: 'POST', body: { subject: 'Meter reading wrong', description: 'My March bill uses an estimate.', priority: 'high', ticket_type: 'incident' } });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('new');
    const zendeskId = await zendeskIdOf(created.body.id);

    const create = zendesk.requests.find((r) => r.method === 'POST' && r.path === '/api/v2/tickets.json');
    expect(create?.authorization).toBe(`Basic ${Buffer.from(`${AGENT.email}/token:${AGENT.token}`).toString('base64')}`);
    expect(create?.body).toEqual({
      ticket: {
        subject: 'Meter reading wrong',
        comment: { body: 'My March bill uses an estimate.', public: true },
        priority: 'high',
        type: 'incident',
        requester: { name: expect.any(String) as string, email: users.a.email },
        external_id: created.body.id,
      },
    });
    const remote = zendesk.tickets.get(Number(zendeskId));
    expect(remote).toMatchObject({ subject: 'Meter reading wrong', external_id: created.body.id });

    // The requester sees the id but no agent link; an admin gets the agent view.
    const own = await call<Detail>(users.a.cookie, `/api/support/tickets/${created.body.id}`);
    expect(own.body.ticket).toMatchObject({ zendesk_ticket_id: zendeskId, agent_url: null });
    const staff = await call<Detail>(users.admin.cookie, `/api/admin/tickets/${created.body.id}`);
    expect(staff.body.ticket.agent_url).toBe(`https://acme.zendesk.com/agent/tickets/${zendeskId}`);
    // Another user and a visitor: nothing.
    expect((await call(users.b.cookie, `/api/support/tickets/${created.body.id}`)).status).toBe(404);
    expect((await call(users.b.cookie, `/api/admin/tickets/${created.body.id}`)).status).toBe(403);
    expect((await call(null, `/api/support/tickets/${created.body.id}`)).status).toBe(401);
    expect((await call(null, `/api/admin/tickets/${created.body.id}`)).status).toBe(401);
  });

  it("brings agents' replies and status changes back once, notifies the requester, and sends the requester's answer as theirs", async () => {
    const created = await call<Ticket>(users.a.cookie, '/api/support/tickets', { method: 'POST', body: { subject: 'Refund', description: 'Please refund my plan.' } });
    const zendeskId = Number(await zendeskIdOf(created.body.id));
    zendesk.agentReply(zendeskId, 'We refunded you today.', 'pending');
    zendesk.agentNote(zendeskId, 'Internal: refund approved by finance');

    await runSync();
    await runSync(); // nothing twice
    const seen = await call<Detail>(users.a.cookie, `/api/support/tickets/${created.body.id}`);
    expect(seen.body.ticket.status).toBe('pending');
    expect(seen.body.messages.map((m) => [m.author, m.body])).toEqual([
      ['requester', 'Please refund my plan.'],
      ['staff', 'We refunded you today.'],
    ]);
    const notes = await call<{ notifications: { title: string; message: string; action_url: string }[] }>(users.a.cookie, '/api/notifications');
    const replies = notes.body.notifications.filter((n) => n.action_url === `/support?ticket=${created.body.id}`);
    expect(replies).toEqual([expect.objectContaining({ title: 'New reply to your support ticket', message: 'Re: Refund — We refunded you today.' })]);
    // Another user sees neither the ticket nor the notification.
    expect((await call<{ tickets: Ticket[] }>(users.b.cookie, '/api/support/tickets')).body.tickets).toEqual([]);
    const othersNotes = await call<{ notifications: { action_url: string }[] }>(users.b.cookie, '/api/notifications');
    expect(othersNotes.body.notifications.filter((n) => n.action_url?.startsWith('/support'))).toEqual([]);

    // The requester answers here: the comment goes to Zendesk as the requester's.
    await call(users.a.cookie, `/api/support/tickets/${created.body.id}/messages`, { method: 'POST', body: { body: 'Thank you!' } });
    const remote = zendesk.tickets.get(zendeskId);
    await until(() => Promise.resolve(remote?.comments.some((c) => c.body === 'Thank you!')), 'the answer in Zendesk');
    expect(remote?.comments.find((c) => c.body === 'Thank you!')?.author_id).toBe(remote?.requester_id);

    // Solved in Zendesk without a reply: the status comes back and the requester hears of it.
    zendesk.setStatus(zendeskId, 'solved');
    await runSync();
    const after = await call<Detail>(users.a.cookie, `/api/support/tickets/${created.body.id}`);
    expect(after.body.ticket.status).toBe('solved');
    expect(after.body.messages.map((m) => m.body)).toEqual(['Please refund my plan.', 'We refunded you today.', 'Thank you!']);
    const closedTab = await call<{ tickets: Ticket[] }>(users.a.cookie, '/api/support/tickets?tab=closed');
    expect(closedTab.body.tickets.map((t) => t.id)).toContain(created.body.id);
    const updates = await call<{ notifications: { title: string; message: string }[] }>(users.a.cookie, '/api/notifications');
    expect(updates.body.notifications).toContainEqual(expect.objectContaining({ title: 'Your support ticket was updated', message: 'Re: Refund — the ticket is now solved.' }));

    // A staff reply from the admin area goes to Zendesk as the agent's, with its status.
    await call(users.admin.cookie, `/api/admin/tickets/${created.body.id}/replies`, { method: 'POST', body: { body: 'Anything else?', status: 'open' } });
    await until(() => Promise.resolve(remote?.comments.some((c) => c.body === 'Anything else?')), 'the staff reply in Zendesk');
    expect(remote?.comments.at(-1)).toMatchObject({ author_id: AGENT.id, public: true });
    expect(remote?.status).toBe('open');
    await runSync();
    const final = await call<Detail>(users.a.cookie, `/api/support/tickets/${created.body.id}`);
    expect(final.body.messages.filter((m) => m.body === 'Anything else?')).toHaveLength(1);
  });

  it("an admin syncs one ticket now; the requester, another user and a visitor may not", async () => {
    const created = await call<Ticket>(users.a.cookie, '/api/support/tickets', { method: 'POST', body: { subject: 'Sync me', description: 'Please look.' } });
    const zendeskId = Number(await zendeskIdOf(created.body.id));
    zendesk.agentReply(zendeskId, 'Looking now.', 'open');
    const path = `/api/admin/tickets/${created.body.id}/sync`;
    expect((await call(users.a.cookie, path, { method: 'POST' })).status).toBe(403);
    expect((await call(users.b.cookie, path, { method: 'POST' })).status).toBe(403);
    expect((await call(null, path, { method: 'POST' })).status).toBe(401);
    expect((await call(users.admin.cookie, '/api/admin/tickets/00000000-0000-4000-8000-000000000000/sync', { method: 'POST' })).status).toBe(404);
    const synced = await call<Detail>(users.admin.cookie, path, { method: 'POST' });
    expect(synced.status).toBe(200);
    expect(synced.body.ticket).toMatchObject({ status: 'open', agent_url: `https://acme.zendesk.com/agent/tickets/${zendeskId}` });
    expect(synced.body.messages.map((m) => m.body)).toEqual(['Please look.', 'Looking now.']);
    // Zendesk down: the spec's failure message.
    zendesk.control.failNext = 1;
    const failed = await call<{ error: { message: string } }>(users.admin.cookie, path, { method: 'POST' });
    expect(failed.status).toBe(502);
    expect(failed.body.error.message).toBe('Failed to sync ticket');
  });

  it('loses no ticket when Zendesk is down: the push retries, and the sync queues it again', async () => {
    zendesk.control.failNext = 1_000;
    const created = await call<Ticket>(users.a.cookie, '/api/support/tickets', { method: 'POST', body: { subject: 'During the outage', description: 'Is anyone there?' } });
    expect(created.status).toBe(201);
    await until(() => Promise.resolve(zendesk.requests.some((r) => r.method === 'GET' && r.path.includes(`external_id=${created.body.id}`))), 'a push attempt');
    const [row] = await ctx.database.db.select().from(supportTicket).where(eq(supportTicket.id, created.body.id));
    expect(row?.zendeskTicketId).toBeNull();

    // Back up: the next sync run queues the ticket again (its first job is still backing off).
    zendesk.control.failNext = 0;
    await runSync(new Date(Date.now() + UNPUSHED_GRACE_MS + 1000));
    const zendeskId = await zendeskIdOf(created.body.id);
    expect([...zendesk.tickets.values()].filter((t) => t.external_id === created.body.id).map((t) => String(t.id))).toEqual([zendeskId]);
  });

  it('honours a short Retry-After, hands back a long one, and names bad credentials; the platform check reports both', async () => {
    const helpdesk = createZendeskHelpdesk({ provider: 'zendesk', subdomain: 'acme', email: AGENT.email, apiToken: AGENT.token, apiUrl: zendesk.url }, { logger: ctx.logger });
    zendesk.control.rateLimitNext = 1;
    zendesk.control.retryAfter = '1';
    const before = zendesk.requests.length;
    expect(await helpdesk.check()).toEqual({ agent: AGENT.email, role: 'agent' });
    expect(zendesk.requests.length - before).toBe(2);

    zendesk.control.rateLimitNext = 1;
    zendesk.control.retryAfter = '120';
    const limited = await helpdesk.getTickets(['1']).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(HelpdeskError);
    expect(limited).toMatchObject({ status: 429, retryAfterSeconds: 120 });

    const wrong = createZendeskHelpdesk({ provider: 'zendesk', subdomain: 'acme', email: AGENT.email, apiToken: 'wrong', apiUrl: zendesk.url }, { logger: ctx.logger });
    const refused = await wrong.check().catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 401, message: expect.stringContaining("Couldn't authenticate you") as string });

    type Checks = { checks: { name: string; mode: string; status: string; provider: string; details: Record<string, unknown> }[] };
    const checks = await call<Checks>(users.admin.cookie, '/api/admin/platform/checks', { method: 'POST' });
    expect(checks.body.checks.find((c) => c.name === 'helpdesk')).toMatchObject({ mode: 'configured', provider: 'Zendesk', status: 'success', details: { agent: AGENT.email, role: 'agent' } });
    expect((await call(users.a.cookie, '/api/admin/platform/checks', { method: 'POST' })).status).toBe(403);
    const failing = await runChecks({ database: ctx.database, storage: ctx.bills.storage, realtime: ctx.realtime, captcha: ctx.captcha, mailKind: 'outbox', aiName: null, helpdesk: wrong, version: 'test' });
    expect(failing.find((c) => c.name === 'helpdesk')).toMatchObject({ mode: 'configured', status: 'error', message: expect.stringContaining('check ZENDESK_EMAIL and ZENDESK_API_TOKEN') as string });
  });
});
