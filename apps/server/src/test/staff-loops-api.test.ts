// Messages and bookings reach staff (issue 28): a contact message lands in the admin Inbox and the
// operator's mailbox (SUPPORT_EMAIL); staff reply by email or turn it into a ticket. Bookings and
// cancellations reach the admin Appointments tab and the support address, with a METHOD:CANCEL
// invitation on cancelling; closed days (weekends, holidays) cannot be booked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../features/auth/auth.service.ts';
import { createVerifiedUser } from '../features/demo/demo.service.ts';
import { cookiesOf, createTestContext, postJson, solveCaptcha, STRONG_PASSWORD, type TestContext, waitForMail, type JsonCall, requestJson } from './test-app.ts';

const SUPPORT = 'staff@operator.example';
const TZ = 'America/New_York';
let ctx: TestContext;
let holiday = '';
const users = { a: { cookie: '', email: '' }, b: { cookie: '', email: '' }, admin: { cookie: '', email: '' } };
const call = <T = Record<string, unknown>>(cookie: string | null, url: string, init: JsonCall = {}) => requestJson<T>(ctx.app, cookie, url, init);

type Message = { id: string; email: string; subject: string; replied_at: string | null; reply: string | null; ticket_id: string | null };
type StaffAppt = { id: string; date: string; time: string; customer_email: string; account_email: string | null; cancelled_at: string | null };

/** The first weekday (Mon-Fri) at least `after` days from today in the business time zone. */
function weekdayFromToday(after: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
  for (let i = after; ; i++) {
    const d = new Date(`${today}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) return d.toISOString().slice(0, 10);
  }
}

beforeAll(async () => {
  holiday = weekdayFromToday(2);
  ctx = await createTestContext({ SUPPORT_EMAIL: SUPPORT, OPERATOR_NAME: 'Volt Co-op', APPOINTMENT_TIME_ZONE: TZ, HOLIDAYS: holiday, CONTACT_RATE_LIMIT_MAX: '50' });
  for (const key of ['a', 'b', 'admin'] as const) {
    const email = `loops-${key}-${Date.now()}@example.com`;
    await createVerifiedUser(ctx.auth, email, STRONG_PASSWORD);
    if (key === 'admin') await createAdmin(ctx.auth, email);
    const res = await postJson(ctx.app, '/api/auth/sign-in/email', { email, password: STRONG_PASSWORD }, { captcha: await solveCaptcha(ctx.app) });
    users[key] = { cookie: cookiesOf(res), email };
  }
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('staff inbox', () => {
  it("a visitor's message reaches the Inbox and the support address; only admins read it", async () => {
    const visitor = { name: 'Vera Visitor', email: `vera-${Date.now()}@example.com`, subject: 'Do you cover Ohio?', message: 'I moved to Columbus.' };
    expect((await call(null, '/api/contact', { method: 'POST', body: visitor, headers: { 'x-captcha-response': await solveCaptcha(ctx.app) } })).status).toBe(200);
    const mail = await waitForMail(ctx.database, SUPPORT, 'Do you cover Ohio?');
    expect(mail.text).toContain(visitor.email);
    expect(mail.text).toContain('I moved to Columbus.');

    expect((await call(null, '/api/admin/contact-messages')).status).toBe(401);
    expect((await call(users.a.cookie, '/api/admin/contact-messages')).status).toBe(403);
    const inbox = await call<{ messages: Message[] }>(users.admin.cookie, '/api/admin/contact-messages');
    const found = inbox.body.messages.find((m) => m.email === visitor.email);
    expect(found).toMatchObject({ subject: visitor.subject, replied_at: null, ticket_id: null });
    const id = found?.id ?? '';

    // Another user and a visitor can neither answer it nor make it a ticket.
    expect((await call(users.b.cookie, `/api/admin/contact-messages/${id}/reply`, { method: 'POST', body: { body: 'x' } })).status).toBe(403);
    expect((await call(null, `/api/admin/contact-messages/${id}/reply`, { method: 'POST', body: { body: 'x' } })).status).toBe(401);
    expect((await call(users.b.cookie, `/api/admin/contact-messages/${id}/ticket`, { method: 'POST' })).status).toBe(403);
    expect((await call(users.admin.cookie, `/api/admin/contact-messages/${id}/reply`, { method: 'POST', body: { body: '  ' } })).status).toBe(422);
    expect((await call(users.admin.cookie, '/api/admin/contact-messages/00000000-0000-4000-8000-000000000000/reply', { method: 'POST', body: { body: 'x' } })).status).toBe(404);

    // The visitor has no account: no ticket, an email answer instead.
    const noTicket = await call<{ error: { message: string } }>(users.admin.cookie, `/api/admin/contact-messages/${id}/ticket`, { method: 'POST' });
    expect(noTicket.status).toBe(409);
    const replied = await call<Message>(users.admin.cookie, `/api/admin/contact-messages/${id}/reply`, { method: 'POST', body: { body: 'Yes, Ohio is covered.' } });
    expect(replied.status).toBe(200);
    expect(replied.body.reply).toBe('Yes, Ohio is covered.');
    expect(replied.body.replied_at).not.toBeNull();
    const answer = await waitForMail(ctx.database, visitor.email, 'Re: Do you cover Ohio?');
    expect(answer.text).toContain('Yes, Ohio is covered.');
    expect(answer.text).toContain(SUPPORT);
  });

  it("a signed-in user's message becomes a ticket of theirs once; the admin is alerted in the app", async () => {
    expect((await call(users.a.cookie, '/api/contact', { method: 'POST', body: { name: 'Ann', email: users.a.email, subject: 'Refund please', message: 'Charged twice.' } })).status).toBe(200);
    const inbox = await call<{ messages: Message[] }>(users.admin.cookie, '/api/admin/contact-messages');
    const id = inbox.body.messages.find((m) => m.subject === 'Refund please')?.id ?? '';
    const ticket = await call<{ id: string; requester_email: string }>(users.admin.cookie, `/api/admin/contact-messages/${id}/ticket`, { method: 'POST' });
    expect(ticket.status).toBe(201);
    expect(ticket.body.requester_email).toBe(users.a.email);
    expect((await call(users.admin.cookie, `/api/admin/contact-messages/${id}/ticket`, { method: 'POST' })).status).toBe(409);
    const own = await call<{ tickets: { id: string }[] }>(users.a.cookie, '/api/support/tickets');
    expect(own.body.tickets.map((t) => t.id)).toContain(ticket.body.id);
    expect((await call<{ tickets: { id: string }[] }>(users.b.cookie, '/api/support/tickets')).body.tickets.map((t) => t.id)).not.toContain(ticket.body.id);
    const alerts = await call<{ notifications: { title: string; action_url: string | null }[] }>(users.admin.cookie, '/api/notifications');
    expect(alerts.body.notifications.some((n) => n.title === 'New contact message')).toBe(true);
  });

  it('the public configuration names the operator as configured', async () => {
    const cfg = await call<{ operator: { name: string; supportEmail: string; phone: string | null; hours: string } }>(null, '/api/public-config');
    expect(cfg.body.operator).toMatchObject({ name: 'Volt Co-op', supportEmail: SUPPORT, phone: null });
    expect(cfg.body.operator.hours).toBe(`Monday to Friday, 09:00–17:00 (${TZ})`);
  });
});

describe('advisor side of appointments', () => {
  it('weekends and listed holidays are not offered and cannot be booked', async () => {
    const avail = await call<{ dates: string[] }>(users.a.cookie, '/api/appointments/availability');
    expect(avail.body.dates).not.toContain(holiday);
    expect(avail.body.dates.some((d) => [0, 6].includes(new Date(`${d}T12:00:00Z`).getUTCDay()))).toBe(false);
    const onHoliday = await call<{ error: { message: string } }>(users.a.cookie, '/api/appointments', { method: 'POST', body: { date: holiday, time: '10:00', customer_name: 'Ann', customer_email: users.a.email } });
    expect(onHoliday.status).toBe(422);
    expect(onHoliday.body.error.message).toBe('We are closed that day. Please choose another date.');
    const afterHours = await call(users.a.cookie, '/api/appointments', { method: 'POST', body: { date: avail.body.dates[0], time: '17:00', customer_name: 'Ann', customer_email: users.a.email } });
    expect(afterHours.status).toBe(422);
  });

  it('a booking reaches staff; a cancellation sends METHOD:CANCEL and moves it to Cancelled; the slot is free again', async () => {
    const avail = await call<{ dates: string[] }>(users.a.cookie, '/api/appointments/availability');
    const date = avail.body.dates[3] ?? '';
    const booked = await call<{ id: string }>(users.a.cookie, '/api/appointments', { method: 'POST', body: { date, time: '11:00', customer_name: 'Ann Booker', customer_email: users.a.email } });
    expect(booked.status).toBe(201);
    const invite = await waitForMail(ctx.database, users.a.email, 'Your Volt Co-op consultation is confirmed');
    expect(invite.attachments?.[0]?.content).toContain('METHOD:REQUEST');
    expect(invite.attachments?.[0]?.content).toContain(`ORGANIZER;CN=Volt Co-op:mailto:${SUPPORT}`);
    const staffMail = await waitForMail(ctx.database, SUPPORT, 'Consultation booked: Ann Booker');
    expect(staffMail.text).toContain(users.a.email);

    expect((await call(null, '/api/admin/appointments')).status).toBe(401);
    expect((await call(users.b.cookie, '/api/admin/appointments')).status).toBe(403);
    expect((await call(users.admin.cookie, '/api/admin/appointments?tab=nonsense')).status).toBe(422);
    const upcoming = await call<{ appointments: StaffAppt[] }>(users.admin.cookie, '/api/admin/appointments?tab=upcoming');
    expect(upcoming.body.appointments.find((x) => x.id === booked.body.id)).toMatchObject({ date, time: '11:00', customer_email: users.a.email, account_email: users.a.email, cancelled_at: null });

    // Another user cannot cancel it; the owner can, once.
    expect((await call(users.b.cookie, `/api/appointments/${booked.body.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await call(users.a.cookie, `/api/appointments/${booked.body.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(users.a.cookie, `/api/appointments/${booked.body.id}`, { method: 'DELETE' })).status).toBe(404);
    const cancelMail = await waitForMail(ctx.database, users.a.email, 'Your Volt Co-op consultation is cancelled');
    const ics = cancelMail.attachments?.[0]?.content ?? '';
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain(`UID:${booked.body.id}@wattwise`);
    await waitForMail(ctx.database, SUPPORT, 'Consultation cancelled: Ann Booker');

    const cancelled = await call<{ appointments: StaffAppt[] }>(users.admin.cookie, '/api/admin/appointments?tab=cancelled');
    expect(cancelled.body.appointments.find((x) => x.id === booked.body.id)?.cancelled_at).not.toBeNull();
    expect((await call<{ appointments: StaffAppt[] }>(users.admin.cookie, '/api/admin/appointments')).body.appointments.map((x) => x.id)).not.toContain(booked.body.id);
    expect((await call<{ appointments: { id: string }[] }>(users.a.cookie, '/api/appointments')).body.appointments.map((x) => x.id)).not.toContain(booked.body.id);
    // The slot is free again: someone else books it.
    expect((await call(users.b.cookie, '/api/appointments', { method: 'POST', body: { date, time: '11:00', customer_name: 'Bo', customer_email: users.b.email } })).status).toBe(201);
  });
});
