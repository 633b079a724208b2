import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, loadSecrets, readTestDatabaseUrl, REPO_ROOT } from '../config.ts';
import { BackupError, restoreBackup } from '../db/backup.ts';
import { createDatabase, type DatabaseOptions, databaseOptionsFromConfig } from '../db/client.ts';
import { createBillsTestContext, TEXT_BILL } from '../features/bills/bills.test-support.ts';
import { createLocalStorage } from '../platform/storage.ts';
import { createEncryptedStorage } from '../platform/encrypted-storage.ts';
import { createTestDatabase } from './test-app.ts';

// Also on PostgreSQL: the backup and its restore go through the server database.

// `npm run cli -- backup FILE` / `restore FILE [--force]` round-trip a populated database and its
// stored files (decision 130), on the embedded database or, in the server-pg project, PostgreSQL.

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type Place = { dataDir: string; options: DatabaseOptions; env: Record<string, string> };

async function place(name: string): Promise<Place> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `wattwise-${name}-`));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  if (readTestDatabaseUrl()) {
    const created = await createTestDatabase();
    cleanups.push(created.drop);
    const url = created.options.kind === 'postgres' ? created.options.url : '';
    return { dataDir, options: { kind: 'postgres', url, max: 2 }, env: { DATA_DIR: dataDir, DATABASE_URL: url } };
  }
  // From the migrated template (no initdb), created before the CLI opens it.
  const template = await createTestDatabase();
  const options = { ...databaseOptionsFromConfig(loadConfig({ DATA_DIR: dataDir })), loadDataDir: template.options.kind === 'pglite' ? template.options.loadDataDir : undefined } as DatabaseOptions;
  await (await createDatabase(options)).close();
  return { dataDir, options, env: { DATA_DIR: dataDir, DATABASE_URL: '' } };
}

function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/cli.ts'), ...args], { cwd: REPO_ROOT, env: { NODE_ENV: 'production', ...env } });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

/** Every row of every public table (as text, sorted) and every stored file (hashed). */
async function snapshot(p: Place) {
  const database = await createDatabase(p.options);
  try {
    const tables: Record<string, string[]> = {};
    const names = await database.execute(`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
    for (const { name } of names.rows) {
      const rows = await database.execute(`select t::text as row from "${String(name)}" t`);
      tables[String(name)] = rows.rows.map((r) => String(r.row)).sort();
    }
    const files: Record<string, string> = {};
    const onDisk = createLocalStorage(path.join(p.dataDir, 'uploads'));
    // Each place has its own file key: compare the originals, and check the disk holds none of them.
    const originals = createEncryptedStorage(onDisk, loadSecrets(loadConfig(p.env)).fileEncryption);
    for (const object of await onDisk.list()) {
      const raw = fs.readFileSync(path.join(p.dataDir, 'uploads', object.key));
      expect(raw.subarray(0, 4).toString('latin1')).not.toBe('%PDF');
      files[object.key] = createHash('sha256').update((await originals.get(object.key)) ?? new Uint8Array()).digest('hex');
    }
    return { tables, files };
  } finally {
    await database.close();
  }
}

describe('backup and restore', () => {
  it('round-trips users, bills and their files; refuses a non-empty database without --force', { timeout: 420_000 }, async () => {
    // A database with two users, their read bills and files.
    const source = await place('backup-source');
    const ctx = await createBillsTestContext(source.env, { databaseOptions: source.options, dataDir: source.dataDir });
    try {
      for (const user of ['ann', 'bob']) {
        const cookie = await ctx.signIn(`${user}@example.com`);
        const { bill } = (await (await ctx.upload(cookie, TEXT_BILL.bytes, `${user}-bill.pdf`)).json()) as { bill: { id: string } };
        expect(await ctx.waitForBill(cookie, bill.id)).toMatchObject({ status: 'processed', totalAmount: TEXT_BILL.truth.totalAmount });
      }
    } finally {
      await ctx.close();
    }
    const before = await snapshot(source);
    expect(before.tables.users).toHaveLength(2);
    expect(before.tables.utility_bills).toHaveLength(2);
    expect(Object.keys(before.files).length).toBeGreaterThanOrEqual(2);

    const file = path.join(source.dataDir, 'wattwise.backup.tar.gz');
    const backup = await cli(['backup', file], source.env);
    expect(backup, backup.out).toMatchObject({ code: 0 });
    expect(backup.out).toMatch(/Backed up \d+ rows in \d+ tables and \d+ files/);

    const target = await place('backup-target');
    const restored = await cli(['restore', file], target.env);
    expect(restored, restored.out).toMatchObject({ code: 0 });
    expect(await snapshot(target)).toEqual(before);

    // A second restore over the restored data is refused unless forced.
    const again = await cli(['restore', file], target.env);
    expect(again.code).toBe(2);
    expect(again.out).toContain('The database is not empty');
    expect(again.out).toContain('--force');
    const database = await createDatabase(target.options);
    try {
      const storage = createEncryptedStorage(createLocalStorage(path.join(target.dataDir, 'uploads')), loadSecrets(loadConfig(target.env)).fileEncryption);
      await storage.put('stray/leftover.txt', new TextEncoder().encode('not in the backup'));
      const clearStorage = () => fs.promises.rm(path.join(target.dataDir, 'uploads'), { recursive: true, force: true });
      await expect(restoreBackup({ database, storage, clearStorage }, file, { force: false })).rejects.toBeInstanceOf(BackupError);
      await restoreBackup({ database, storage, clearStorage }, file, { force: true });
      // Not a backup at all.
      const junk = path.join(target.dataDir, 'junk.tar.gz');
      fs.writeFileSync(junk, 'hello');
      await expect(restoreBackup({ database, storage, clearStorage }, junk, { force: true })).rejects.toThrow();
    } finally {
      await database.close();
    }
    // Forced: the same as the source again, the stray file gone.
    expect(await snapshot(target)).toEqual(before);
  });
});
