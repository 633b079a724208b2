import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { acceptsEncoding, GZIP_FROM_CHARS, gzipText } from './compression.ts';

/** Where kept answers learn each user's current version of the data they were built from. */
export type UserVersions = { read(userId: string): Promise<number> };

/** An answer ready to send: the JSON text and its entity tag (none for an answer that was not kept). */
export type CachedAnswer = { body: string; etag: string | null };

const NOT_KEPT = Symbol('not kept');

/**
 * What a build returns for an answer that depends on more than the user's version (a bill whose
 * usage a meter also measured: the readings are not counted by the version). It is sent, never
 * kept, and carries no entity tag.
 */
export function notKept(value: unknown): { [NOT_KEPT]: unknown } {
  return { [NOT_KEPT]: value };
}

/**
 * Answers kept in memory (the bill list, the recommendation cards), each labelled with the version
 * of the user's data it was built from (`bill_list_versions`, counted by database triggers on
 * every change, whoever makes it). A read first learns the user's version and serves the kept
 * answer only when the version is the same, so an answer is never older than the data: a change
 * made by the worker or another instance is seen by the next read here.
 *
 * Building a page of 50 bills costs the embedded database several milliseconds of decoding; the
 * version check costs well under one (docs/decisions/032-bill-list-versions.md). Bounded by the
 * bytes kept, least recently used first out; `maxBytes` 0 turns it off.
 */
export function createVersionedAnswers(options: { maxBytes: number; versions: UserVersions }) {
  const entries = new Map<string, { version: number; list: CachedAnswer }>();
  let bytes = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.list.body.length;
    entries.delete(key);
  };

  return {
    /**
     * The answer for `userId` and the request's `queryKey` (its canonical query): kept, or built
     * by `build` and kept. The version is read before building, so a change that lands while
     * building leaves the kept answer labelled older than the bills, and the next read rebuilds it.
     */
    async read(userId: string, queryKey: string, build: () => Promise<unknown>): Promise<CachedAnswer> {
      const version = await options.versions.read(userId);
      const key = `${userId}\n${queryKey}`;
      const kept = entries.get(key);
      if (kept && kept.version === version) {
        // Most recently used last.
        entries.delete(key);
        entries.set(key, kept);
        return kept.list;
      }
      const built = await build();
      if (typeof built === 'object' && built !== null && NOT_KEPT in built) {
        drop(key);
        return { body: JSON.stringify(built[NOT_KEPT]), etag: null };
      }
      const body = JSON.stringify(built);
      // The tag names the user as well as the version: one browser may hold two users' answers in turn.
      const etag = `W/"${version}-${createHash('sha256').update(key).digest('base64url').slice(0, 16)}"`;
      const list = { body, etag };
      drop(key);
      if (body.length <= options.maxBytes) {
        entries.set(key, { version, list });
        bytes += body.length;
        for (const oldest of entries.keys()) {
          if (bytes <= options.maxBytes) break;
          drop(oldest);
        }
      }
      return list;
    },
    /** Bytes of JSON kept (for tests and metrics). */
    size: () => ({ entries: entries.size, bytes }),
  };
}

export type VersionedAnswers = ReturnType<typeof createVersionedAnswers>;

/** Each kept answer's gzip, made once (by the first browser that accepts it) and dropped with the answer. */
const gzipped = new WeakMap<CachedAnswer, Promise<Uint8Array<ArrayBuffer>>>();

/**
 * Sends a kept answer: `304` without a body when the browser already holds it (`If-None-Match`),
 * else the JSON, gzipped when the browser accepts it. The browser revalidates on every use
 * (`no-cache`). A kept answer is compressed once, not on every request: on a dashboard of many
 * users compressing the same JSON again was the largest cost after the database's
 * (docs/benchmarks.md). Sent with its `Content-Encoding`, the answer is left alone by the
 * general compression of API responses.
 */
export async function sendVersionedAnswer(c: Context, answer: CachedAnswer) {
  const headers: Record<string, string> = { vary: 'Accept-Encoding' };
  if (answer.etag !== null) {
    headers.etag = answer.etag;
    headers['cache-control'] = 'private, no-cache';
    if (c.req.header('if-none-match') === answer.etag) return c.body(null, 304, headers);
  }
  if (answer.body.length >= GZIP_FROM_CHARS && acceptsEncoding(c.req.header('accept-encoding'), 'gzip')) {
    let body = gzipped.get(answer);
    if (!body) {
      body = gzipText(answer.body);
      if (answer.etag !== null) {
        gzipped.set(answer, body);
        // A failed compression is not kept: the next request tries again.
        body.catch(() => gzipped.delete(answer));
      }
    }
    return c.body(await body, 200, { ...headers, 'content-type': 'application/json', 'content-encoding': 'gzip' });
  }
  // Its length said, the general compression passes a short answer by without reading it.
  return c.body(answer.body, 200, { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(answer.body)) });
}
