import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { extractBill } from '@wattwise/extractor/extract';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, readTestDatabaseUrl } from '../../config.ts';
import { databaseOptionsFromConfig, type Db } from '../../db/client.ts';
import { utilityBill } from '../../db/schema/index.ts';
import { createProcessBillJob, reclaimStalledJobs } from './bills.jobs.ts';
import { createBillsTestContext, TEXT_BILL } from './bills.test-support.ts';

// Also on PostgreSQL: jobs of a dead process taken back while other processes share the queue.

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function waitForStatus(db: Db, userId: string, billId: string, status: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db.select().from(utilityBill).where(and(eq(utilityBill.userId, userId), eq(utilityBill.id, billId)));
    if (row?.status === status) return row;
    if (Date.now() > deadline) throw new Error(`bill ${billId} is ${row?.status}, not ${status}, after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a job interrupted mid-way', () => {
  it.skipIf(readTestDatabaseUrl())('completes after the process is killed and started again (embedded database)', { timeout: 120_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wattwise-crash-'));
    dirs.push(dataDir);
    // 1. A separate process starts reading a bill and is killed with SIGKILL in the middle.
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'testing/stuck-worker.child.ts'), dataDir], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const started = await new Promise<{ billId: string; userId: string }>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const line = out.split('\n').find((l) => l.startsWith('{'));
        if (line) resolve(JSON.parse(line) as { billId: string; userId: string });
      });
      child.on('exit', (code) => reject(new Error(`child exited early (${code})`)));
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    // 2. A new process on the same DATA_DIR resumes the job and finishes the bill.
    const config = loadConfig({ DATA_DIR: dataDir });
    const ctx = await createBillsTestContext({ DATA_DIR: dataDir }, { databaseOptions: databaseOptionsFromConfig(config), dataDir });
    try {
      const row = await waitForStatus(ctx.database.db, started.userId, started.billId, 'processed');
      expect(row).toMatchObject({ utilityProvider: TEXT_BILL.truth.utilityProvider, totalAmount: TEXT_BILL.truth.totalAmount, dueDate: TEXT_BILL.truth.dueDate, progress: 100, attempts: 2 });
    } finally {
      await ctx.close();
    }
  });

  it('is taken back once expired when its worker died (several processes on PostgreSQL), running ones are left alone', { timeout: 60_000 }, async () => {
    const ctx = await createBillsTestContext({}, { startWorker: false });
    try {
      const cookie = await ctx.signIn();
      const upload = async () => ((await (await ctx.upload(cookie, TEXT_BILL.bytes, TEXT_BILL.name)).json()) as { bill: { id: string } }).bill.id;
      const dead = await upload();
      const alive = await upload();
      // What a worker leaves behind: an active job. One started long ago by a process that died,
      // one just started by a process that is still reading.
      const mark = (billId: string, startedAgo: string, expireIn: string) =>
        ctx.database.execute(
          `update pgboss.job set state = 'active', started_on = now() - $2::interval, expire_in = $3::interval where name = 'process-bill' and data->>'billId' = $1`,
          [billId, startedAgo, expireIn],
        );
      await mark(dead, '1 minute', '2 seconds');
      await mark(alive, '0 seconds', '10 minutes');
      expect(await reclaimStalledJobs({ database: ctx.database, boss: ctx.queue.boss }, { all: false, db: ctx.database.db })).toBe(1);
      const states = await ctx.database.execute(`select data->>'billId' as bill, state from pgboss.job where name = 'process-bill'`);
      expect(Object.fromEntries(states.rows.map((r) => [r.bill, r.state]))).toEqual({ [dead]: 'retry', [alive]: 'active' });
      // Handed back through pg-boss's own fail → retry, not an update of its table.
      const output = await ctx.database.execute(`select output from pgboss.job where name = 'process-bill' and data->>'billId' = $1`, [dead]);
      expect(output.rows[0]?.output).toMatchObject({ message: 'the worker stopped (no heartbeat)' });

      await ctx.queue.work(createProcessBillJob({ ...ctx.bills, extract: extractBill }));
      expect(await ctx.waitForBill(cookie, dead)).toMatchObject({ status: 'processed', totalAmount: TEXT_BILL.truth.totalAmount });
      expect((await ctx.json<{ bill: { status: string } }>(cookie, `/api/bills/${alive}`)).body.bill.status).toBe('queued');

      // A job that crashed its process on every try fails, and its bill with it.
      await ctx.database.execute(`update pgboss.job set retry_count = retry_limit where name = 'process-bill' and data->>'billId' = $1`, [alive]);
      await mark(alive, '1 minute', '2 seconds');
      expect(await reclaimStalledJobs({ database: ctx.database, boss: ctx.queue.boss }, { all: false, db: ctx.database.db })).toBe(1);
      expect((await ctx.json<{ bill: { status: string; failureReason: string } }>(cookie, `/api/bills/${alive}`)).body.bill).toMatchObject({
        status: 'failed',
        failureReason: 'Failed to process bill',
      });
    } finally {
      await ctx.close();
    }
  });

  it('is taken back within a minute when its bill stops hearing from the worker, long before the expiry', { timeout: 60_000 }, async () => {
    const ctx = await createBillsTestContext({}, { startWorker: false });
    try {
      const cookie = await ctx.signIn();
      const upload = async () => ((await (await ctx.upload(cookie, TEXT_BILL.bytes, TEXT_BILL.name)).json()) as { bill: { id: string } }).bill.id;
      const silent = await upload();
      const beating = await upload();
      // Both started two minutes ago with the 10-minute expiry; one worker still touches its bill.
      for (const [billId, lastBeat] of [[silent, '2 minutes'], [beating, '5 seconds']] as const) {
        await ctx.database.execute(
          `update pgboss.job set state = 'active', started_on = now() - interval '2 minutes', expire_in = interval '10 minutes' where name = 'process-bill' and data->>'billId' = $1`,
          [billId],
        );
        await ctx.database.execute(`update utility_bills set status = 'processing', updated_at = now() - $2::interval where id = $1`, [billId, lastBeat]);
      }
      expect(await reclaimStalledJobs({ database: ctx.database, boss: ctx.queue.boss }, { all: false, staleSeconds: 45, db: ctx.database.db })).toBe(1);
      const states = await ctx.database.execute(`select data->>'billId' as bill, state from pgboss.job where name = 'process-bill'`);
      expect(Object.fromEntries(states.rows.map((r) => [r.bill, r.state]))).toEqual({ [silent]: 'retry', [beating]: 'active' });
    } finally {
      await ctx.close();
    }
  });

  it('keeps its bill fresh while it reads (the heartbeat other processes look at)', { timeout: 60_000 }, async () => {
    let release: () => void = () => undefined;
    const ctx = await createBillsTestContext({}, { startWorker: false });
    try {
      const cookie = await ctx.signIn();
      const job = createProcessBillJob({
        ...ctx.bills,
        heartbeatMs: 50,
        extract: async (bytes, opts) => {
          await new Promise<void>((resolve) => (release = resolve));
          return extractBill(bytes, opts);
        },
      });
      await ctx.queue.work(job);
      const billId = ((await (await ctx.upload(cookie, TEXT_BILL.bytes, TEXT_BILL.name)).json()) as { bill: { id: string } }).bill.id;
      const first = await waitForStatus(ctx.database.db, (await ctx.database.db.select().from(utilityBill).where(eq(utilityBill.id, billId)))[0]?.userId ?? '', billId, 'processing');
      await new Promise((r) => setTimeout(r, 300));
      const [later] = await ctx.database.db.select().from(utilityBill).where(eq(utilityBill.id, billId));
      expect(later?.updatedAt.getTime()).toBeGreaterThan(first.updatedAt.getTime());
      release();
      expect(await ctx.waitForBill(cookie, billId)).toMatchObject({ status: 'processed' });
    } finally {
      release();
      await ctx.close();
    }
  });
});
