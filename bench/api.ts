// API load benchmark: `npm run bench:api [-- --duration 20 --connections 50 --db pglite|postgres|all
// --users 12,500 --only health,bills,bill,recommendations,summary,dashboard]`.
// Many-user mode: `npm run bench:api -- --users 30 --bills 4`: 30 users of 4 bills each, every
// request from the next user in turn (bill list, figures, recommendations, one bill; every 20th a
// correction), against /api/health in the same run: after a warm-up, the two take turns in
// `--slices` slices (default 4) of the duration each. With `--db postgres --api-processes N`: N API
// processes (ROLE=api) behind one public address, connections shared among them, and a worker.
//
// Starts the server as `npm start` does (apps/server/src/main.ts in its own process) on a fresh
// data directory: the embedded database, and PostgreSQL too when TEST_DATABASE_URL is set (a
// fresh database on that server, dropped afterwards). Seeds users with 12 and 500 read bills
// (bench/api-seed.ts), signs each in as the browser does, and drives every endpoint with
// autocannon. Prints requests/s, p50 and p99 per endpoint, and the targets of issue 10.
// A report, never an assertion: figures go to docs/benchmarks.md.

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { solveChallenge } from 'altcha-lib/v1';
import autocannon from 'autocannon';
import pg from 'pg';
import { loadConfig, REPO_ROOT } from '../apps/server/src/config.ts';
import { BENCH_PASSWORD, seedBenchData, type SeededUser } from './api-seed.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    db: { type: 'string' },
    users: { type: 'string', default: '12,500' },
    bills: { type: 'string' },
    only: { type: 'string' },
    // Write a V8 CPU profile of each server process into this folder (open in Chrome DevTools).
    'cpu-prof': { type: 'string' },
    // Many-user mode on PostgreSQL: this many API processes (ROLE=api, connections shared in turn) and one worker.
    'api-processes': { type: 'string' },
    // Many-user mode: health and the mix take turns in this many slices of the duration each.
    slices: { type: 'string', default: '4' },
  },
});
const API_PROCESSES = args['api-processes'] === undefined ? null : Number(args['api-processes']);
if (API_PROCESSES !== null && !(Number.isInteger(API_PROCESSES) && API_PROCESSES > 0)) throw new Error('--api-processes N: a whole number of API processes');
const CPU_PROF_DIR = args['cpu-prof'] ? path.resolve(args['cpu-prof']) : undefined;
const DURATION = Number(args.duration);
const SLICES = Number(args.slices);
if (!Number.isInteger(SLICES) || SLICES < 1) throw new Error('--slices N: a whole number of slices');
const CONNECTIONS = Number(args.connections);
const BILL_COUNTS = (args.users ?? '').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);
/** Many-user mode: --users N --bills M. */
const MANY = args.bills === undefined ? null : { users: Number(args.users), bills: Number(args.bills) };
if (MANY && !(Number.isInteger(MANY.users) && MANY.users > 0 && Number.isInteger(MANY.bills) && MANY.bills > 0)) throw new Error('usage: --users N --bills M (many-user mode)');
// The bench's own configuration: the command line, and TEST_DATABASE_URL as the tests read it.
const POSTGRES_SERVER = process.env.TEST_DATABASE_URL || undefined;
const DATABASES = (args.db ?? (POSTGRES_SERVER ? 'all' : 'pglite')) === 'all' ? ['pglite', 'postgres'] : [args.db ?? 'pglite'];
if (!Number.isFinite(DURATION) || DURATION <= 0 || !Number.isInteger(CONNECTIONS) || CONNECTIONS <= 0 || BILL_COUNTS.length === 0) {
  throw new Error('usage: --duration SECONDS --connections N --users 12,500 [--db pglite|postgres|all] [--only health,bills,bill,recommendations,summary,dashboard]');
}
if (DATABASES.includes('postgres') && !POSTGRES_SERVER) throw new Error('--db postgres needs TEST_DATABASE_URL (a server on which the bench may create a database)');

type Endpoint = { name: string; paths: (ctx: UserCtx) => string[]; signedIn: boolean };
type UserCtx = { cookie: string; billId: string };

/** What the dashboard loads beside bills and recommendations. */
const ENDPOINTS: Endpoint[] = [
  { name: 'health', signedIn: false, paths: () => ['/api/health'] },
  { name: 'bills', signedIn: true, paths: () => ['/api/bills?limit=50'] },
  { name: 'bill', signedIn: true, paths: (u) => [`/api/bills/${u.billId}`] },
  { name: 'recommendations', signedIn: true, paths: () => ['/api/recommendations'] },
  // The dashboard's summary: the overview cards and charts are computed from every bill's figures.
  { name: 'summary', signedIn: true, paths: () => ['/api/bills/figures'] },
  { name: 'dashboard', signedIn: true, paths: () => ['/api/properties', '/api/utility-accounts', '/api/processing/costs'] },
];
const ONLY = args.only ? new Set(args.only.split(',')) : null;
const chosen = ENDPOINTS.filter((e) => !ONLY || ONLY.has(e.name));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A bill list answers an array, `{ bills }` or (paginated) `{ items }`. */
function billsOf(body: unknown): { id: string }[] {
  if (Array.isArray(body)) return body as { id: string }[];
  const record = body as { bills?: { id: string }[]; items?: { id: string }[] };
  const list = record.items ?? record.bills;
  if (!Array.isArray(list)) throw new Error(`unexpected bill list: ${JSON.stringify(body).slice(0, 200)}`);
  return list;
}

/** Cookies of a Cookie header merged with a response's Set-Cookie (a cleared cookie is dropped). */
function mergeCookies(cookie: string, res: Response): string {
  const jar = new Map(cookie.split('; ').filter(Boolean).map((c) => [c.slice(0, c.indexOf('=')), c] as const));
  for (const set of res.headers.getSetCookie()) {
    const pair = set.split(';')[0] ?? '';
    const name = pair.slice(0, pair.indexOf('='));
    if (pair.endsWith('=') || /max-age=0\b/i.test(set)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}

class Server {
  /** The origin the browser would send (PUBLIC_URL): several API processes share one. */
  readonly origin: string;

  private constructor(readonly base: string, private readonly child: ChildProcess, origin?: string) {
    this.origin = origin ?? base;
  }

  /** `npm start`'s server process (without the web build) on this data directory. */
  static async start(dataDir: string, databaseUrl: string | undefined, env: Record<string, string> = {}): Promise<Server> {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
    const profile = CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`] : [];
    const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', log, log],
      env: {
        ...process.env,
        MALLOC_ARENA_MAX: '2',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? '',
        DEMO_DATA: 'false',
        ALTCHA_MAX_NUMBER: '1000',
        ...env,
      },
    });
    const server = new Server(base, child, env.PUBLIC_URL);
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}; see ${path.join(dataDir, 'server.log')}`);
      const ok = await fetch(`${base}/api/ready`).then((r) => r.ok, () => false);
      if (ok) return server;
      if (Date.now() > deadline) throw new Error('server did not become ready in 120 s');
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  async signIn(email: string): Promise<string> {
    const challenge = (await (await fetch(`${this.base}/api/captcha/challenge`)).json()) as { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
    if (!solution) throw new Error('captcha not solvable');
    const captcha = Buffer.from(JSON.stringify({ ...challenge, number: solution.number, maxnumber: undefined })).toString('base64');
    const res = await fetch(`${this.base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: this.origin, 'x-captcha-response': captcha },
      body: JSON.stringify({ email, password: BENCH_PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
    return mergeCookies('', res);
  }

  /** The session as the web app reads it on each page; renews what the browser would be sent. */
  async refreshSession(cookie: string): Promise<string> {
    const res = await fetch(`${this.base}/api/auth/get-session`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`get-session: ${res.status}`);
    return mergeCookies(cookie, res);
  }

  async getJson(pathname: string, cookie?: string): Promise<unknown> {
    const res = await fetch(`${this.base}${pathname}`, { headers: cookie ? { cookie } : {} });
    if (res.status !== 200) throw new Error(`GET ${pathname}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    return res.json();
  }

  /** CPU seconds the server process has used (Linux; null elsewhere): a cost per request that a shared machine disturbs less than latency. */
  cpuSeconds(): number | null {
    try {
      const fields = fs.readFileSync(`/proc/${this.child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      // utime and stime, fields 14 and 15 of stat(5), in clock ticks of 1/100 s.
      return (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return null;
    }
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}

type Row = { database: string; user: string; endpoint: string; rps: number; p50: number; p99: number; failed: number; requests: number; cpuMs: number | null };

async function measure(server: Server, paths: string[], cookie: string | undefined): Promise<Omit<Row, 'database' | 'user' | 'endpoint'>> {
  const base = server.base;
  const cpuBefore = server.cpuSeconds();
  // Browsers ask for compressed answers; so does the bench.
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate' };
  if (cookie) headers.cookie = cookie;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: paths.map((p) => ({ method: 'GET' as const, path: p, headers })),
  });
  const cpuAfter = server.cpuSeconds();
  return {
    // Server CPU per answered request (the database's own CPU too on PGlite, which runs in process).
    cpuMs: cpuBefore === null || cpuAfter === null || result.requests.total === 0 ? null : ((cpuAfter - cpuBefore) * 1000) / result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    requests: result.requests.total,
  };
}

async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `wattwise_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function benchDatabase(kind: string): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wattwise-bench-api-'));
  const postgres = kind === 'postgres' && POSTGRES_SERVER ? await createPostgresDatabase(POSTGRES_SERVER) : null;
  const log = (line: string) => console.log(`[${kind}] ${line}`);
  let server: Server | undefined;
  try {
    const users: SeededUser[] = BILL_COUNTS.map((bills) => ({ email: `bench-${bills}@example.com`, bills }));
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: postgres?.url, DEMO_DATA: 'false' });
    await seedBenchData(config, users, log);
    server = await Server.start(dataDir, postgres?.url);
    log(`server ready at ${server.base} (log: ${path.join(dataDir, 'server.log')})`);
    const rows: Row[] = [];
    const record = (user: string, endpoint: string, m: Awaited<ReturnType<typeof measure>>) => {
      rows.push({ database: kind, user, endpoint, ...m });
      log(`${user.padEnd(9)} ${endpoint.padEnd(16)} ${m.rps.toFixed(0).padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms  cpu ${m.cpuMs?.toFixed(2) ?? '-'} ms/req${m.failed ? `  FAILED ${m.failed}` : ''}`);
    };
    if (chosen.some((e) => !e.signedIn)) {
      for (const e of chosen.filter((x) => !x.signedIn)) {
        for (const p of e.paths({ cookie: '', billId: '' })) await server.getJson(p);
        record('-', e.name, await measure(server, e.paths({ cookie: '', billId: '' }), undefined));
      }
    }
    for (const u of users) {
      let cookie = await server.signIn(u.email);
      const list = billsOf(await server.getJson('/api/bills?limit=50', cookie));
      const billId = list[0]?.id;
      if (!billId) throw new Error(`${u.email} has no bills`);
      for (const e of chosen.filter((x) => x.signedIn)) {
        // As a browser would between pages: the session check renews the cookies it keeps.
        cookie = await server.refreshSession(cookie);
        const ctx = { cookie, billId };
        for (const p of e.paths(ctx)) await server.getJson(p, cookie);
        record(`${u.bills} bills`, e.name, await measure(server, e.paths(ctx), cookie));
      }
    }
    return rows;
  } finally {
    await server?.stop();
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Many users at once: each request goes to the next user in turn, so no answer comes from one
 * warm user's cache; a dashboard mix with a correction every 20th request.
 */
async function benchManyUsers(kind: string, many: { users: number; bills: number }): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wattwise-bench-many-'));
  const postgres = kind === 'postgres' && POSTGRES_SERVER ? await createPostgresDatabase(POSTGRES_SERVER) : null;
  const log = (line: string) => console.log(`[${kind}] ${line}`);
  const servers: Server[] = [];
  try {
    const users: SeededUser[] = Array.from({ length: many.users }, (_, i) => ({ email: `bench-many-${i}@example.com`, bills: many.bills }));
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: postgres?.url, DEMO_DATA: 'false' });
    await seedBenchData(config, users, log);
    // Every user signs in from this one address: the sign-in limit would stop the 6th.
    const env = { SIGN_IN_RATE_LIMIT_MAX: String(many.users * 2 + 10), AUTH_SECRET: 'bench-auth-secret-0123456789-0123456789', ALTCHA_HMAC_KEY: 'bench-altcha-key-0123456789', FILE_ENCRYPTION_KEY: 'ab'.repeat(32) };
    const apiProcesses = postgres ? API_PROCESSES : null;
    if (apiProcesses === null) {
      servers.push(await Server.start(dataDir, postgres?.url, env));
    } else {
      // The fleet: API processes behind one public address (as behind a load balancer) and a worker for the analysis jobs.
      const fleet = { ...env, PUBLIC_URL: 'http://wattwise-bench.localhost' };
      servers.push(await Server.start(dataDir, postgres?.url, { ...fleet, ROLE: 'worker' }));
      for (let i = 0; i < apiProcesses; i++) servers.push(await Server.start(dataDir, postgres?.url, { ...fleet, ROLE: 'api' }));
    }
    const apis = apiProcesses === null ? servers : servers.slice(1);
    const server = apis[0];
    if (!server) throw new Error('no API process');
    log(`${apis.length} API process(es) ready at ${apis.map((a) => a.base).join(', ')}${apiProcesses === null ? '' : ' and a worker'}; ${many.users} users × ${many.bills} bills`);
    const sessions: { cookie: string; billIds: string[] }[] = [];
    for (const u of users) {
      const cookie = await server.refreshSession(await server.signIn(u.email));
      const billIds = billsOf(await server.getJson('/api/bills?limit=50', cookie)).map((b) => b.id);
      if (billIds.length === 0) throw new Error(`${u.email} has no bills`);
      sessions.push({ cookie, billIds });
    }
    const rows: Row[] = [];
    const record = (endpoint: string, m: Awaited<ReturnType<typeof measure>>) => {
      rows.push({ database: API_PROCESSES !== null && kind === 'postgres' ? `${kind}, ${API_PROCESSES} API` : kind, user: `${many.users}×${many.bills}`, endpoint, ...m });
      log(`${endpoint.padEnd(16)} ${m.rps.toFixed(0).padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms  cpu ${m.cpuMs?.toFixed(2) ?? '-'} ms/req${m.failed ? `  FAILED ${m.failed}` : ''}`);
    };
    const cpuOf = () => servers.reduce<number | null>((sum, s) => {
      const cpu = s.cpuSeconds();
      return sum === null || cpu === null ? null : sum + cpu;
    }, 0);
    /** One stretch of load, with the server CPU (seconds) it took. */
    const run = async (requests: autocannon.Request[], seconds: number) => {
      const cpuBefore = cpuOf();
      // Connections are shared among the API processes in turn.
      // autocannon takes several URLs and gives each connection the next (its types say one string).
      const latencies: number[] = [];
      const result = await new Promise<autocannon.Result>((resolve, reject) => {
        const options = { url: apis.map((a) => a.base) as unknown as string, connections: CONNECTIONS, duration: seconds, requests };
        const instance = autocannon(options, (error, done) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done)));
        // Every response's latency, so slices combine into exact percentiles.
        instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
      });
      const cpuAfter = cpuOf();
      return { seconds, cpu: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore, result, latencies };
    };
    type Slice = Awaited<ReturnType<typeof run>>;
    /** Slices of one workload as one measurement: requests over their time, percentiles of every response's latency. */
    const combine = (slices: Slice[]) => {
      const total = slices.reduce((n, s) => n + s.result.requests.total, 0);
      const latencies = slices.flatMap((s) => s.latencies).sort((a, b) => a - b);
      // No response at all has no percentile (NaN fails the p99 target instead of reading as 0 ms).
      const percentile = (p: number) => (latencies.length === 0 ? Number.NaN : Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] as number));
      const seconds = slices.reduce((n, s) => n + s.seconds, 0);
      const cpus = slices.map((s) => s.cpu);
      const cpu = cpus.every((c): c is number => c !== null) ? cpus.reduce((n, c) => n + c, 0) : null;
      return {
        // CPU of every server process (API and worker) per answered request.
        cpuMs: cpu === null || total === 0 ? null : (cpu * 1000) / total,
        rps: total / seconds,
        p50: percentile(50),
        p99: percentile(99),
        failed: slices.reduce((n, s) => n + s.result.non2xx + s.result.errors + s.result.timeouts, 0),
        requests: total,
      };
    };
    const health: autocannon.Request[] = [{ method: 'GET', path: '/api/health', headers: { 'accept-encoding': 'gzip, deflate' } }];
    let turn = 0;
    const origin = server.origin;
    const mix: autocannon.Request[] = [
      {
        setupRequest: (request) => {
          const n = turn++;
          const user = sessions[n % sessions.length] ?? sessions[0];
          if (!user) return request;
          const billId = user.billIds[Math.floor(n / sessions.length) % user.billIds.length] ?? '';
          const headers = { 'accept-encoding': 'gzip, deflate', cookie: user.cookie, origin };
          if (n % 20 === 19) {
            // A correction: the total read again, alternately up and down a cent.
            const body = JSON.stringify({ corrections: [{ field: 'totalAmount', value: (100 + (n % 2) / 100).toFixed(2) }] });
            return { ...request, method: 'PATCH', path: `/api/bills/${billId}/fields`, headers: { ...headers, 'content-type': 'application/json' }, body };
          }
          const paths = ['/api/bills?limit=50', '/api/bills/figures', '/api/recommendations', `/api/bills/${billId}`];
          return { ...request, method: 'GET', path: paths[n % paths.length] ?? '/api/bills', headers };
        },
      },
    ];
    // Both workloads warm up first (not counted), then take turns, a slice each, so a machine
    // whose speed drifts during the run (a shared VM) slows both alike and the ratio holds.
    await run(health, 2);
    await run(mix, 2);
    const slices = { health: [] as Slice[], mix: [] as Slice[] };
    for (let i = 0; i < SLICES; i++) {
      slices.health.push(await run(health, DURATION / SLICES));
      slices.mix.push(await run(mix, DURATION / SLICES));
    }
    record('health', combine(slices.health));
    record('dashboard mix', combine(slices.mix));
    return rows;
  } finally {
    for (const s of servers.reverse()) await s.stop();
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function reportMany(rows: Row[]): void {
  console.log(`\n${DURATION} s per run, ${CONNECTIONS} connections, ${os.cpus().length} cores, load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  console.log('| database | users × bills | endpoint | requests/s | p50 ms | p99 ms | server CPU ms/request | failed |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.database} | ${r.user} | ${r.endpoint} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.cpuMs?.toFixed(2) ?? '-'} | ${r.failed} |`);
  for (const database of new Set(rows.map((r) => r.database))) {
    const health = rows.find((r) => r.database === database && r.endpoint === 'health');
    const mix = rows.find((r) => r.database === database && r.endpoint === 'dashboard mix');
    if (!health || !mix) continue;
    const share = mix.rps / health.rps;
    console.log(`target ${database}: dashboard mix p99 ${mix.p99} ms (under 250: ${mix.p99 < 250 ? 'met' : 'NOT met'}); ${(share * 100).toFixed(1)}% of health's throughput (at least 20%: ${share >= 0.2 ? 'met' : 'NOT met'})`);
  }
}

function report(rows: Row[]): void {
  console.log(`\n${DURATION} s per endpoint, ${CONNECTIONS} connections, ${os.cpus().length} cores, load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  console.log('| database | user | endpoint | requests/s | p50 ms | p99 ms | server CPU ms/request | failed |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.database} | ${r.user} | ${r.endpoint} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.cpuMs?.toFixed(2) ?? '-'} | ${r.failed} |`);
  const biggest = `${Math.max(...BILL_COUNTS)} bills`;
  for (const database of DATABASES) {
    const health = rows.find((r) => r.database === database && r.endpoint === 'health');
    const list = rows.find((r) => r.database === database && r.user === biggest && r.endpoint === 'bills');
    if (!list) continue;
    const limit = database === 'postgres' ? 100 : 250;
    console.log(`target ${database}, ${biggest}: bill list p99 ${list.p99} ms (under ${limit}: ${list.p99 < limit ? 'met' : 'NOT met'})`);
    if (health) {
      const share = list.rps / health.rps;
      console.log(`target ${database}, ${biggest}: bill list ${list.rps.toFixed(0)} req/s = ${(share * 100).toFixed(0)}% of health's ${health.rps.toFixed(0)} (at least 25%: ${share >= 0.25 ? 'met' : 'NOT met'})`);
    }
  }
}

const all: Row[] = [];
for (const kind of DATABASES) all.push(...(MANY ? await benchManyUsers(kind, MANY) : await benchDatabase(kind)));
if (MANY) reportMany(all);
else report(all);
