import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { buildPdf } from '@wattwise/extractor/testing/pdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { utilityBill } from './db/schema/bills.ts';
import { buildTextPdf } from './features/demo/demo-pdf.ts';
import { type BillsTestContext, createBillsTestContext } from './features/bills/bills.test-support.ts';
import { createLogger } from './platform/logger.ts';
import { nextIp, postJson, solveCaptcha, TEST_ORIGIN } from './test/test-app.ts';

// Also on PostgreSQL: rate limits are counted in shared rows, from several connections.

// The probe's findings (issue 10, "Attack findings"), each as the request that exposed it.

let ctx: BillsTestContext;
beforeAll(async () => {
  // No bill worker: uploaded bills stay queued, which is what the concurrency limit counts.
  ctx = await createBillsTestContext({ UPLOAD_CONCURRENCY_MAX: '2', UPLOAD_RATE_LIMIT_MAX: '3' }, { startWorker: false });
});
afterAll(async () => {
  await ctx?.close();
});

const TEXT_PDF = buildTextPdf([{ x: 72, y: 700, text: 'Georgia Power Company  Amount due $198.02' }]);

/** A PNG whose header declares width × height (all a size check needs to read). */
function pngHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(64);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  bytes.set([8, 2, 0, 0, 0], 24);
  return bytes;
}

/** A PDF of `pages` empty pages of the given size in points. */
function bigPagePdf(pages: number, size: number): Uint8Array {
  return buildPdf({ pages: Array.from({ length: pages }, () => []), mediaBox: [size, size] });
}

describe('request bodies are limited before they are read', () => {
  it('refuses an anonymous oversized JSON body to better-auth with 413, declared or chunked', async () => {
    const big = JSON.stringify({ newPassword: 'x'.repeat(2 * 1024 * 1024), token: 't' });
    const declared = await postJson(ctx.app, '/api/auth/reset-password', JSON.parse(big));
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });

    const chunks = new TextEncoder().encode(big);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < chunks.length; i += 64 * 1024) controller.enqueue(chunks.subarray(i, i + 64 * 1024));
        controller.close();
      },
    });
    const chunked = await ctx.app.request('/api/auth/reset-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', origin: TEST_ORIGIN, 'x-forwarded-for': nextIp() },
      body: stream,
      duplex: 'half',
    });
    expect(chunked.status).toBe(413);
  });

  it("refuses an oversized JSON body to the app's own routes, and keeps small ones working", async () => {
    const cookie = await ctx.signIn();
    const huge = await postJson(ctx.app, '/api/properties', { name: 'x'.repeat(300 * 1024) }, { cookie });
    expect(huge.status).toBe(413);
    const fine = await postJson(ctx.app, '/api/properties', { name: 'Home' }, { cookie });
    expect(fine.status).toBe(201);
  });
});

describe('writes carrying a cookie must come from our own origin', () => {
  it('refuses property create, upload, field corrections and bill delete from a foreign origin', async () => {
    const cookie = await ctx.signIn();
    const upload = await ctx.upload(cookie, TEXT_PDF, 'bill.pdf');
    expect(upload.status).toBe(202);
    const { bill } = (await upload.json()) as { bill: { id: string } };
    const evil = { cookie, origin: 'http://evil.example', 'content-type': 'application/json' };

    const create = await ctx.app.request('/api/properties', { method: 'POST', headers: evil, body: JSON.stringify({ name: 'Evil' }) });
    expect(create.status).toBe(403);
    const form = new FormData();
    form.set('bill', new File([Buffer.from(TEXT_PDF)], 'evil.pdf'));
    expect((await ctx.app.request('/api/bills', { method: 'POST', headers: { cookie, origin: 'http://evil.example' }, body: form })).status).toBe(403);
    const patch = await ctx.app.request(`/api/bills/${bill.id}/fields`, { method: 'PATCH', headers: evil, body: JSON.stringify({ corrections: [] }) });
    expect(patch.status).toBe(403);
    expect((await ctx.app.request(`/api/bills/${bill.id}`, { method: 'DELETE', headers: { cookie, origin: 'null' } })).status).toBe(403);
    // Without Origin, the browser's Sec-Fetch-Site tells.
    expect((await ctx.app.request(`/api/bills/${bill.id}`, { method: 'DELETE', headers: { cookie, 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    expect((await ctx.json(cookie, `/api/bills/${bill.id}`)).status).toBe(200);

    // Our own origin (and a same-origin fetch without Origin) still works.
    expect((await ctx.app.request(`/api/bills/${bill.id}`, { method: 'DELETE', headers: { cookie, 'sec-fetch-site': 'same-origin' } })).status).toBe(204);
    expect((await postJson(ctx.app, '/api/properties', { name: 'Mine' }, { cookie })).status).toBe(201);
  });
});

describe('cross-site writes without a cookie, and signed webhooks', () => {
  it('lets a cookieless cross-site write through to the route (it can act for no one), but not a cross-site sign-in (login CSRF)', async () => {
    const contact = { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'From another site.' };
    const foreign = await postJson(ctx.app, '/api/contact', contact, { captcha: await solveCaptcha(ctx.app), headers: { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(foreign.status).toBe(200);
    const signIn = await postJson(ctx.app, '/api/auth/sign-in/email', { email: 'a@example.com', password: 'Whatever-1234' }, { captcha: await solveCaptcha(ctx.app), headers: { origin: 'http://evil.example' } });
    expect(signIn.status).toBe(403);
    const planSignUp = await postJson(ctx.app, '/api/plan-sign-up', { email: 'b@example.com', password: 'Whatever-1234', plan: 'basic' }, { headers: { origin: 'https://evil.example' } });
    expect(planSignUp.status).toBe(403);
  });

  it('leaves the payments webhook to its signature check, even when a cookie rides along cross-site', async () => {
    const cookie = await ctx.signIn();
    const res = await ctx.app.request('/api/payments/webhook', {
      method: 'POST',
      headers: { cookie, origin: 'https://stripe.example', 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad' },
      body: JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed' }),
    });
    expect(res.status).toBe(400);
    // The same cross-site write to a cookie-authenticated route is refused.
    const app = await ctx.app.request('/api/notifications/read-all', { method: 'POST', headers: { cookie, origin: 'https://stripe.example' } });
    expect(app.status).toBe(403);
  });
});

describe('rate limits answer 429 with Retry-After', () => {
  it("better-auth's limit carries Retry-After, not X-Retry-After", async () => {
    const ip = nextIp();
    let last: Response | undefined;
    for (let i = 0; i < 4; i++) last = await postJson(ctx.app, '/api/auth/send-verification-email', { email: 'nobody@example.com' }, { ip });
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last?.headers.get('x-retry-after')).toBeNull();
  });

  it('limits sign-in, sign-up and password-reset requests per client address, each with Retry-After', async () => {
    const cases = [
      { path: '/api/auth/sign-in/email', body: { email: 'nobody@example.com', password: 'Wrong-Password-1' }, allowed: 5, human: true },
      { path: '/api/auth/sign-up/email', body: { email: 'x', password: 'short', name: 'X' }, allowed: 10, human: true },
      { path: '/api/auth/request-password-reset', body: { email: 'nobody@example.com', redirectTo: '/auth/reset-password' }, allowed: 3, human: false },
    ];
    for (const { path, body, allowed, human } of cases) {
      const ip = nextIp();
      const send = async () => postJson(ctx.app, path, body, { ip, captcha: human ? await solveCaptcha(ctx.app) : false });
      for (let i = 0; i < allowed; i++) expect((await send()).status, `${path} #${i + 1}`).not.toBe(429);
      const refused = await send();
      expect(refused.status, path).toBe(429);
      expect(Number(refused.headers.get('retry-after')), path).toBeGreaterThan(0);
    }
  });

  it('limits the bills one user has waiting, even in a burst of parallel uploads', async () => {
    const cookie = await ctx.signIn();
    const burst = await Promise.all(Array.from({ length: 8 }, async (_, i) => ctx.upload(cookie, TEXT_PDF, `burst-${i}.pdf`)));
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses).toEqual([202, 202, 429, 429, 429, 429, 429, 429]);
    const refused = burst.find((r) => r.status === 429);
    expect(refused?.headers.get('retry-after')).toBe('15');
    expect(await refused?.json()).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please wait a moment and try again.' } });
    // Another user is not held by the first one's limit.
    expect((await ctx.upload(await ctx.signIn(), TEXT_PDF, 'other.pdf')).status).toBe(202);
  });

  it('limits the uploads one user makes per window', async () => {
    const cookie = await ctx.signIn();
    for (let i = 0; i < 3; i++) {
      const res = await ctx.upload(cookie, TEXT_PDF, `bill-${i}.pdf`);
      expect(res.status).toBe(202);
      const { bill } = (await res.json()) as { bill: { id: string } };
      // Read at once (no worker here), so only the window limit applies.
      await ctx.database.db.update(utilityBill).set({ status: 'processed' }).where(eq(utilityBill.id, bill.id));
    }
    const fourth = await ctx.upload(cookie, TEXT_PDF, 'bill-3.pdf');
    expect(fourth.status).toBe(429);
    const retryAfter = Number(fourth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
  });
});

describe('mail-sending and AI endpoints are rate limited too (http/rate-limit.ts)', () => {
  it('limits the contact form per client address: the sixth message in ten minutes is refused with Retry-After', async () => {
    const ip = nextIp();
    const contact = { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'A question about my bill.' };
    // A signed-out sender passes the human check with each message (a solution is good once).
    const send = async (from?: string) => postJson(ctx.app, '/api/contact', contact, { ip: from, captcha: await solveCaptcha(ctx.app) });
    for (let i = 0; i < 5; i++) expect((await send(ip)).status).toBe(200);
    const sixth = await send(ip);
    expect(sixth.status).toBe(429);
    expect(await sixth.json()).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please wait a moment and try again.' } });
    const retryAfter = Number(sixth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Another address is counted on its own.
    expect((await send()).status).toBe(200);
  });

  it('limits the AI rebate answers per user, whatever address they come from', async () => {
    const cookie = await ctx.signIn();
    const explain = () => postJson(ctx.app, '/api/rebates/insights', { description: 'I want a heat pump for my house in Georgia.' }, { cookie });
    const first = await explain();
    expect(first.status).toBe(200);
    for (let i = 1; i < 20; i++) await explain();
    const refused = await explain();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await postJson(ctx.app, '/api/rebates/insights', { description: 'A heat pump, please.' }, { cookie: await ctx.signIn() })).status).toBe(200);
  });
});

describe('uploads that could hurt the reader', () => {
  it('refuses a 49-megapixel image before it is stored or decoded', async () => {
    const cookie = await ctx.signIn();
    const res = await ctx.upload(cookie, pngHeader(7000, 7000), 'bomb.png');
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ error: { code: 'UNREADABLE_FILE', message: 'Bill processing failed: The image has more than 40 megapixels.' } });
  });

  it('refuses a PDF whose pages would rasterise past the budget (pixels × pages)', async () => {
    const cookie = await ctx.signIn();
    const res = await ctx.upload(cookie, bigPagePdf(20, 5000), 'posters.pdf');
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ error: { message: 'Bill processing failed: The pages of this PDF are too large to read.' } });
  });

  it('drops a NUL byte from the file name instead of failing with 500', async () => {
    const cookie = await ctx.signIn();
    const res = await ctx.upload(cookie, TEXT_PDF, 'bill\u0000.pdf');
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({ bill: { fileName: 'bill.pdf' } });
  });
});

describe('logs', () => {
  it('never carry a password-reset token, and leave web-app files out at info level', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = createLogger({ level: 'info', destination });
    const { app } = createApp({ ...ctx, mailer: { kind: 'outbox' }, logger });
    await app.request('/api/auth/reset-password/SECRET-RESET-TOKEN-123?callbackURL=%2Freset-password');
    await app.request('/api/auth/verify-email?token=SECRET-VERIFY-TOKEN-456');
    await app.request('/assets/index-abc123.js');
    await app.request('/api/health/../no-such-route');
    logger.error({ link: 'http://localhost:3000/api/auth/reset-password/SECRET-IN-ERROR?x=1', token: 'SECRET-FIELD' }, 'failed with http://x/y?token=SECRET-QUERY');
    await new Promise((r) => setTimeout(r, 50));
    const all = lines.join('');
    expect(all).toContain('reset-password/[redacted]');
    expect(all).not.toMatch(/SECRET-/);
    expect(all).not.toContain('/assets/index-abc123.js');
    expect(all).toContain('/no-such-route');
  });
});
