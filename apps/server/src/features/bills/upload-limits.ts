import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { RateLimitedError } from '../../http/errors.ts';
import { BILL_MESSAGES } from './bills.messages.ts';
import { countUploadLoad } from './bills.queries.ts';

export type UploadLimits = {
  /** Uploads one user may make per window. */
  max: number;
  windowSeconds: number;
  /** Bills one user may have queued or being read at once. */
  concurrency: number;
  /** Also hold uploads to the plan's bills per month (01-core §9; config PLAN_LIMITS). */
  planLimits?: boolean;
};

/** A bill waiting behind others is usually read within seconds; ask the client to come back then. */
const BUSY_RETRY_SECONDS = 15;

/**
 * Throws 429 (with Retry-After) when the user has uploaded `max` bills in the window or has
 * `concurrency` bills still waiting or being read. Counted from the bills table, so every
 * server process sees the same numbers. Call it inside the transaction that inserts the bill,
 * after `lockUserUploads`, so a burst of parallel uploads cannot all pass the check at once.
 */
export async function assertUploadAllowed(db: Db, userId: string, limits: UploadLimits, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - limits.windowSeconds * 1000);
  const load = await countUploadLoad(db, userId, since);
  if (load.recent >= limits.max) {
    const frees = (load.oldestRecent?.getTime() ?? now.getTime()) + limits.windowSeconds * 1000;
    throw new RateLimitedError(BILL_MESSAGES.tooManyUploads, Math.max(1, Math.ceil((frees - now.getTime()) / 1000)));
  }
  if (load.unfinished >= limits.concurrency) throw new RateLimitedError(BILL_MESSAGES.tooManyUploads, BUSY_RETRY_SECONDS);
}

/** Serialises one user's upload checks until the end of the transaction (other users are not held). */
export async function lockUserUploads(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bill-upload:${userId}`}))`);
}
