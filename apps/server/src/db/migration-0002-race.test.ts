import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { readTestDatabaseUrl } from '../config.ts';
import { MIGRATIONS_DIR } from './client.ts';

// Also on PostgreSQL: roles are cluster-wide, and migrations race from several connections.

const serverUrl = readTestDatabaseUrl();

// Roles are cluster-wide: on a fresh PostgreSQL server, the first migrations of several databases
// at once (test files, or installs sharing a server) all find the row-security role missing and
// create it together; all but one then meet a unique violation, which must count as "made already".
describe.skipIf(!serverUrl)('migration 0002 on a fresh server', () => {
  it('creates and grants the row-security role from several databases at once without failing', async () => {
    const role = `wattwise_race_${randomBytes(4).toString('hex')}`;
    const statements = fs
      .readFileSync(path.join(MIGRATIONS_DIR, '0002_row_level_security.sql'), 'utf8')
      .split('--> statement-breakpoint')
      .slice(0, 2)
      .map((sql) => sql.replaceAll('wattwise_user_scope', role));
    const clients = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const client = new pg.Client({ connectionString: serverUrl ?? '' });
        await client.connect();
        return client;
      }),
    );
    try {
      for (const sql of statements) {
        const results = await Promise.allSettled(clients.map((client) => client.query(sql)));
        expect(results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []))).toEqual([]);
      }
      const { rows } = await clients[0]!.query<{ n: number }>('select count(*)::int as n from pg_roles where rolname = $1', [role]);
      expect(rows[0]?.n).toBe(1);
    } finally {
      await clients[0]!.query(`drop role if exists ${role}`).catch(() => undefined);
      await Promise.all(clients.map((client) => client.end()));
    }
  });
});
