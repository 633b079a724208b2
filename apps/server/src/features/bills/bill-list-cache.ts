import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../../db/client.ts';
import type { UserVersions } from '../../http/versioned-answers.ts';
import { readBillListVersion } from './bills.queries.ts';

const VERSION_CHANNEL = 'bill_list_version';

/**
 * The versions of users' bills and recommendations (`bill_list_versions`, counted by triggers on
 * both tables). On PostgreSQL, where other processes write too and notifications arrive after the
 * writer has moved on, every read asks the database (one indexed row). The embedded database belongs to this process alone and
 * delivers the trigger's notification before the write that caused it returns, so versions are
 * kept in memory from its notifications, and the database is asked once per user.
 */
export function createBillListVersions(database: Pick<Database, 'kind' | 'db'>): UserVersions {
  const query = (userId: string) => readBillListVersion(database.db, userId);
  if (database.kind !== 'pglite') return { read: query };
  const known = new Map<string, number>();
  const heard = (userId: string, version: number) => known.set(userId, Math.max(version, known.get(userId) ?? 0));
  let listening = false;
  const client = (database.db as unknown as { $client: PGlite }).$client;
  void client
    .listen(VERSION_CHANNEL, (payload) => {
      const [userId, version] = payload.split(' ');
      if (userId && version) heard(userId, Number(version));
    })
    .then(
      () => {
        listening = true;
      },
      // Without the notifications every read asks the database, as on PostgreSQL.
      () => undefined,
    );
  return {
    async read(userId) {
      const kept = listening ? known.get(userId) : undefined;
      if (kept !== undefined) return kept;
      const version = await query(userId);
      if (listening) heard(userId, version);
      return version;
    },
  };
}
