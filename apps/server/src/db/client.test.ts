import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app.ts';
import { createDatabase, type Database } from './client.ts';

// Also on PostgreSQL: the client's pool, timeouts and error mapping are node-postgres's there.

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  const testDb = await createTestDatabase({ fromMigratedTemplate: false });
  drop = testDb.drop;
  database = await createDatabase(testDb.options);
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('database client', () => {
  it('is not ready before migrations and ready after; migrating twice is harmless', async () => {
    expect(await database.isReady()).toBe(false);
    await database.migrate();
    expect(await database.isReady()).toBe(true);
    await database.migrate();
    const { rows } = await database.execute("select count(*)::int as n from information_schema.tables where table_name in ('users','sessions','accounts','verifications','rate_limits','outbox_messages')");
    expect(rows[0]?.n).toBe(6);
  });

  it('runs several statements in one parameterless call and parameters in single statements', async () => {
    const multi = await database.execute('create temporary table t (n int); insert into t values (1), (2); select sum(n)::int as total from t');
    expect(multi.rows[0]?.total).toBe(3);
    const single = await database.execute('select $1::int + $2::int as total', [40, 2]);
    expect(single.rows[0]?.total).toBe(42);
  });

  it('gives new users the role "user" by default', async () => {
    await database.execute(`insert into users (id, name, email) values ('u1', 'A', 'a@example.com')`);
    const { rows } = await database.execute(`select role, email_verified from users where id = 'u1'`);
    expect(rows[0]).toEqual({ role: 'user', email_verified: false });
  });
});
