import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { acceptsEncoding, compressApiAnswers } from './compression.ts';

describe('acceptsEncoding', () => {
  const acceptsGzip = (header: string | undefined) => acceptsEncoding(header, 'gzip');
  it('reads Accept-Encoding as browsers and proxies send it', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8, *;q=0.1')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('GZIP')).toBe(true);
  });

  it('refuses gzip when it is absent or weighted 0', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip('*;q=0')).toBe(false);
  });

  it('reads brotli the same way', () => {
    expect(acceptsEncoding('gzip, deflate, br', 'br')).toBe(true);
    expect(acceptsEncoding('br;q=0, gzip', 'br')).toBe(false);
    expect(acceptsEncoding('gzip', 'br')).toBe(false);
  });
});

describe('compressApiAnswers', () => {
  const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `bill ${i}` })) };
  const csv = `a,b\n${'1,2\n'.repeat(1000)}`;
  const app = new Hono();
  app.use('*', compressApiAnswers());
  app.get('/big', (c) => c.json(big, 200, { etag: '"v1"' }));
  app.get('/small', (c) => c.json({ ok: true }, 201));
  app.get('/csv', (c) => c.body(csv, 200, { 'content-type': 'text/csv; charset=utf-8' }));
  app.get('/stream', (c) => c.body('data: x\n\n'.repeat(200), 200, { 'content-type': 'text/event-stream' }));
  app.get('/raw', (c) => c.body('{"already":"encoded"}', 200, { 'content-type': 'application/json', 'content-encoding': 'identity' }));
  const gz = { 'accept-encoding': 'gzip, deflate, br' };

  it('gzips long JSON for a browser that accepts it, keeping status and headers (a weak tag)', async () => {
    const res = await app.request('/big', { headers: gz });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('etag')).toBe('W/"v1"');
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8'))).toEqual(big);
  });

  it('sends short JSON, and JSON to a browser without gzip, as it is', async () => {
    const small = await app.request('/small', { headers: gz });
    expect([small.status, small.headers.get('content-encoding'), await small.json()]).toEqual([201, null, { ok: true }]);
    const plain = await app.request('/big', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.json()).toEqual(big);
  });

  it('compresses other text, never an event stream or an answer that chose its own encoding', async () => {
    const res = await app.request('/csv', { headers: gz });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8')).toBe(csv);
    expect((await app.request('/stream', { headers: gz })).headers.get('content-encoding')).toBeNull();
    const raw = await app.request('/raw', { headers: gz });
    expect([raw.headers.get('content-encoding'), await raw.text()]).toEqual(['identity', '{"already":"encoded"}']);
  });
});
