import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useMigratedDatabase } from '../test/test-app.ts';
import { createLogger } from './logger.ts';
import { createOutboxMailer, createSendEmailWorker, createSmtpMailer, listOutboxMessages, SEND_EMAIL_JOB } from './mail.ts';
import { createQueue, type Queue } from './queue.ts';

const message = { to: 'pat@example.com', subject: 'Hello', html: '<p>Hi <a href="https://x.test/a">link</a></p>', text: 'Hi https://x.test/a' };

describe('SMTP mailer', () => {
  let server: SMTPServer;
  let port: number;
  const received: { from: string; to: string[]; raw: string }[] = [];
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the message with our sender over SMTP_URL', async () => {
    const mailer = createSmtpMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Wattwise <no-reply@wattwise.local>' });
    await mailer.send(message);
    mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]?.from).toBe('no-reply@wattwise.local');
    expect(received[0]?.to).toEqual(['pat@example.com']);
    expect(received[0]?.raw).toContain('Subject: Hello');
    expect(received[0]?.raw).toContain('https://x.test/a');
  });

  it('fails loudly when the server is unreachable (so the job retries)', async () => {
    const mailer = createSmtpMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'a@b.c' });
    await expect(mailer.send(message)).rejects.toThrow();
    mailer.close();
  });
});

describe('send-email job', () => {
  const db = useMigratedDatabase();
  let queue: Queue;
  beforeAll(async () => {
    queue = createQueue({ database: db(), logger: createLogger({ level: 'silent' }) });
    await queue.start();
  });
  afterAll(async () => {
    await queue?.stop(5_000);
  });

  it('rejects a malformed payload before it is queued', async () => {
    await expect(queue.send(SEND_EMAIL_JOB, { ...message, to: 'not-an-email' })).rejects.toBeInstanceOf(z.ZodError);
  });

  it('delivers queued mail to the outbox through a worker', async () => {
    await queue.work(createSendEmailWorker(createOutboxMailer({ db: db().db, from: 'Wattwise <no-reply@wattwise.local>' }), db().db));
    await queue.send(SEND_EMAIL_JOB, message);
    const deadline = Date.now() + 10_000;
    let rows = await listOutboxMessages(db().db);
    while (rows.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      rows = await listOutboxMessages(db().db);
    }
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...message, from: 'Wattwise <no-reply@wattwise.local>' });
  });

  it('retries a failing job until it succeeds', async () => {
    const attempts: number[] = [];
    const job = {
      name: 'flaky-test',
      schema: z.object({ n: z.number() }),
      retryLimit: 3,
      retryDelaySeconds: 1,
      handler: (_data: { n: number }, meta: { attempt: number }) => {
        attempts.push(meta.attempt);
        return meta.attempt < 2 ? Promise.reject(new Error('transient')) : Promise.resolve();
      },
    };
    await queue.work(job);
    await queue.send(job, { n: 1 });
    const deadline = Date.now() + 15_000;
    while (attempts.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(attempts).toEqual([1, 2]);
  });
});
