import { describe, expect, it } from 'vitest';
import { createDatabase } from '../db/client.ts';
import { createTestDatabase } from '../test/test-app.ts';
import { createLogger } from './logger.ts';
import { createQueue } from './queue.ts';

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
