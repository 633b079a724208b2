import { z } from 'zod';
import type { JobDefinition } from '../../platform/queue.ts';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Storage } from '../../platform/storage.ts';
import { findFilePaths } from './bills.queries.ts';
import { fileOfDocumentText } from './layout-hints.ts';

/**
 * Removes what a crash leaves in bill storage: partial writes (`.tmp`) and complete files no
 * bill row points to (the process died between storing the file and adding the row, or while
 * deleting a bill). Only objects older than `olderThan` are touched, so an upload in flight in
 * another process keeps its file; on the embedded database no other process can be uploading,
 * so the caller may pass the current time. Keys are `{userId}/…`, so every lookup stays within
 * one user's bills. Returns the keys removed.
 */
export async function sweepOrphanFiles(deps: { db: Db; storage: Storage; logger: Logger }, options: { olderThan: Date }): Promise<string[]> {
  const candidates = (await deps.storage.list()).filter((o) => o.modifiedAt < options.olderThan);
  const byUser = new Map<string, string[]>();
  const removed: string[] = [];
  for (const object of candidates) {
    if (object.partial) {
      await deps.storage.delete(object.key);
      removed.push(object.key);
      continue;
    }
    const userId = object.key.split('/')[0] ?? '';
    byUser.set(userId, [...(byUser.get(userId) ?? []), object.key]);
  }
  for (const [userId, keys] of byUser) {
    const known = await findFilePaths(deps.db, userId);
    for (const key of keys) {
      // The reader's text kept beside a bill's file belongs to that bill.
      const owner = fileOfDocumentText(key);
      if (known.has(key) || (owner !== null && known.has(owner))) continue;
      await deps.storage.delete(key);
      removed.push(key);
    }
  }
  if (removed.length > 0) deps.logger.info({ files: removed.length }, 'removed bill files a crash left behind');
  return removed;
}

/** Every hour, on the fleet's one pg-boss schedule. */
export const ORPHAN_SWEEP_CRON = '23 * * * *';

/**
 * The periodic sweep as a job: files older than `settleSeconds` that no bill points to. With
 * several processes an upload may be between storing its file and adding its row, so only
 * objects older than that are touched.
 */
export function orphanSweepJob(deps: { db: Db; storage: Storage; logger: Logger }, settleSeconds = 60 * 60): JobDefinition<Record<string, never>> {
  return {
    name: 'sweep-orphan-files',
    schema: z.object({}).strict(),
    retryLimit: 0,
    handler: async () => {
      await sweepOrphanFiles(deps, { olderThan: new Date(Date.now() - settleSeconds * 1000) });
    },
  };
}
