import { type Database, SETUP_LOCK_ID } from './db/client.ts';
import type { Queue } from './platform/queue.ts';

/**
 * What every process does before it serves or works, under one PostgreSQL advisory lock so any
 * number of processes may start at once on a fresh database: the migrations, then pg-boss's own
 * schema, version check and internal queues (its setup races with itself: a duplicate `pgboss`
 * schema, a deadlock creating queues). On PGlite one process owns the database anyway.
 */
export async function setUpDatabase(database: Database, queue: Pick<Queue, 'start'>): Promise<void> {
  await database.withLock(SETUP_LOCK_ID, async () => {
    await database.migrate();
    await queue.start();
  });
}

/** Runs `fn` under the same start-up lock (the demo seed: once across the fleet). */
export function underSetupLock<T>(database: Database, fn: () => Promise<T>): Promise<T> {
  return database.withLock(SETUP_LOCK_ID, fn);
}
