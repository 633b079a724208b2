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
