import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { createOutboxMailer } from '../../platform/mail.ts';
import { createTestContext, FROM_LOOPBACK, TEST_ORIGIN, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  const outbox = createOutboxMailer({ db: ctx.database.db, from: 'Wattwise <no-reply@wattwise.local>' });
  await outbox.send({ to: 'old@example.com', subject: 'Older <message>', html: '<html><body><p>old</p></body></html>', text: 'old' });
  await new Promise((r) => setTimeout(r, 10));
  await outbox.send({
    to: 'new@example.com',
    subject: 'Confirm your email',
    html: '<!doctype html><html><body><p>Hello</p><a href="http://localhost:3000/api/auth/verify-email?token=abc">Confirm email</a></body></html>',
    text: 'Hello http://localhost:3000/api/auth/verify-email?token=abc',
  });
});
afterAll(async () => {
  await ctx?.close();
});

describe('dev mailbox', () => {
  it('lists messages newest first with recipient, subject and time, escaping subjects', async () => {
    const res = await ctx.app.request('/dev/mailbox', {}, FROM_LOOPBACK);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.indexOf('new@example.com')).toBeLessThan(html.indexOf('old@example.com'));
    expect(html).toContain('Older &#60;message&#62;');
    expect(html).toMatch(/<time datetime="\d{4}-/);
  });

  it('filters by recipient', async () => {
    const html = await (await ctx.app.request('/dev/mailbox?to=old@example.com', {}, FROM_LOOPBACK)).text();
    expect(html).toContain('old@example.com');
    expect(html).not.toContain('new@example.com');
  });

  it('renders a message with its links clickable', async () => {
    const list = await (await ctx.app.request('/dev/mailbox', {}, FROM_LOOPBACK)).text();
    const href = /href="(\/dev\/mailbox\/[0-9a-f-]{36})">Confirm your email/.exec(list)?.[1];
    expect(href).toBeDefined();
    const page = await (await ctx.app.request(href ?? '', {}, FROM_LOOPBACK)).text();
    expect(page).toContain('<a href="http://localhost:3000/api/auth/verify-email?token=abc">Confirm email</a>');
    expect(page).not.toContain('<!doctype html><html><body><p>Hello');
  });

  it('answers 404 for an unknown message', async () => {
    expect((await ctx.app.request('/dev/mailbox/00000000-0000-0000-0000-000000000000', {}, FROM_LOOPBACK)).status).toBe(404);
    expect((await ctx.app.request('/dev/mailbox/not-a-uuid', {}, FROM_LOOPBACK)).status).toBe(404);
  });

  it('does not exist when mail goes out over SMTP', async () => {
    const { app } = createApp({ ...ctx, mailer: { kind: 'smtp' } });
    expect((await app.request('/dev/mailbox', {}, FROM_LOOPBACK)).status).toBe(404);
    const config = (await (await app.request('/api/public-config')).json()) as { devMailbox: boolean };
    expect(config.devMailbox).toBe(false);
  });
});

describe('dev mailbox and DNS rebinding (issue 27)', () => {
  it('answers 403 to a request from loopback that names another host; this machine and PUBLIC_URL pass', async () => {
    for (const host of ['attacker.example', 'attacker.example:3000', '127.0.0.1.attacker.example', 'localhost.attacker.example']) {
      const res = await ctx.app.request('/dev/mailbox', { headers: { host } }, FROM_LOOPBACK);
      expect(res.status, host).toBe(403);
      expect(await res.text()).not.toContain('Confirm your email');
      expect((await ctx.app.request('http://attacker.example/dev/mailbox', {}, FROM_LOOPBACK)).status).toBe(403);
    }
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:3000', '[::1]:3000', new URL(ctx.config.publicUrl).host]) {
      expect((await ctx.app.request('/dev/mailbox', { headers: { host } }, FROM_LOOPBACK)).status, host).toBe(200);
    }
  });

  it('answers 403 to a foreign Host on the test clock too (a development-only route)', async () => {
    const { app } = createApp({ ...ctx, mailer: { kind: 'smtp' }, config: { ...ctx.config, smartHome: { ...ctx.config.smartHome, testClock: true } } });
    const body = JSON.stringify({ now: '2026-11-23T12:00:00Z' });
    const post = (host: string) => app.request('/api/dev/clock', { method: 'POST', headers: { host, 'content-type': 'application/json', origin: TEST_ORIGIN }, body });
    expect((await post('attacker.example')).status).toBe(403);
    expect((await post('localhost:3000')).status).toBe(200);
  });
});
