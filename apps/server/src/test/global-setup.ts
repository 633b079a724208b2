import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { readTestDatabaseUrl, REPO_ROOT } from '../config.ts';
import { MIGRATIONS_DIR } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string | null;
    pgliteBareTemplate: string | null;
    postgresTemplate: string | null;
  }
}

function pgliteVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
    return pkg.version;
  } catch {
    return 'unknown';
  }
}

/**
 * A fresh PGlite runs initdb, which takes seconds on a busy machine. Once per set of
 * migrations we build a migrated data directory (and a bare one) and save them as
 * tarballs; each test file loads its own copy (a fresh, independent database) several
 * times faster.
 */
export default async function setup(project: TestProject) {
  const hash = createHash('sha256').update(pgliteVersion());
  for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort()) {
    hash.update(file).update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  const key = hash.digest('hex').slice(0, 16);
  // Global setup runs in the main process: read the project's env, not this process's.
  const serverUrl = readTestDatabaseUrl(project.config.env);
  if (serverUrl) {
    project.provide('pgliteTemplate', null);
    project.provide('pgliteBareTemplate', null);
    project.provide('postgresTemplate', await ensurePostgresTemplate(serverUrl, `wattwise_test_template_${key}`));
    return;
  }
  project.provide('postgresTemplate', null);
  project.provide('pgliteTemplate', await ensureTemplate(path.join(os.tmpdir(), `wattwise-pglite-template-${key}.tar`), true));
  project.provide('pgliteBareTemplate', await ensureTemplate(path.join(os.tmpdir(), `wattwise-pglite-bare-${key}.tar`), false));
}

/**
 * The same on PostgreSQL: a migrated database, built once per set of migrations, that each test
 * file copies (CREATE DATABASE ... TEMPLATE) instead of running every migration again. Built under
 * another name and renamed, so two runs on one server never copy half a template. (A template
 * of older migrations stays on a developer's server until dropped: another checkout may use it.)
 */
async function ensurePostgresTemplate(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const existing = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (existing.rowCount) return name;
    const building = `${name}_build_${process.pid}`;
    await admin.query(`drop database if exists ${building}`);
    await admin.query(`create database ${building}`);
    const url = new URL(serverUrl);
    url.pathname = `/${building}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    try {
      await migratePg(drizzlePg({ client: pool }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await pool.end();
    }
    try {
      await admin.query(`alter database ${building} rename to ${name}`);
    } catch (error) {
      // Another run on this server renamed its own first: use that one.
      await admin.query(`drop database if exists ${building}`);
      const made = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (made.rowCount === 0) throw error;
    }
    return name;
  } finally {
    await admin.end();
  }
}

async function ensureTemplate(file: string, migrated: boolean): Promise<string> {
  if (fs.existsSync(file)) return file;
  const client = await PGlite.create();
  if (migrated) await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const tmp = `${file}.${process.pid}`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, file);
  return file;
}
