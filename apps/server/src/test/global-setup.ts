import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { readTestDatabaseUrl, REPO_ROOT } from '../config.ts';
import { MIGRATIONS_DIR } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string | null;
    pgliteBareTemplate: string | null;
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
  // Global setup runs in the main process: read the project's env, not this process's.
  if (readTestDatabaseUrl(project.config.env)) {
    project.provide('pgliteTemplate', null);
    project.provide('pgliteBareTemplate', null);
    return;
  }
  const hash = createHash('sha256').update(pgliteVersion());
  for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort()) {
    hash.update(file).update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  const key = hash.digest('hex').slice(0, 16);
  project.provide('pgliteTemplate', await ensureTemplate(path.join(os.tmpdir(), `wattwise-pglite-template-${key}.tar`), true));
  project.provide('pgliteBareTemplate', await ensureTemplate(path.join(os.tmpdir(), `wattwise-pglite-bare-${key}.tar`), false));
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
