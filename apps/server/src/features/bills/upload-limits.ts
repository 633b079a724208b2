import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { RateLimitedError } from '../../http/errors.ts';
import { BILL_MESSAGES } from './bills.messages.ts';
import { countUploadLoad } from './bills.queries.ts';

export type UploadLimits = {
  /** Uploads one user may make per window (accepted ones, deleted later or not). */
  max: number;
  windowSeconds: number;
  /** Bills one user may have queued or being read at once (one deleted unread keeps its place a while). */
  concurrency: number;
  /** Also hold uploads to the plan's bills per month (01-core §9; config PLAN_LIMITS). */
  planLimits?: boolean;
  /** Uploads refused for their file (size, type, decode budget) one user, and one address, may send per window. */
  rejected?: { max: number; windowSeconds: number };
};

/** A bill waiting behind others is usually read within seconds; ask the client to come back then. */
const BUSY_RETRY_SECONDS = 15;
/** A bill deleted before it was read keeps its place among the user's bills being read this long. */
export const DELETED_UNREAD_HOLD_SECONDS = 10 * 60;

/**
 * Counters in the `rate_limits` table (the one the app's and better-auth's limits share), so every
 * process sees them and deleting a bill does not take an upload back. A fixed window per key:
 * it starts at the first count and ends `windowMs` later.
 */
type Counter = { count: number; windowStart: number };

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows?: Record<string, unknown>[] }).rows ?? [];
}

async function readCounter(db: Db, key: string, windowMs: number, now: number): Promise<Counter> {
  const [row] = rowsOf(await db.execute(sql`select count, last_request from rate_limits where key = ${`app:${key}`}`));
  const windowStart = Number(row?.last_request ?? 0);
  if (!row || windowStart <= now - windowMs) return { count: 0, windowStart: now };
  return { count: Number(row.count), windowStart };
}

async function addToCounter(db: Db, key: string, windowMs: number, now: number): Promise<void> {
  await db.execute(sql`
    insert into rate_limits (id, key, count, last_request) values (${randomUUID()}, ${`app:${key}`}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limits.last_request <= ${now - windowMs} then 1 else rate_limits.count + 1 end,
      last_request = case when rate_limits.last_request <= ${now - windowMs} then excluded.last_request else rate_limits.last_request end`);
}

const retryAfter = (counter: Counter, windowMs: number, now: number) => Math.max(1, Math.ceil((counter.windowStart + windowMs - now) / 1000));

/**
 * Throws 429 (with Retry-After) when the user has uploaded `max` bills in the window (counted
 * when accepted, so deleting them gives nothing back) or has `concurrency` bills waiting or being
 * read (a bill deleted unread still counts for DELETED_UNREAD_HOLD_SECONDS). Call it inside the
 * transaction that inserts the bill, after `lockUserUploads`, so a burst of parallel uploads
 * cannot all pass the check at once.
 */
export async function assertUploadAllowed(db: Db, userId: string, limits: UploadLimits, now = new Date()): Promise<void> {
  const at = now.getTime();
  const windowMs = limits.windowSeconds * 1000;
  const accepted = await readCounter(db, `upload-accepted:${userId}`, windowMs, at);
  if (accepted.count >= limits.max) throw new RateLimitedError(BILL_MESSAGES.tooManyUploads, retryAfter(accepted, windowMs, at));
  const since = new Date(at - windowMs);
  const load = await countUploadLoad(db, userId, since);
  if (load.recent >= limits.max) {
    const frees = (load.oldestRecent?.getTime() ?? at) + windowMs;
    throw new RateLimitedError(BILL_MESSAGES.tooManyUploads, Math.max(1, Math.ceil((frees - at) / 1000)));
  }
  const deletedUnread = await readCounter(db, `upload-deleted-unread:${userId}`, DELETED_UNREAD_HOLD_SECONDS * 1000, at);
  if (load.unfinished + deletedUnread.count >= limits.concurrency) throw new RateLimitedError(BILL_MESSAGES.tooManyUploads, BUSY_RETRY_SECONDS);
}

/** Counts an accepted upload (in the transaction that inserts the bill). */
export async function recordAcceptedUpload(db: Db, userId: string, limits: UploadLimits, now = new Date()): Promise<void> {
  await addToCounter(db, `upload-accepted:${userId}`, limits.windowSeconds * 1000, now.getTime());
}

/** A bill deleted while queued or being read: its place among the bills being read stays taken a while. */
export async function recordDeletedUnread(db: Db, userId: string, now = new Date()): Promise<void> {
  await addToCounter(db, `upload-deleted-unread:${userId}`, DELETED_UNREAD_HOLD_SECONDS * 1000, now.getTime());
}

/** The keys rejected uploads are counted under: the user, and the address they came from when known. */
function rejectedKeys(userId: string, address: string | undefined): string[] {
  return [`upload-rejected:user:${userId}`, ...(address ? [`upload-rejected:ip:${address}`] : [])];
}

/**
 * 429 (with Retry-After) when the user, or their address, has sent `rejected.max` uploads refused
 * for their file in the window: a higher limit than the upload rate, for clients that keep sending
 * what is refused. Checked before the body is read.
 */
export async function assertNotSendingRejectedUploads(db: Db, userId: string, address: string | undefined, limits: UploadLimits, now = new Date()): Promise<void> {
  if (!limits.rejected) return;
  const at = now.getTime();
  const windowMs = limits.rejected.windowSeconds * 1000;
  for (const key of rejectedKeys(userId, address)) {
    const counter = await readCounter(db, key, windowMs, at);
    if (counter.count >= limits.rejected.max) throw new RateLimitedError(BILL_MESSAGES.tooManyUploads, retryAfter(counter, windowMs, at));
  }
}

/** Counts an upload refused for its file (size, type, damaged, over the decode budget). */
export async function recordRejectedUpload(db: Db, userId: string, address: string | undefined, limits: UploadLimits, now = new Date()): Promise<void> {
  if (!limits.rejected) return;
  for (const key of rejectedKeys(userId, address)) await addToCounter(db, key, limits.rejected.windowSeconds * 1000, now.getTime());
}

/** Serialises one user's upload checks until the end of the transaction (other users are not held). */
export async function lockUserUploads(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bill-upload:${userId}`}))`);
}
