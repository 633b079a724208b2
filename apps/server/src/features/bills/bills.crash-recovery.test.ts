import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, readTestDatabaseUrl } from '../../config.ts';
import { createDatabase, type DatabaseOptions, databaseOptionsFromConfig } from '../../db/client.ts';
import { createVerifiedUser } from '../demo/demo.service.ts';
import { fileOfDocumentText } from './layout-hints.ts';
import { sweepOrphanFiles } from './orphan-files.ts';
import { createLogger } from '../../platform/logger.ts';
import { createLocalStorage } from '../../platform/storage.ts';
import { TEXT_BILL } from './bills.test-support.ts';
import { createTestContext, createTestDatabase, STRONG_PASSWORD } from '../../test/test-app.ts';
import { startServerProcess, type ServerProcess } from '../../test/server-process.ts';

// Also on PostgreSQL: a killed worker's jobs are taken back by the queue on the server.

// Crash recovery and graceful shutdown of the real server process (issue 18), on the embedded
// database, or on PostgreSQL in the server-pg project (WATTWISE_TEST_DATABASE_URL).

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const UPLOADS = 20;
const SERVER_ENV = { UPLOAD_RATE_LIMIT_MAX: '200', UPLOAD_CONCURRENCY_MAX: '200' };
// After the kill: a reader's heartbeat every 2 s, silent for 8 s means its process died, so the
// dead process's jobs are taken back in seconds instead of the default 45 s (the same rule).
const RECOVERY_ENV = { BILL_HEARTBEAT_SECONDS: '2', BILL_STALE_SECONDS: '8' };

type Target = { dataDir: string; databaseUrl?: string; options: DatabaseOptions; email: string };

/** A data directory (and on PostgreSQL a fresh database) with one verified user. */
async function prepare(name: string): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `wattwise-${name}-`));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  let options: DatabaseOptions;
  let databaseUrl: string | undefined;
  if (readTestDatabaseUrl()) {
    const created = await createTestDatabase();
    cleanups.push(created.drop);
    options = created.options;
    databaseUrl = options.kind === 'postgres' ? options.url : undefined;
  } else {
    // From the migrated template (no initdb); the server process then opens the data directory as it is.
    const template = await createTestDatabase();
    options = { ...databaseOptionsFromConfig(loadConfig({ DATA_DIR: dataDir })), loadDataDir: template.options.kind === 'pglite' ? template.options.loadDataDir : undefined } as DatabaseOptions;
  }
  const email = `${name}@example.com`;
  const ctx = await createTestContext({ DATA_DIR: dataDir }, { databaseOptions: options, dataDir });
  try {
    await createVerifiedUser(ctx.auth, email, STRONG_PASSWORD);
  } finally {
    await ctx.close();
  }
  return { dataDir, databaseUrl, options, email };
}

function start(target: Target, env: Record<string, string> = {}): Promise<ServerProcess> {
  return startServerProcess({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, env: { ...SERVER_ENV, ...env }, logFile: path.join(target.dataDir, 'server.log') });
}

function uploadForm(fileName: string): FormData {
  const form = new FormData();
  form.set('bill', new File([Buffer.from(TEXT_BILL.bytes)], fileName, { type: 'application/pdf' }));
  return form;
}

type Bill = { id: string; fileName: string; status: string; failureReason: string | null };

/** GET, tried again when a kept-alive connection was closed under it (the client's race, not the server's answer). */
async function get(server: ServerProcess, pathname: string, cookie: string): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(`${server.base}${pathname}`, { headers: { cookie } });
    } catch (error) {
      if (server.child.exitCode !== null || server.child.signalCode !== null) throw new Error(`the server died (${server.child.exitCode ?? server.child.signalCode})`);
      if (attempt >= 3) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

async function listBills(server: ServerProcess, cookie: string): Promise<Bill[]> {
  const res = await get(server, '/api/bills?limit=100', cookie);
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: Bill[] }).items;
}

// On PostgreSQL a job whose worker died, and a bill left without a job, are taken back after BILL_STALE_SECONDS of silence.
async function waitUntilSettled(server: ServerProcess, cookie: string, timeoutMs = 150_000): Promise<Bill[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const bills = await listBills(server, cookie);
    if (bills.every((b) => b.status === 'processed' || b.status === 'failed')) return bills;
    if (Date.now() > deadline) throw new Error(`bills not settled: ${bills.map((b) => `${b.fileName}=${b.status}`).join(', ')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** What is in the database and in storage once the server is stopped; every table is read through. */
async function inspect(target: Target) {
  const database = await createDatabase(target.options);
  try {
    const tables = await database.execute(
      `select table_schema || '.' || quote_ident(table_name) as name from information_schema.tables where table_schema in ('public', 'pgboss', 'drizzle') and table_type = 'BASE TABLE'`,
    );
    for (const { name } of tables.rows) await database.execute(`select count(*) from ${String(name)}`);
    const check = await database.execute(`select count(*)::int as n from utility_bills`);
    const bills = await database.execute(`select file_path, status from utility_bills order by file_path`);
    const liveJobs = await database.execute(`select count(*)::int as n from pgboss.job where name = 'process-bill' and state in ('created', 'retry', 'active')`);
    const root = path.join(target.dataDir, 'uploads');
    const stored = fs.existsSync(root)
      ? fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => path.relative(root, path.join(d.parentPath, d.name)))
      : [];
    return {
      tables: tables.rows.length,
      bills: Number(check.rows[0]?.n),
      filePaths: bills.rows.map((r) => String(r.file_path)),
      statuses: bills.rows.map((r) => String(r.status)),
      liveJobs: Number(liveJobs.rows[0]?.n),
      // A bill's file, and beside it the text the reader saw (layout-hints.ts).
      storedBillFiles: stored.filter((key) => fileOfDocumentText(key) === null).sort(),
      partialWrites: stored.filter((key) => key.endsWith('.tmp')),
      strayTexts: stored.filter((key) => {
        const owner = fileOfDocumentText(key);
        return owner !== null && !bills.rows.some((r) => r.file_path === owner);
      }),
    };
  } finally {
    await database.close();
  }
}

describe('the server killed with SIGKILL during uploads', () => {
  it(`recovers: each of ${UPLOADS} concurrent uploads ends processed or failed with a reason, no orphan file, no duplicate row`, { timeout: 420_000 }, async () => {
    const target = await prepare('crash');
    const first = await start(target);
    const cookie = await first.signIn(target.email, STRONG_PASSWORD);
    const names = Array.from({ length: UPLOADS }, (_, i) => `bill-${String(i + 1).padStart(2, '0')}.pdf`);
    let answered = 0;
    const results = names.map((name) =>
      fetch(`${first.base}/api/bills`, { method: 'POST', headers: { cookie, origin: first.base }, body: uploadForm(name) }).then(
        async (res) => {
          // The kill may cut an answer after its status line: that upload is 'cut off' too. An
          // upload counts as answered once its whole answer is read, so the kill below comes after
          // some complete answers (counting status lines alone let it cut every body).
          const body = (await res.json().catch(() => null)) as { bill: Bill } | null;
          if (body) answered++;
          return body ? { name, status: res.status, bill: body.bill } : { name, status: 0, bill: null };
        },
        () => ({ name, status: 0, bill: null }),
      ),
    );
    // Kill it mid-way: some uploads answered (and being read), others still arriving.
    const deadline = Date.now() + 60_000;
    while (answered < UPLOADS / 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await first.kill();
    const outcomes = await Promise.all(results);
    const accepted = outcomes.filter((o) => o.status === 202);
    // Answered before the kill, or cut off by it; never another answer.
    expect(outcomes.every((o) => o.status === 202 || o.status === 0)).toBe(true);
    expect(accepted.length).toBeGreaterThan(0);

    const second = await start(target, RECOVERY_ENV);
    try {
      const bills = await waitUntilSettled(second, cookie);
      // Every accepted upload is there once; an upload cut off left one bill or none.
      for (const upload of accepted) expect(bills.filter((b) => b.id === upload.bill?.id)).toHaveLength(1);
      expect(new Set(bills.map((b) => b.fileName)).size).toBe(bills.length);
      expect(bills.length).toBeLessThanOrEqual(UPLOADS);
      for (const bill of bills) {
        if (bill.status === 'failed') expect(bill.failureReason).toBeTruthy();
        const file = await get(second, `/api/bills/${bill.id}/file`, cookie);
        expect(file.status).toBe(200);
        await file.arrayBuffer();
      }
      expect(await second.stop()).toBe(0);
      if (target.databaseUrl) {
        // On PostgreSQL the start-up sweep spares files younger than an hour (another process may
        // be mid-upload); the files this crash left go at a start an hour later, as this sweep does.
        const database = await createDatabase(target.options);
        try {
          const storage = createLocalStorage(path.join(target.dataDir, 'uploads'));
          await sweepOrphanFiles({ db: database.db, storage, logger: createLogger({ level: 'silent' }) }, { olderThan: new Date() });
        } finally {
          await database.close();
        }
      }
      const after = await inspect(target);
      expect(after).toMatchObject({ bills: bills.length, liveJobs: 0, partialWrites: [], strayTexts: [] });
      expect(after.statuses.every((s) => s === 'processed' || s === 'failed')).toBe(true);
      // No orphan file: storage holds exactly the files of the bills.
      expect(after.storedBillFiles).toEqual([...after.filePaths].sort());
    } finally {
      await second.kill();
    }
  });
});

/** A multipart upload sent in two halves; resolves the status once answered. */
function heldUpload(base: string, cookie: string, fileName: string) {
  const boundary = `----wattwise${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="bill"; filename="${fileName}"\r\ncontent-type: application/pdf\r\n\r\n`),
    Buffer.from(TEXT_BILL.bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const url = new URL('/api/bills', base);
  let sendRest: () => void = () => undefined;
  const answered = new Promise<number>((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    const half = Math.floor(body.length / 2);
    req.write(body.subarray(0, half));
    sendRest = () => req.end(body.subarray(half));
  });
  return { answered, sendRest: () => sendRest() };
}

describe('graceful shutdown (SIGTERM)', () => {
  it('finishes the request and the bill readings in flight, then exits 0', { timeout: 420_000 }, async () => {
    const target = await prepare('sigterm');
    const server = await start(target);
    const cookie = await server.signIn(target.email, STRONG_PASSWORD);
    const accepted: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${server.base}/api/bills`, { method: 'POST', headers: { cookie, origin: server.base }, body: uploadForm(`queued-${i}.pdf`) });
      expect(res.status).toBe(202);
      accepted.push(((await res.json()) as { bill: Bill }).bill.id);
    }
    // An upload whose body is half sent, and a bill being read, when SIGTERM arrives.
    const held = heldUpload(server.base, cookie, 'held.pdf');
    let reading: string | undefined;
    const deadline = Date.now() + 30_000;
    while (!reading && Date.now() < deadline) {
      reading = (await listBills(server, cookie)).find((b) => b.status === 'processing')?.id;
      if (!reading) await new Promise((r) => setTimeout(r, 10));
    }
    expect(reading).toBeDefined();
    server.child.kill('SIGTERM');
    // No new connection is taken any more (within seconds of the signal, however busy the machine)…
    const healthAnswered = () => fetch(`${server.base}/api/health`).then(() => 'answered', () => 'refused');
    let health = await healthAnswered();
    for (const stopBy = Date.now() + 15_000; health === 'answered' && Date.now() < stopBy; health = await healthAnswered()) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(health).toBe('refused');
    // …but the request in flight is finished.
    held.sendRest();
    expect(await held.answered).toBe(202);
    expect(await server.exited).toBe(0);
    expect(fs.readFileSync(path.join(target.dataDir, 'server.log'), 'utf8')).toContain('"msg":"stopped"');

    const after = await inspect(target);
    // The reading in flight finished; nothing is left half-read. Bills not yet started wait, queued, for the next start.
    expect(after.statuses).not.toContain('processing');
    expect(after.bills).toBe(accepted.length + 1);
    const database = await createDatabase(target.options);
    try {
      const row = await database.execute(`select status from utility_bills where id = $1`, [reading]);
      expect(row.rows[0]?.status).toBe('processed');
    } finally {
      await database.close();
    }
  });
});
