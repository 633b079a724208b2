import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../../db/client.ts';
import { readBillListVersion } from './bills.queries.ts';

/** Where the bill-list cache learns each user's version of their bills. */
export type BillListVersions = { read(userId: string): Promise<number> };

const VERSION_CHANNEL = 'bill_list_version';

/**
 * The versions of users' bills (`bill_list_versions`, counted by a trigger). On PostgreSQL, where
 * other processes write too and notifications arrive after the writer has moved on, every read
 * asks the database (one indexed row). The embedded database belongs to this process alone and
 * delivers the trigger's notification before the write that caused it returns, so versions are
 * kept in memory from its notifications, and the database is asked once per user.
 */
export function createBillListVersions(database: Pick<Database, 'kind' | 'db'>): BillListVersions {
  const query = (userId: string) => readBillListVersion(database.db, userId);
  if (database.kind !== 'pglite') return { read: query };
  const known = new Map<string, number>();
  const heard = (userId: string, version: number) => known.set(userId, Math.max(version, known.get(userId) ?? 0));
  let listening = false;
  const client = (database.db as unknown as { $client: PGlite }).$client;
  void client
    .listen(VERSION_CHANNEL, (payload) => {
      const [userId, version] = payload.split(' ');
      if (userId && version) heard(userId, Number(version));
    })
    .then(
      () => {
        listening = true;
      },
      // Without the notifications every read asks the database, as on PostgreSQL.
      () => undefined,
    );
  return {
    async read(userId) {
      const kept = listening ? known.get(userId) : undefined;
      if (kept !== undefined) return kept;
      const version = await query(userId);
      if (listening) heard(userId, version);
      return version;
    },
  };
}

/** A bill-list answer ready to send: the JSON text and its entity tag. */
export type CachedList = { body: string; etag: string };

/**
 * Answers to the bill list kept in memory, each labelled with the version of the user's bills it
 * was built from (`bill_list_versions`, counted by a database trigger on every change, whoever
 * makes it). A read first learns the user's version (`createBillListVersions`) and serves the kept
 * answer only when the version is the same, so an answer is never older than the bills: a change
 * made by the worker or another instance is seen by the next read here.
 *
 * Building a page of 50 bills costs the embedded database several milliseconds of decoding; the
 * version check costs well under one (docs/decisions/032-bill-list-versions.md). Bounded by the
 * bytes kept, least recently used first out; `maxBytes` 0 turns it off.
 */
export function createBillListCache(options: { maxBytes: number; versions: BillListVersions }) {
  const entries = new Map<string, { version: number; list: CachedList }>();
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
    async read(userId: string, queryKey: string, build: () => Promise<unknown>): Promise<CachedList> {
      const version = await options.versions.read(userId);
      const key = `${userId}\n${queryKey}`;
      const kept = entries.get(key);
      if (kept && kept.version === version) {
        // Most recently used last.
        entries.delete(key);
        entries.set(key, kept);
        return kept.list;
      }
      const body = JSON.stringify(await build());
      // The tag names the user as well as the version: one browser may hold two users' lists in turn.
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

export type BillListCache = ReturnType<typeof createBillListCache>;
