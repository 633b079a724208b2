import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDatabase } from '../db/client.ts';
import { createTestDatabase } from '../test/test-app.ts';
import { createLogger } from './logger.ts';
import { createQueue, STATELY_BATCH_SIZE } from './queue.ts';

// Also on PostgreSQL: pg-boss on its own pool and schema.

describe('job queue after stop', () => {
  it("answers a job's late completion or failure as touching nothing once the database is closed (no unhandled rejection)", async () => {
    const testDb = await createTestDatabase();
    const database = await createDatabase(testDb.options);
    await database.migrate();
    const queue = createQueue({ database, logger: createLogger({ level: 'silent' }) });
    await queue.start();
    await queue.boss.createQueue('late-writes');
    const id = await queue.boss.send('late-writes', {});
    await queue.stop(5_000);
    await database.close();
    // What pg-boss does, without awaiting, when a job that was running at stop finishes.
    await expect(queue.boss.fail('late-writes', id ?? '', {})).resolves.toMatchObject({ affected: 0 });
    await expect(queue.boss.complete('late-writes', id ?? '', {})).resolves.toMatchObject({ affected: 0 });
    await testDb.drop();
  });
});

describe('stately queues', () => {
  it('take several keys per poll on a dedicated worker, and a job of a batch that fails is retried alone', async () => {
    const testDb = await createTestDatabase();
    const database = await createDatabase(testDb.options);
    await database.migrate();
    const queue = createQueue({ database, logger: createLogger({ level: 'silent' }), statelyBatchSize: STATELY_BATCH_SIZE });
    await queue.start();
    try {
      const seen: string[] = [];
      let failures = 0;
      const job = {
        name: 'stately-batch',
        schema: z.object({ key: z.string() }),
        policy: 'stately' as const,
        retryLimit: 2,
        retryDelaySeconds: 1,
        handler: ({ key }: { key: string }) => {
          seen.push(key);
          return key === 'k2' && failures++ === 0 ? Promise.reject(new Error('first attempt fails')) : Promise.resolve();
        },
      };
      // Sent before the worker starts, so its first poll finds all five.
      for (const key of ['k0', 'k1', 'k2', 'k3', 'k4']) await queue.send(job, { key }, { singletonKey: key });
      await queue.work(job);
      const deadline = Date.now() + 30_000;
      type Row = { key: string; state: string; retries: number; started: string };
      let rows: Row[] = [];
      while (Date.now() < deadline) {
        rows = (await database.execute(`select singleton_key as key, state, retry_count as retries, started_on::text as started from pgboss.job where name = 'stately-batch' order by singleton_key`)).rows as Row[];
        if (rows.length === 5 && rows.every((r) => r.state === 'completed')) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(rows.map((r) => [r.key, r.state, Number(r.retries)])).toEqual([
        ['k0', 'completed', 0],
        ['k1', 'completed', 0],
        ['k2', 'completed', 1],
        ['k3', 'completed', 0],
        ['k4', 'completed', 0],
      ]);
      // Jobs taken by one fetch share its start time (one statement): one a poll would give four times.
      const starts = rows.filter((r) => r.key !== 'k2').map((r) => r.started);
      expect(new Set(starts).size).toBeLessThan(starts.length);
      expect(seen.filter((k) => k === 'k2')).toHaveLength(2);
    } finally {
      await queue.stop(5_000);
      await database.close();
      await testDb.drop();
    }
  });
});
