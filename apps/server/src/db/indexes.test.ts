import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../test/test-app.ts';

// Also on PostgreSQL: the planner's choices on a server with its own statistics.

// Every list and filter the app runs, and every foreign key a delete follows, has an index
// (migration 0004): with sequential scans priced out the planner must still find one. A query
// left without an index plans a sequential scan and fails here, whatever the table's size.

const USER = "'user-1'";
const ID = "'00000000-0000-0000-0000-000000000001'::uuid";

const QUERIES: Record<string, string> = {
  'bill list': `select id from utility_bills where user_id = ${USER}`,
  'bill list of a property': `select id from utility_bills where user_id = ${USER} and property_id = ${ID}`,
  'bill list of a property type': `select id from utility_bills where user_id = ${USER} and property_type = 'commercial'`,
  'bills of an account (history, duplicates)': `select id from utility_bills where user_id = ${USER} and account_id = ${ID} and status = 'processed'`,
  'unfinished bills (upload limits, demo data)': `select count(*) from utility_bills where user_id = ${USER} and status in ('queued', 'processing')`,
  'duplicates of a deleted bill': `select id from utility_bills where duplicate_of_id = ${ID}`,
  'analysis of a bill': `select id from bill_analyses where user_id = ${USER} and bill_id = ${ID}`,
  'recommendations of a user, newest first': `select id from saving_recommendations where user_id = ${USER} order by created_at desc`,
  'recommendations of a bill': `select id from saving_recommendations where user_id = ${USER} and bill_id = ${ID}`,
  'processing runs of the last 30 days': `select id from processing_runs where user_id = ${USER} and created_at > now() - interval '30 days' order by created_at desc`,
  'processing runs of a deleted bill': `select id from processing_runs where bill_id = ${ID}`,
  properties: `select id from properties where user_id = ${USER}`,
  'utility accounts': `select id from utility_accounts where user_id = ${USER}`,
  'utility accounts of a deleted property': `select id from utility_accounts where property_id = ${ID}`,
  'feedback of a user': `select id from ml_feedback where user_id = ${USER}`,
  'feedback about a bill': `select id from ml_feedback where entity_type = 'bill' and entity_id = 'x'`,
  'session by token': `select id from sessions where token = 'x'`,
  'sessions of a user': `select id from sessions where user_id = ${USER}`,
};

const db = useMigratedDatabase();

describe('indexes', () => {
  it.each(Object.entries(QUERIES))('%s uses an index', async (_name, query) => {
    const { rows } = await db().execute(`set enable_seqscan = off; explain ${query}`);
    const plan = JSON.stringify(rows);
    // An empty result of the multi-statement call would pass the check below by accident.
    expect(plan).toMatch(/Index|Bitmap/);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
