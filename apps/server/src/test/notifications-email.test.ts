// Notification emails over SMTP (a local smtp-server): subject, plain-text part and a signed
// List-Unsubscribe link; a tampered link is refused, a valid one stops further emails.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../features/demo/demo.service.ts';
import { createNotifier } from '../features/notifications/notifications.service.ts';
import { unsubscribeKey } from '../platform/unsubscribe-token.ts';
import { createSmtpMailer, type MailMessage } from '../platform/mail.ts';
import { createTestContext, STRONG_PASSWORD, type TestContext, TEST_ORIGIN } from './test-app.ts';

let ctx: TestContext;
let smtp: SMTPServer;
let port = 0;
const received: string[] = [];
const queued: MailMessage[] = [];
let userId = '';

beforeAll(async () => {
  ctx = await createTestContext();
  ({ userId } = await createVerifiedUser(ctx.auth, `mail-${Date.now()}@example.com`, STRONG_PASSWORD));
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
}, 60_000);

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await ctx?.close();
});

function notifierCapturingMail() {
  return createNotifier({
    db: ctx.database.db,
    queue: {
      send: (_job, data) => {
        queued.push(data as MailMessage);
        return Promise.resolve('job');
      },
    },
    realtime: ctx.realtime,
    logger: ctx.logger,
    publicUrl: TEST_ORIGIN,
    unsubscribeKey: unsubscribeKey(ctx.secrets.authSecret),
  });
}

const unsubscribe = (token: string) => ctx.app.request(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST' });

describe('notification email', () => {
  it('arrives over SMTP with its subject, a plain-text part and a List-Unsubscribe header', async () => {
    const notifier = notifierCapturingMail();
    await notifier.notify(userId, { type: 'anomaly', alert: 'billAnomalies', title: 'Possible billing error: late fee', message: 'A late fee was charged although you paid on time.', dedupeKey: 'mail-1' });
    expect(queued).toHaveLength(1);
    const mailer = createSmtpMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Wattwise <no-reply@wattwise.local>' });
    await mailer.send(queued[0] as MailMessage);
    mailer.close();
    const raw = received[0] ?? '';
    expect(raw).toContain('Subject: Possible billing error: late fee');
    expect(raw).toMatch(/Content-Type: text\/plain/i);
    expect(raw).toContain('A late fee was charged although you paid on time.');
    expect(raw).toMatch(/List-Unsubscribe:\s+<http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=[^>]+>/);
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('refuses a tampered unsubscribe link; a valid one turns email off and in-app notifications go on', async () => {
    const header = queued[0]?.headers?.['List-Unsubscribe'] ?? '';
    const token = new URL(header.slice(1, -1)).searchParams.get('token') ?? '';
    const [id, mac] = token.split('.');
    const otherUser = Buffer.from('someone-else').toString('base64url');
    for (const forged of [`${id}.${mac?.slice(0, -2)}xx`, `${otherUser}.${mac}`, 'nonsense']) {
      expect((await unsubscribe(forged)).status).toBe(400);
    }
    expect((await unsubscribe(token)).status).toBe(200);
    const result = await notifierCapturingMail().notify(userId, { type: 'other', alert: null, title: 'Bill processed', message: 'Read.', dedupeKey: 'mail-2' });
    expect(result?.emailed).toBe(false);
    expect(queued).toHaveLength(1);
  });
});
