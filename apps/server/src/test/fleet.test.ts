import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTestDatabaseUrl } from '../config.ts';
import { createVerifiedUser } from '../features/demo/demo.service.ts';
import { GENERATED_BILLS } from '../features/bills/bills.test-support.ts';
import { startTestS3Server, type TestS3Server } from './s3-server.ts';
import { createTestContext, createTestDatabase, STRONG_PASSWORD } from './test-app.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

// Also on PostgreSQL (and only there): several processes on one database.

// The fleet on PostgreSQL (issue 26): API and worker processes as separate children on one
// fresh database, started at the same moment, each with its own data folder and the bill files
// in an S3-compatible test server (no shared disk). Skipped on the embedded database.

const databaseServer = readTestDatabaseUrl();
const processes: ServerProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

describe.skipIf(!databaseServer)('a fleet of API and worker processes on one PostgreSQL database', () => {
  let databaseUrl = '';
  let root = '';
  let apis: ServerProcess[] = [];
  let workers: ServerProcess[] = [];
  let s3: TestS3Server;
  let start: (role: 'api' | 'worker', n: number) => Promise<ServerProcess>;

  beforeAll(async () => {
    const created = await createTestDatabase();
    cleanups.push(created.drop);
    if (created.options.kind !== 'postgres') throw new Error('PostgreSQL expected');
    databaseUrl = created.options.url;
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'wattwise-fleet-'));
    cleanups.push(() => fs.rmSync(root, { recursive: true, force: true }));
    s3 = await startTestS3Server();
    cleanups.push(() => s3.close());
    const env = {
      DATABASE_POOL_MAX: '6',
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      UPLOAD_RATE_LIMIT_MAX: '100',
      UPLOAD_CONCURRENCY_MAX: '100',
      PLAN_LIMITS: 'false',
      SIGN_IN_RATE_LIMIT_MAX: '5',
      BILL_HEARTBEAT_SECONDS: '1',
      BILL_STALE_SECONDS: '5',
      LOG_LEVEL: 'warn',
    };
    // Each process its own data folder: nothing on a shared disk.
    start = (role, n) => {
      const dataDir = path.join(root, `${role}-${n}`);
      fs.mkdirSync(dataDir, { recursive: true });
      return startServerProcess({ dataDir, databaseUrl, env: { ...env, ROLE: role }, logFile: path.join(dataDir, 'server.log'), readyTimeoutMs: 60_000 });
    };
    // All four at once on a database with no table yet: migrations and pg-boss's setup race unless locked.
    const started = await Promise.allSettled([start('api', 1), start('api', 2), start('worker', 1), start('worker', 2)]);
    for (const s of started) if (s.status === 'fulfilled') processes.push(s.value);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    apis = processes.slice(0, 2);
    workers = processes.slice(2);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.kill().catch(() => undefined)));
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('starts two API processes and two workers together on a fresh database without a crash', async () => {
    for (const p of processes) expect(p.child.exitCode).toBeNull();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from pg_namespace where nspname = 'pgboss'`);
      expect(rows[0]?.n).toBe(1);
    } finally {
      await client.end();
    }
  });

  it('serves the API only from API processes; a worker answers health, readiness and metrics only', async () => {
    for (const api of apis) {
      expect((await fetch(`${api.base}/api/health`)).status).toBe(200);
      expect((await fetch(`${api.base}/api/public-config`)).status).toBe(200);
    }
    for (const worker of workers) {
      const health = await fetch(`${worker.base}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok', role: 'worker' });
      expect((await fetch(`${worker.base}/api/ready`)).status).toBe(200);
      expect((await fetch(`${worker.base}/api/public-config`)).status).toBe(404);
      expect((await fetch(`${worker.base}/api/bills`)).status).toBe(404);
      // The worker's metrics are behind METRICS_TOKEN in production like the API's: off without one.
      expect((await fetch(`${worker.base}/metrics`)).status).toBe(404);
    }
  });

  it('reads every bill uploaded through API A on the workers, shows it through API B with its progress live, shares the sign-in limit, and loses no bill to a killed worker', async () => {
    const [a, b] = apis as [ServerProcess, ServerProcess];
    const email = 'fleet@example.com';
    const setup = await createTestContext({}, { databaseOptions: { kind: 'postgres', url: databaseUrl, max: 2 } });
    try {
      await createVerifiedUser(setup.auth, email, STRONG_PASSWORD);
    } finally {
      await setup.close();
    }
    const cookieA = await a.signIn(email, STRONG_PASSWORD);
    const cookieB = await b.signIn(email, STRONG_PASSWORD);

    const files = fs.readdirSync(GENERATED_BILLS).filter((f) => f.endsWith('.pdf')).sort().slice(0, 20);
    expect(files).toHaveLength(20);
    const ids: string[] = [];
    let killed = false;
    const sql = new pg.Client({ connectionString: databaseUrl });
    await sql.connect();
    cleanups.push(() => sql.end());
    const statuses = async () => (await sql.query<{ status: string; n: number }>(`select status, count(*)::int as n from utility_bills group by status`)).rows;
    let live: Promise<string> | null = null;
    for (const [i, file] of files.entries()) {
      const form = new FormData();
      form.set('bill', new File([fs.readFileSync(path.join(GENERATED_BILLS, file))], file));
      const res = await fetch(`${a.base}/api/bills`, { method: 'POST', headers: { origin: a.base, cookie: cookieA }, body: form });
      expect(res.status).toBe(202);
      ids.push(((await res.json()) as { bill: { id: string } }).bill.id);
      if (i === 12) {
        // Progress of a bill uploaded through A, read by a worker, streamed by B.
        const stream = await fetch(`${b.base}/api/bills/${ids[i]}/events`, { headers: { cookie: cookieB } });
        live = stream.text();
      }
      // A worker killed with SIGKILL while bills are being read.
      if (!killed && (await statuses()).some((r) => r.status === 'processing')) {
        killed = true;
        await workers[0]?.kill();
      }
    }
    if (!killed) await workers[0]?.kill();
    // A new worker takes over (restart), beside the one still running.
    const restarted = await start('worker', 3);
    processes.push(restarted);
    const deadline = Date.now() + 90_000;
    for (;;) {
      const rows = await statuses();
      const unfinished = rows.filter((r) => r.status === 'queued' || r.status === 'processing').reduce((n, r) => n + r.n, 0);
      if (unfinished === 0) break;
      if (Date.now() > deadline) throw new Error(`bills not finished 90 s after the restart: ${JSON.stringify(rows)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const rows = await statuses();
    expect(rows.reduce((n, r) => n + r.n, 0)).toBe(20);
    expect(rows.find((r) => r.status === 'processed')?.n).toBe(20);

    // Every bill, with its pages, through API B (the files are in the bucket, not on A's disk).
    for (const id of ids) {
      const bill = await fetch(`${b.base}/api/bills/${id}`, { headers: { cookie: cookieB } });
      expect(bill.status).toBe(200);
      expect(((await bill.json()) as { bill: { status: string } }).bill.status).toBe('processed');
    }
    const pages = await fetch(`${b.base}/api/bills/${ids[0]}/pages`, { headers: { cookie: cookieB } });
    expect(pages.status).toBe(200);
    expect(s3.objects.size).toBeGreaterThanOrEqual(20);
    const events = await live;
    expect(events).toMatch(/"status":"processing"/);
    expect(events).toMatch(/event: done/);

    // The sign-in limit (5 a minute per address; two used above) is one count across both API processes.
    const stranger = 'nobody@example.com';
    const answers: number[] = [];
    for (const api of [a, b, a, b]) answers.push((await api.signInResponse(stranger, 'wrong-password-123')).status);
    expect(answers.slice(0, 3).every((s) => s === 401)).toBe(true);
    expect(answers[3]).toBe(429);

    // Each schedule is registered once for the fleet, however many workers registered it.
    const schedules = (await sql.query<{ name: string }>(`select name from pgboss.schedule order by name`)).rows.map((r) => r.name);
    expect(schedules).toEqual(['scheduled-notifications', 'sweep-orphan-files']);
  }, 180_000);
});
