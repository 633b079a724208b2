import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX, compress } from 'hono/compress';

const gzip = promisify(zlib.gzip);

/** Under this many characters an answer goes as it is: gzip would save a packet at most. */
export const GZIP_FROM_CHARS = 1024;
const JSON_TYPE = /^\s*application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** True when `Accept-Encoding` allows `coding` ('gzip', 'br'): named, or `*`, with a weight above 0. */
export function acceptsEncoding(header: string | undefined, coding: string): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (name.trim() === coding) return allowed;
    if (name.trim() === '*') wildcard = allowed;
  }
  return wildcard;
}

/** gzip of a text, made on libuv's thread pool (not on the thread serving requests). */
export async function gzipText(text: string): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await gzip(text));
}

/**
 * Puts `res` in place of the context's answer as it is. Hono's `c.res = res` would copy the old
 * answer's headers onto a new Response made from `res.body`, a stream, which @hono/node-server then
 * writes chunk by chunk instead of at once; `res` already carries every header it needs.
 */
function replaceResponse(c: Context, res: Response): void {
  c.res = undefined;
  c.res = res;
}

/**
 * Compression of API answers. JSON (nearly every answer) is read whole and gzipped on the thread
 * pool, only from GZIP_FROM_CHARS up; an answer that set its own `Content-Encoding` (a kept
 * answer compressed once, http/versioned-answers.ts) is left alone. Other compressible types (CSV
 * exports, text) stream through hono's middleware. Measured on a dashboard of many users
 * (`npm run bench:api -- --users 30 --bills 4`), piping every JSON answer through a web
 * CompressionStream cost more CPU than any handler.
 */
export function compressApiAnswers(): MiddlewareHandler {
  const others = compress({ contentTypeFilter: (type) => !JSON_TYPE.test(type) && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) });
  const json: MiddlewareHandler = async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('content-type');
    if (!type || !JSON_TYPE.test(type) || c.req.method === 'HEAD' || res.status === 204 || res.status === 206 || res.status === 304) return;
    if (res.headers.has('content-encoding') || NO_TRANSFORM.test(res.headers.get('cache-control') ?? '')) return;
    const vary = res.headers.get('vary');
    if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? '')) res.headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const length = res.headers.get('content-length');
    if ((length !== null && Number(length) < GZIP_FROM_CHARS) || !acceptsEncoding(c.req.header('accept-encoding'), 'gzip')) return;
    const text = await res.text();
    if (text.length < GZIP_FROM_CHARS) {
      replaceResponse(c, new Response(text, { status: res.status, headers: res.headers }));
      return;
    }
    const headers = res.headers;
    headers.delete('content-length');
    headers.set('content-encoding', 'gzip');
    const etag = headers.get('etag');
    if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`);
    replaceResponse(c, new Response(await gzipText(text), { status: res.status, headers }));
  };
  return async (c, next) => {
    await others(c, async () => {
      await json(c, next);
    });
  };
}
