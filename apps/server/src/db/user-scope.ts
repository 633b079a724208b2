import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** The role whose queries the row-level security policies of migration 0002 restrict. */
export const USER_SCOPE_ROLE = 'wattwise_user_scope';

/**
 * Runs `work` in a transaction that can see and change only `userId`'s rows: the transaction
 * takes the restricted role and names its user (both `local`, so they end with it and never
 * stay on a pooled connection). Queries keep their own user filters; this is the second lock,
 * so a query that forgot its filter returns nothing of anyone else's.
 *
 * Use it around work that only touches user tables: the role has no rights elsewhere, and on
 * the embedded database the transaction holds the one connection, so it must not wait on jobs
 * or anything else that needs the database.
 */
export function withUserScope<T>(db: Db, userId: string, work: (scoped: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // One statement for both (`set_config('role', …, true)` is `set local role`): one round trip less per request.
    await tx.execute(sql`select set_config('role', ${USER_SCOPE_ROLE}, true), set_config('wattwise.user_id', ${userId}, true)`);
    return work(tx);
  });
}

/**
 * `scoped(userId, (db, userId) => …)`: the form route handlers use, so the service they call
 * receives the scoped transaction instead of the shared database.
 */
export function userScopeRunner(db: Db) {
  return <T>(userId: string, work: (scoped: Db, userId: string) => Promise<T>): Promise<T> =>
    withUserScope(db, userId, (scopedDb) => work(scopedDb, userId));
}
