import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PGliteSession } from './pglite-session.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The Drizzle handle features receive; the same type on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Row = Record<string, unknown>;

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
const MIGRATION_LOCK_ID = 724_093_117;
/** Process start: migrations, pg-boss's own schema and queues, the demo seed (see `withSetupLock`). */
export const SETUP_LOCK_ID = 724_093_118;
/** pg-boss queue creation at run time (a queue first used after start). */
export const QUEUE_LOCK_ID = 724_093_119;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw SQL. Without values the text may hold several statements. */
  execute(text: string, values?: unknown[]): Promise<{ rows: Row[] }>;
  /** Applies the committed migrations (serialised across processes on PostgreSQL). */
  migrate(): Promise<void>;
  /** True when the database answers and every committed migration is applied. */
  isReady(): Promise<boolean>;
  /**
   * Runs `fn` holding a PostgreSQL session advisory lock (on PGlite, one process only: in-process
   * order). Not re-entrant: `fn` must not take the same lock id again.
   */
  withLock<T>(lockId: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/** In-process serialisation per lock id (PGlite's lock, and the same-process half of PostgreSQL's). */
function createLocalLocks() {
  const tails = new Map<number, Promise<unknown>>();
  return <T>(lockId: number, fn: () => Promise<T>): Promise<T> => {
    const previous = tails.get(lockId) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    tails.set(lockId, run.catch(() => undefined));
    return run;
  };
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; max?: number; statementTimeoutMs?: number; connectTimeoutMs?: number }
  /**
   * dataDir undefined: in memory (tests). loadDataDir: a dumped data directory to start from
   * (in memory, or in a dataDir that holds no database yet; tests use it to skip initdb).
   */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export function databaseOptionsFromConfig(config: {
  databaseUrl: string | undefined;
  dataDir: string;
  databasePool?: { max: number; statementTimeoutMs: number; connectTimeoutMs: number };
}): DatabaseOptions {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, ...(config.databasePool ?? {}) }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pg') };
}

function committedMigrationCount(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

async function appliedMigrationCount(execute: Database['execute']): Promise<number> {
  const { rows } = await execute(
    `select count(*)::int as n from information_schema.tables where table_schema = 'drizzle' and table_name = '__drizzle_migrations'`,
  );
  if (Number(rows[0]?.n) === 0) return 0;
  const applied = await execute('select count(*)::int as n from drizzle.__drizzle_migrations');
  return Number(applied.rows[0]?.n);
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') return createPostgres(options);
  return createPglite(options.dataDir, options.loadDataDir);
}

async function createPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const fresh = loadDataDir && !(dataDir && fs.existsSync(path.join(dataDir, 'PG_VERSION')));
  const pglite = dataDir ? await PGlite.create(dataDir, fresh ? { loadDataDir } : {}) : await PGlite.create(fresh ? { loadDataDir } : {});
  // Statements in one round trip each, prepared once (decision 280); it offers what Drizzle's PGlite driver uses.
  const client = new PGliteSession(pglite);
  const db = drizzlePglite({ client: client as unknown as PGlite, schema });
  const execute: Database['execute'] = async (text, values) => {
    if (values === undefined || values.length === 0) {
      // exec runs several statements; return the last result's rows.
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) };
    }
    const result = await client.query<Row>(text, values);
    return { rows: result.rows };
  };
  let closed = false;
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    execute,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    isReady: async () => !closed && (await appliedMigrationCount(execute)) >= committedMigrationCount(),
    withLock: createLocalLocks(),
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

async function createPostgres(options: Extract<DatabaseOptions, { kind: 'postgres' }>): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? 10,
    // A database that does not answer fails the request in seconds instead of holding it for the outage.
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    keepAlive: true,
  });
  const localLock = createLocalLocks();
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema });
  const execute: Database['execute'] = async (text, values) => {
    const result = await pool.query<Row>(text, values);
    // A multi-statement text yields an array of results.
    const last = Array.isArray(result) ? (result.at(-1) as pg.QueryResult<Row> | undefined) : result;
    return { rows: last?.rows ?? [] };
  };
  await pool.query('select 1');
  return {
    kind: 'postgres',
    db: db as unknown as Db,
    execute,
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        client.release();
      }
    },
    isReady: async () => (await appliedMigrationCount(execute)) >= committedMigrationCount(),
    // One waiter per process at a time (the local queue), so a burst in one process holds one connection, not the pool.
    withLock: (lockId, fn) =>
      localLock(lockId, async () => {
        const client = await pool.connect();
        try {
          // A session lock outlives statement_timeout only if waiting for it is not a statement that times out.
          await client.query('set statement_timeout = 0');
          await client.query('select pg_advisory_lock($1)', [lockId]);
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [lockId]).catch(() => undefined);
          await client.query('reset statement_timeout').catch(() => undefined);
          client.release();
        }
      }),
    close: () => pool.end(),
  };
}
