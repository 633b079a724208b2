import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app.ts';
import { createDatabase, type Database, MIGRATIONS_DIR } from './client.ts';

// Also on PostgreSQL: the migration runs on the server's catalogue.

// Migration 0004 gives ml_feedback a bill_id that cascades; its hand-written part names the bill
// of the feedback rows already there. Applied here by hand on a database at 0003 with data.

let database: Database;
let drop: () => Promise<void>;

async function apply(tag: string) {
  const text = fs.readFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) if (statement.trim()) await database.execute(statement);
}

beforeAll(async () => {
  const testDb = await createTestDatabase({ fromMigratedTemplate: false });
  drop = testDb.drop;
  database = await createDatabase(testDb.options);
  for (const tag of ['0000_init', '0001_bills', '0002_row_level_security', '0003_amount_parts']) await apply(tag);
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('migration 0004 (feedback deleted with its bill)', () => {
  it('names the bill of existing feedback on a bill, an analysis and a recommendation, and then cascades', async () => {
    const one = async (text: string, values: unknown[] = []) => (await database.execute(text, values)).rows[0] as { id: string };
    await database.execute(`insert into users (id, name, email) values ('u1', 'A', 'a@example.com'), ('u2', 'B', 'b@example.com')`);
    const bill = await one(`insert into utility_bills (user_id, file_name, file_path, mime_type, file_size, property_type, bill_type)
      values ('u1', 'a.pdf', 'u1/1-a.pdf', 'application/pdf', 1, 'residential', 'electricity') returning id`);
    const analysis = await one(`insert into bill_analyses (user_id, bill_id, analysis) values ('u1', $1, '{}') returning id`, [bill.id]);
    const rec = await one(`insert into saving_recommendations (user_id, bill_id, recommendation_type, description, estimated_savings) values ('u1', $1, 'led_lighting', 'x', 1) returning id`, [bill.id]);
    const insertFeedback = `insert into ml_feedback (user_id, feedback_type, entity_type, entity_id) values ($1, 'inaccuracy', $2, $3)`;
    await database.execute(insertFeedback, ['u1', 'bill', bill.id]);
    await database.execute(insertFeedback, ['u1', 'bill_analysis', analysis.id]);
    await database.execute(insertFeedback, ['u1', 'recommendation', rec.id]);
    // Another user naming the bill's id owns nothing of it; an entity already gone stays unnamed.
    await database.execute(insertFeedback, ['u2', 'bill', bill.id]);
    await database.execute(insertFeedback, ['u1', 'recommendation', '00000000-0000-4000-8000-000000000000']);

    await apply('0004_feedback_bill_cascade');

    const named = await database.execute(`select user_id, entity_type, bill_id from ml_feedback order by user_id, entity_type, bill_id`);
    expect(named.rows).toEqual([
      { user_id: 'u1', entity_type: 'bill', bill_id: bill.id },
      { user_id: 'u1', entity_type: 'bill_analysis', bill_id: bill.id },
      { user_id: 'u1', entity_type: 'recommendation', bill_id: bill.id },
      { user_id: 'u1', entity_type: 'recommendation', bill_id: null },
      { user_id: 'u2', entity_type: 'bill', bill_id: null },
    ]);
    await database.execute(`delete from utility_bills where id = $1`, [bill.id]);
    const left = await database.execute(`select user_id, bill_id from ml_feedback order by user_id`);
    expect(left.rows).toEqual([
      { user_id: 'u1', bill_id: null },
      { user_id: 'u2', bill_id: null },
    ]);
  });
});
