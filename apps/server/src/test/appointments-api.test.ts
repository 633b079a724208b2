// Appointments through the HTTP API (02-tools §2.12, §4, §9): a slot is booked once however many
// race for it, bookings are the booker's own, and the confirmation carries an .ics calendar.
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointment } from '../db/schema/appointments.ts';
import { confirmationEmail } from '../features/appointments/appointments.service.ts';
import { createVerifiedUser } from '../features/demo/demo.service.ts';
import { cookiesOf, createTestContext, postJson, solveCaptcha, STRONG_PASSWORD, type TestContext, waitForMail, type JsonCall, requestJson } from './test-app.ts';

// Also on PostgreSQL: concurrent bookings of one slot race on separate connections.

let ctx: TestContext;
const users = { a: { cookie: '', email: '' }, b: { cookie: '', email: '' } };

const call = <T = Record<string, unknown>>(cookie: string | null, url: string, init: JsonCall = {}) => requestJson<T>(ctx.app, cookie, url, init);

type Availability = { dates: string[]; times: string[]; taken: string[]; timeZone: string };
type Appt = { id: string; date: string; time: string };

beforeAll(async () => {
  ctx = await createTestContext({ APPOINTMENT_TIME_ZONE: 'America/New_York' });
  for (const key of ['a', 'b'] as const) {
    const email = `appt-${key}-${Date.now()}@example.com`;
    await createVerifiedUser(ctx.auth, email, STRONG_PASSWORD);
    const res = await postJson(ctx.app, '/api/auth/sign-in/email', { email, password: STRONG_PASSWORD }, { captcha: await solveCaptcha(ctx.app) });
    users[key] = { cookie: cookiesOf(res), email };
  }
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('appointments', () => {
  it('offers the working days of the next 30 from tomorrow and 16 half-hour slots from 09:00 to 16:30', async () => {
    const { body } = await call<Availability>(users.a.cookie, '/api/appointments/availability');
    expect(body.dates.length).toBeGreaterThanOrEqual(20);
    expect(body.dates.every((d) => ![0, 6].includes(new Date(`${d}T12:00:00Z`).getUTCDay()))).toBe(true);
    expect(body.times[0]).toBe('09:00');
    expect(body.times.at(-1)).toBe('16:30');
    expect(body.times).toHaveLength(16);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    expect(body.dates[0] && body.dates[0] > today).toBe(true);
    expect((await call(null, '/api/appointments/availability')).status).toBe(401);
  });

  it('20 concurrent bookings of one slot produce exactly one appointment; the others read Time Slot Unavailable', async () => {
    const { body: avail } = await call<Availability>(users.a.cookie, '/api/appointments/availability');
    const slot = { date: avail.dates[2] ?? '', time: '10:30' };
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const who = i % 2 === 0 ? users.a : users.b;
        return call<{ error?: { message: string } }>(who.cookie, '/api/appointments', { method: 'POST', body: { ...slot, customer_name: `Booker ${i}`, customer_email: who.email } });
      }),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const losers = results.filter((r) => r.status !== 201);
    expect(losers.every((r) => r.status === 409 && r.body.error?.message === 'Time Slot Unavailable')).toBe(true);
    const [row] = await ctx.database.db.select({ n: count() }).from(appointment);
    expect(row?.n).toBe(1);
    expect((await call<Availability>(users.b.cookie, '/api/appointments/availability')).body.taken).toContain(`${slot.date} ${slot.time}`);
  });

  it("a user's appointments are invisible and uncancellable to another; the owner lists the next 5 and cancels", async () => {
    const { body: avail } = await call<Availability>(users.a.cookie, '/api/appointments/availability');
    const booked = await call<Appt>(users.a.cookie, '/api/appointments', { method: 'POST', body: { date: avail.dates[5], time: '14:00', customer_name: 'Ada', customer_email: users.a.email } });
    expect(booked.status).toBe(201);
    await waitForMail(ctx.database, users.a.email, 'Your Wattwise consultation is confirmed');
    const bList = (await call<{ appointments: Appt[] }>(users.b.cookie, '/api/appointments')).body.appointments;
    expect(bList.map((x) => x.id)).not.toContain(booked.body.id);
    expect((await call(users.b.cookie, `/api/appointments/${booked.body.id}`, { method: 'DELETE' })).status).toBe(404);
    const aList = (await call<{ appointments: Appt[] }>(users.a.cookie, '/api/appointments')).body.appointments;
    expect(aList.map((x) => x.id)).toContain(booked.body.id);
    expect((await call(users.a.cookie, `/api/appointments/${booked.body.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call<Availability>(users.a.cookie, '/api/appointments/availability')).body.taken).not.toContain(`${avail.dates[5]} 14:00`);
    expect((await call(null, '/api/appointments')).status).toBe(401);
  });

  it('refuses a slot outside the window and invalid fields', async () => {
    const yesterday = '2020-01-01';
    expect((await call(users.a.cookie, '/api/appointments', { method: 'POST', body: { date: yesterday, time: '09:00', customer_name: 'A', customer_email: users.a.email } })).status).toBe(422);
    expect((await call(users.a.cookie, '/api/appointments', { method: 'POST', body: { date: yesterday, time: '08:00', customer_name: '', customer_email: 'x' } })).status).toBe(422);
  });

  it('the confirmation carries the appointment as an .ics event at the business time zone\'s wall-clock time', () => {
    const mail = confirmationEmail(
      { id: '00000000-0000-4000-8000-000000000001', date: '2026-12-01', time: '09:00', customer_name: 'Ada', customer_email: 'ada@example.com', user_id: 'u', cancelled_at: null, created_at: '2026-11-20T00:00:00.000Z' },
      'America/New_York',
      { name: 'Wattwise', email: 'support@wattwise.local' },
      new Date('2026-11-20T00:00:00Z'),
    );
    const ics = mail.attachments?.[0];
    expect(ics?.filename).toMatch(/\.ics$/);
    expect(ics?.content).toContain('DTSTART:20261201T140000Z');
    expect(ics?.content).toContain('DTEND:20261201T143000Z');
    expect(mail.text).toContain('9:00');
  });
});
