import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseStatus } from '@wattwise/shared/contract/platform-status';
import { type Database, MIGRATIONS_DIR } from '../../db/client.ts';

/** Tables whose row counts the performance monitor shows. */
const TABLES = ['users', 'utility_bills', 'bill_analyses', 'ml_feedback', 'processing_runs', 'outbox_messages'] as const;

/** Queries the monitor times: what the dashboard, the bill monitor and search run most. */
const TIMED: { name: string; sql: string }[] = [
  { name: '10 most recent bills', sql: 'select id, total_amount, service_period_end from utility_bills order by created_at desc limit 10' },
  { name: 'bills in the last 30 days', sql: "select count(*) from utility_bills where created_at > now() - interval '30 days'" },
  { name: 'bill search (one word)', sql: "select count(*) from utility_bills where search_vector @@ websearch_to_tsquery('english', 'energy')" },
  { name: 'analyses (status check)', sql: 'select id from bill_analyses limit 1' },
];

/** /database-status (02-tools §2.15): migration status, table counts and query timings (admins). */
export async function getDatabaseStatus(database: Database): Promise<DatabaseStatus> {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
  const { rows: applied } = await database.execute('select created_at from drizzle.__drizzle_migrations order by created_at');
  const appliedAt = new Set(applied.map((r) => Number(r.created_at)));
  const migrations = journal.entries.map((e) => ({ tag: e.tag, applied: appliedAt.has(e.when), appliedAt: appliedAt.has(e.when) ? new Date(e.when).toISOString() : null }));
  const tables: DatabaseStatus['tables'] = [];
  for (const table of TABLES) {
    const { rows } = await database.execute(`select count(*)::int as n from ${table}`);
    tables.push({ table, rows: Number(rows[0]?.n ?? 0) });
  }
  const queries: DatabaseStatus['queries'] = [];
  for (const q of TIMED) {
    const started = performance.now();
    await database.execute(q.sql);
    queries.push({ name: q.name, ms: Math.round((performance.now() - started) * 10) / 10 });
  }
  return { kind: database.kind, migrations, tables, queries };
}
