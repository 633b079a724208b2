import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRoute, z } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPageMeta } from './http/static.ts';
import { createApp } from './app.ts';
import { Hono } from 'hono';
import { createRouter } from './http/openapi.ts';
import { handleError } from './http/errors.ts';
import { securityHeaders } from './http/security-headers.ts';
import { createLogger } from './platform/logger.ts';
import { createTestContext, type TestContext } from './test/test-app.ts';

// Also on PostgreSQL: readiness and health ask the pool.

let ctx: TestContext;
let webDir: string;
const bigScript = `console.log(${JSON.stringify('wattwise '.repeat(500))});`;

beforeAll(async () => {
  ctx = await createTestContext();
  webDir = ctx.config.webDistDir;
  fs.mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Wattwise</title><div id="root"></div>');
  fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), bigScript);
});
afterAll(async () => {
  await ctx?.close();
});

describe('operations endpoints', () => {
  it('health answers while the process is up', async () => {
    const res = await ctx.app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('ready is 200 on a migrated database and 503 on one without migrations', async () => {
    const ok = await ctx.app.request('/api/ready');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: 'ready', database: 'ok' });

    // The database check itself is tested in db/client.test.ts; here, the route's answer.
    const database = { ...ctx.database, isReady: () => Promise.resolve(false) };
    const { app } = createApp({ ...ctx, database, mailer: { kind: 'outbox' }, logger: createLogger({ level: 'silent' }) });
    const notReady = await app.request('/api/ready');
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({ status: 'not_ready', database: 'unavailable' });
  });

  it('public config tells the web app the captcha provider and that the dev mailbox is on', async () => {
    const res = await ctx.app.request('/api/public-config');
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['captcha', 'demoAccount', 'devMailbox', 'operator', 'security']);
    expect(body).toMatchObject({ captcha: { provider: 'altcha', siteKey: null }, devMailbox: true, demoAccount: null });
    // What the trust copy may claim on a default install: files encrypted, no TLS of our own, no certification.
    expect(body.security).toEqual({ https: false, filesEncrypted: true, complianceStatement: null });
  });

  it('serves an ALTCHA challenge', async () => {
    const res = await ctx.app.request('/api/captcha/challenge');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ algorithm: 'SHA-256', maxnumber: 2000 });
    expect(body.salt).toMatch(/expires=\d+/);
    expect(typeof body.signature).toBe('string');
  });

  it('exposes Prometheus metrics with the request histogram', async () => {
    await ctx.app.request('/api/health');
    const text = await (await ctx.app.request('/metrics')).text();
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} \d+/);
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('keeps /metrics behind METRICS_TOKEN when one is set', async () => {
    const token = 'metrics-token-0123456789';
    const guarded = await createTestContext({ METRICS_TOKEN: token });
    try {
      const anonymous = await guarded.app.request('/metrics');
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'A metrics token is required.' } });
      const wrong = await guarded.app.request('/metrics', { headers: { authorization: 'Bearer metrics-token-9876543210' } });
      expect(wrong.status).toBe(401);
      const right = await guarded.app.request('/metrics', { headers: { authorization: `Bearer ${token}` } });
      expect(right.status).toBe(200);
      expect(await right.text()).toContain('http_request_duration_seconds');
    } finally {
      await guarded.close();
    }
  });

  it('publishes the OpenAPI document, with better-auth endpoints, and a local API reference', async () => {
    const doc = (await (await ctx.app.request('/api/openapi.json')).json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/ready', '/api/public-config', '/api/captcha/challenge', '/api/auth/sign-in/email']));
    const html = await (await ctx.app.request('/api/docs')).text();
    expect(html).toContain('/api/docs/swagger-ui-bundle.js');
    const bundle = await ctx.app.request('/api/docs/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('javascript');
  });
});

describe('errors', () => {
  it('an unknown API route is a JSON 404 of the common shape', async () => {
    const res = await ctx.app.request('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No route for GET /api/no-such-thing' } });
  });

  it('validation failures are 422 with the issues; unknown errors are a 500 without internals', async () => {
    const router = createRouter();
    router.onError(handleError(createLogger({ level: 'silent' })));
    router.openapi(
      createRoute({
        method: 'post',
        path: '/things',
        request: { body: { content: { 'application/json': { schema: z.object({ name: z.string().min(2, 'Name is too short') }) } } } },
        responses: { 200: { description: 'ok' } },
      }),
      (c) => c.json({ ok: true }, 200),
    );
    router.get('/boom', () => {
      throw new Error('secret internals at /srv/db.ts:42');
    });
    const invalid = await router.request('/things', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"x"}' });
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'Name is too short', details: [{ path: 'name', message: 'Name is too short', code: 'too_small' }] },
    });
    const boom = await router.request('/boom');
    expect(boom.status).toBe(500);
    const text = await boom.text();
    expect(JSON.parse(text)).toEqual({ error: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred.' } });
    expect(text).not.toContain('secret');
  });
});

describe('HTTP hygiene', () => {
  it('sets security headers and a request id', async () => {
    const res = await ctx.app.request('/api/health', { headers: { 'x-request-id': 'trace-123' } });
    expect(res.headers.get('x-request-id')).toBe('trace-123');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    // Plain HTTP: no HSTS.
    expect(res.headers.get('strict-transport-security')).toBeNull();
    const generated = await ctx.app.request('/api/health', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends HSTS only when served over https', async () => {
    for (const isHttps of [true, false]) {
      const app = new Hono().use(securityHeaders({ isHttps, captchaProvider: 'altcha' })).get('/', (c) => c.text('ok'));
      const hsts = (await app.request('/')).headers.get('strict-transport-security');
      if (isHttps) expect(hsts).toContain('max-age=31536000');
      else expect(hsts).toBeNull();
    }
  });

  it('compresses API responses', async () => {
    const res = await ctx.app.request('/api/openapi.json', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });
});

describe('web app', () => {
  it('serves index.html with 404 for paths that are not a built screen', async () => {
    for (const path of ['/no-such-page', '/dashboard/anything', '/admin/anything']) {
      const res = await ctx.app.request(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('<div id="root">');
    }
    expect((await ctx.app.request('/no-such-page', { method: 'HEAD' })).status).toBe(404);
  });

  it('serves index.html for app routes (SPA fallback) without caching', async () => {
    const res = await ctx.app.request('/dashboard/bills/anything');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<div id="root">');
  });

  it('serves hashed assets as immutable, brotli or gzip as accepted', async () => {
    const br = await ctx.app.request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(bigScript);
    const gz = await ctx.app.request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    // A coding weighted 0 is refused, not merely named.
    const notBr = await ctx.app.request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(notBr.headers.get('content-encoding')).toBe('gzip');
    const plain = await ctx.app.request('/assets/index-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(bigScript);
  });

  it('names each page in the index.html served for it (title and description)', async () => {
    const pricing = await (await ctx.app.request('/pricing')).text();
    expect(pricing).toContain('<title>Pricing — Wattwise</title>');
    const notFound = await (await ctx.app.request('/no-such-page', { headers: { 'accept-encoding': 'br' } })).arrayBuffer();
    expect(zlib.brotliDecompressSync(Buffer.from(notFound)).toString()).toContain('<title>Page not found — Wattwise</title>');
    expect(withPageMeta('<title>x</title><meta name="description" content="old" />', { title: 'A & B', description: 'say "hi"' })).toBe(
      '<title>A &amp; B</title><meta name="description" content="say &quot;hi&quot;" />',
    );
  });

  it('sends the build’s precompressed file when there is one', async () => {
    const file = path.join(webDir, 'assets', 'pre-abc123.js');
    fs.writeFileSync(file, bigScript);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(Buffer.from(`${bigScript}//prebuilt`)));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(Buffer.from(`${bigScript}//prebuilt`)));
    const br = await ctx.app.request('/assets/pre-abc123.js', { headers: { 'accept-encoding': 'br' } });
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(`${bigScript}//prebuilt`);
  });

  it('serves robots.txt and a sitemap of the public pages', async () => {
    const robots = await ctx.app.request('/robots.txt');
    expect(robots.status).toBe(200);
    const robotsText = await robots.text();
    expect(robotsText).toContain('Disallow: /api/');
    expect(robotsText).toMatch(/Sitemap: http.+\/sitemap\.xml/);
    const sitemap = await ctx.app.request('/sitemap.xml');
    expect(sitemap.headers.get('content-type')).toContain('application/xml');
    const body = await sitemap.text();
    expect(body).toContain('/pricing</loc>');
    expect(body).toContain('/terms-of-service</loc>');
    expect(body).not.toContain('/dashboard');
  });

  it('does not answer missing files or API paths with the SPA', async () => {
    expect((await ctx.app.request('/assets/missing.js')).status).toBe(404);
    expect((await ctx.app.request('/../../etc/passwd')).status).not.toBe(500);
    const api = await ctx.app.request('/api/unknown');
    expect(api.headers.get('content-type')).toContain('application/json');
  });

  it('explains how to build when the web app is missing', async () => {
    fs.rmSync(path.join(webDir, 'index.html'));
    try {
      const res = await ctx.app.request('/');
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('npm run build');
    } finally {
      fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Wattwise</title><div id="root"></div>');
    }
  });
});
