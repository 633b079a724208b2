// Contact form and Support Center through the HTTP API (01-core §2, §4, §5): tickets are the
// requester's own, staff answer from the admin endpoints and the requester is notified.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportTicket, ticketMessage } from '../db/schema/support.ts';
import { withUserScope } from '../db/user-scope.ts';
import { createAdmin } from '../features/auth/auth.service.ts';
import { createVerifiedUser } from '../features/demo/demo.service.ts';
import { cookiesOf, createTestContext, nextIp, postJson, solveCaptcha, STRONG_PASSWORD, type TestContext, TEST_ORIGIN, waitForMail, type JsonCall, requestJson } from './test-app.ts';

let ctx: TestContext;
const users = { a: { cookie: '', id: '', email: '' }, b: { cookie: '', id: '', email: '' }, c: { cookie: '', id: '', email: '' }, admin: { cookie: '', id: '', email: '' } };

async function signIn(email: string) {
  const res = await postJson(ctx.app, '/api/auth/sign-in/email', { email, password: STRONG_PASSWORD }, { captcha: await solveCaptcha(ctx.app) });
  expect(res.status).toBe(200);
  return cookiesOf(res);
}

const call = <T = Record<string, unknown>>(cookie: string | null, url: string, init: JsonCall = {}) => requestJson<T>(ctx.app, cookie, url, init);

type Ticket = { id: string; status: string; subject: string; requester_email: string };
type Detail = { ticket: Ticket; messages: { author: string; body: string }[] };

beforeAll(async () => {
  ctx = await createTestContext();
  for (const key of ['a', 'b', 'c', 'admin'] as const) {
    const email = `support-${key}-${Date.now()}@example.com`;
    const { userId } = await createVerifiedUser(ctx.auth, email, STRONG_PASSWORD);
    if (key === 'admin') await createAdmin(ctx.auth, email);
    users[key] = { cookie: await signIn(email), id: userId, email };
  }
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

const contact = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'My bill looks wrong', message: 'The March bill charged me twice.' };

describe('contact form', () => {
  it('takes a visitor\'s message, refuses a visitor\'s ticket with the spec\'s message, and checks the fields', async () => {
    const human = { 'x-captcha-response': await solveCaptcha(ctx.app) };
    const sent = await call(null, '/api/contact', { method: 'POST', body: contact, headers: human });
    expect({ status: sent.status, body: sent.body }).toEqual({ status: 200, body: { received: true, ticket: null } });
    const refused = await call<{ error: { message: string } }>(null, '/api/contact', { method: 'POST', body: { ...contact, createTicket: true } });
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toBe('Please sign in to create support tickets.');
    const invalid = await call(null, '/api/contact', { method: 'POST', body: { ...contact, email: 'not-an-email', subject: '' } });
    expect(invalid.status).toBe(422);
  });

  it('opens a ticket (status new, shown under Open) for a signed-in sender who asks for one', async () => {
    const sent = await call<{ ticket: Ticket }>(users.a.cookie, '/api/contact', { method: 'POST', body: { ...contact, createTicket: true, priority: 'high' } });
    expect(sent.status).toBe(200);
    expect(sent.body.ticket).toMatchObject({ status: 'new', subject: contact.subject, requester_email: users.a.email });
    const open = await call<{ tickets: Ticket[] }>(users.a.cookie, '/api/support/tickets?tab=open');
    expect(open.body.tickets.map((t) => t.id)).toEqual([sent.body.ticket.id]);
    expect((await call<{ tickets: Ticket[] }>(users.a.cookie, '/api/support/tickets?tab=closed')).body.tickets).toEqual([]);
  });
});

describe('contact form hardening', () => {
  it('asks a visitor for the human check (a missing, forged or reused token is refused); a signed-in sender needs none', async () => {
    const ip = { 'x-forwarded-for': nextIp() };
    for (const token of [undefined, 'forged', Buffer.from('{"number":1}').toString('base64')]) {
      const refused = await call<{ error: { code: string; message: string } }>(null, '/api/contact', { method: 'POST', body: contact, headers: { ...ip, ...(token ? { 'x-captcha-response': token } : {}) } });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'CAPTCHA_FAILED', message: 'Security verification failed. Please refresh the page and try again.' });
    }
    const token = await solveCaptcha(ctx.app);
    expect((await call(null, '/api/contact', { method: 'POST', body: contact, headers: { ...ip, 'x-captcha-response': token } })).status).toBe(200);
    expect((await call(null, '/api/contact', { method: 'POST', body: contact, headers: { ...ip, 'x-captcha-response': token } })).status).toBe(400);
    expect((await call(users.b.cookie, '/api/contact', { method: 'POST', body: contact })).status).toBe(200);
  });

  it('answers 429 with Retry-After past 5 messages per sender (a visitor by address, a user by account, tickets counted too)', async () => {
    const ip = nextIp();
    const send = async (headers: Record<string, string>) =>
      ctx.app.request('/api/contact', { method: 'POST', headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': ip, ...headers }, body: JSON.stringify(contact) });
    for (let i = 0; i < 5; i++) expect((await send({ 'x-captcha-response': await solveCaptcha(ctx.app) })).status).toBe(200);
    const limited = await send({ 'x-captcha-response': await solveCaptcha(ctx.app) });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: { message: string } }).error.message).toBe('Too many requests. Please wait a moment and try again.');
    // Another address is not held back.
    expect((await call(null, '/api/contact', { method: 'POST', body: contact, headers: { 'x-forwarded-for': nextIp(), 'x-captcha-response': await solveCaptcha(ctx.app) } })).status).toBe(200);

    // A signed-in user: the contact form and new tickets share the limit, whatever address they use.
    for (let i = 0; i < 3; i++) expect((await call(users.c.cookie, '/api/contact', { method: 'POST', body: contact, headers: { 'x-forwarded-for': nextIp() } })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await call(users.c.cookie, '/api/support/tickets', { method: 'POST', body: { subject: `s${i}`, description: 'd' } })).status).toBe(201);
    const tooMany = await ctx.app.request('/api/support/tickets', {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, cookie: users.c.cookie, 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
      body: JSON.stringify({ subject: 'one more', description: 'd' }),
    });
    expect(tooMany.status).toBe(429);
    expect(tooMany.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await call<{ tickets: Ticket[] }>(users.c.cookie, '/api/support/tickets')).body.tickets.map((t) => t.subject).sort()).toEqual(['s0', 's1']);
    // Another account is not held back by c's limit.
    expect((await call(users.admin.cookie, '/api/support/tickets', { method: 'POST', body: { subject: 'from the admin', description: 'd' } })).status).toBe(201);
  });
});

describe('support tickets', () => {
  it('are invisible and unchangeable to another user and a visitor', async () => {
    const created = await call<Ticket>(users.a.cookie, '/api/support/tickets', { method: 'POST', body: { subject: 'Upload fails', description: 'My PDF does not upload.' } });
    expect(created.status).toBe(201);
    expect((await call<{ tickets: Ticket[] }>(users.b.cookie, '/api/support/tickets')).body.tickets).toEqual([]);
    expect((await call(users.b.cookie, `/api/support/tickets/${created.body.id}`)).status).toBe(404);
    expect((await call(users.b.cookie, `/api/support/tickets/${created.body.id}/messages`, { method: 'POST', body: { body: 'hi' } })).status).toBe(404);
    expect((await call(null, '/api/support/tickets')).status).toBe(401);
    expect((await call(users.a.cookie, '/api/support/tickets', { method: 'POST', body: { subject: '', description: '' } })).status).toBe(422);
    for (const table of [supportTicket, ticketMessage]) {
      const seen = await withUserScope(ctx.database.db, users.b.id, (db) => db.select({ userId: table.userId }).from(table));
      expect(seen).toEqual([]);
    }
  });

  it('staff answer from the admin endpoints; the requester sees the reply and is notified; non-admins are refused', async () => {
    const created = await call<Ticket>(users.a.cookie, '/api/support/tickets', { method: 'POST', body: { subject: 'Refund question', description: 'How do refunds work?' } });
    expect((await call(users.a.cookie, '/api/admin/tickets')).status).toBe(403);
    expect((await call(null, '/api/admin/tickets')).status).toBe(401);
    expect((await call(users.b.cookie, `/api/admin/tickets/${created.body.id}/replies`, { method: 'POST', body: { body: 'x' } })).status).toBe(403);

    const all = await call<{ tickets: Ticket[] }>(users.admin.cookie, '/api/admin/tickets');
    expect(all.body.tickets.map((t) => t.id)).toContain(created.body.id);
    const replied = await call<Detail>(users.admin.cookie, `/api/admin/tickets/${created.body.id}/replies`, { method: 'POST', body: { body: 'Refunds take 5 days.' } });
    expect(replied.status).toBe(200);
    expect(replied.body.ticket.status).toBe('pending');

    const seen = await call<Detail>(users.a.cookie, `/api/support/tickets/${created.body.id}`);
    expect(seen.body.messages.map((m) => [m.author, m.body])).toEqual([['requester', 'How do refunds work?'], ['staff', 'Refunds take 5 days.']]);
    expect((await call<{ tickets: Ticket[] }>(users.a.cookie, '/api/support/tickets?tab=pending')).body.tickets.map((t) => t.id)).toContain(created.body.id);
    const notes = await call<{ notifications: { title: string; action_url: string }[] }>(users.a.cookie, '/api/notifications');
    expect(notes.body.notifications).toContainEqual(expect.objectContaining({ title: 'New reply to your support ticket', action_url: `/support?ticket=${created.body.id}` }));
    await waitForMail(ctx.database, users.a.email, 'New reply to your support ticket');

    // The requester answers: the ticket is open again.
    const answered = await call<Detail>(users.a.cookie, `/api/support/tickets/${created.body.id}/messages`, { method: 'POST', body: { body: 'Thanks!' } });
    expect(answered.body.ticket.status).toBe('open');
  });

  it('without Zendesk, our database is the helpdesk: no agent link, and the platform checks say so', async () => {
    const all = await call<{ tickets: (Ticket & { agent_url: string | null; zendesk_ticket_id: string | null })[] }>(users.admin.cookie, '/api/admin/tickets');
    expect(all.body.tickets.length).toBeGreaterThan(0);
    expect(all.body.tickets.every((t) => t.agent_url === null && t.zendesk_ticket_id === null)).toBe(true);
    const checks = await call<{ checks: { name: string; mode: string; status: string; provider: string }[] }>(users.admin.cookie, '/api/admin/platform/checks', { method: 'POST' });
    expect(checks.body.checks.find((c) => c.name === 'helpdesk')).toMatchObject({ mode: 'embedded', status: 'success', provider: 'Our database (admin Tickets tab)' });
    const sync = await call<{ error: { message: string } }>(users.admin.cookie, `/api/admin/tickets/${all.body.tickets[0]?.id ?? ''}/sync`, { method: 'POST' });
    expect(sync).toMatchObject({ status: 409, body: { error: { message: 'No helpdesk is configured: tickets are kept here.' } } });
    expect((await call(users.a.cookie, `/api/admin/tickets/${all.body.tickets[0]?.id ?? ''}/sync`, { method: 'POST' })).status).toBe(403);
  });
});
