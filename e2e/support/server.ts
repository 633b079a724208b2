import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, rename, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningApp {
  baseUrl: string;
  dataDir: string;
  /** Stops the server (SIGTERM, as an operator would) and waits for it to exit. */
  stop(): Promise<void>;
  /** Stops and starts the server again on the same data directory and port; `between` runs while it is down (e.g. the CLI on its database). */
  restart(between?: () => Promise<void>): Promise<void>;
  /** Removes the data directory. Call after stop. */
  cleanup(): Promise<void>;
  logs(): string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForReady(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not ready after ${timeoutMs} ms`);
}

const SERVER_DIR = path.join(REPO_ROOT, 'apps/server');

/**
 * An embedded database with the migrations and the job queue's schema applied (the operator's
 * `migrate` command), built once per set of migrations and PGlite version and copied into each
 * spec's data directory: a fresh PGlite's initdb and migrations cost every spec several seconds of
 * CPU. Built aside and renamed into place, so specs starting together never see half a template.
 */
async function migratedDatabaseTemplate(): Promise<string> {
  const migrations = path.join(SERVER_DIR, 'src/db/migrations');
  const hash = createHash('sha256').update(readFileSync(path.join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  for (const file of readdirSync(migrations).filter((f) => f.endsWith('.sql')).sort()) hash.update(file).update(readFileSync(path.join(migrations, file)));
  const template = path.join(tmpdir(), `wattwise-e2e-pg-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(template)) return template;
  const build = await mkdtemp(path.join(tmpdir(), 'wattwise-e2e-pg-build-'));
  try {
    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'migrate'], {
      cwd: SERVER_DIR,
      env: { ...process.env, DATA_DIR: build, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    });
    await rename(path.join(build, 'pg'), template).catch((error: unknown) => {
      // Another spec built it at the same time: theirs is as good.
      if (!existsSync(template)) throw error;
    });
  } finally {
    await rm(build, { recursive: true, force: true });
  }
  return template;
}

/**
 * Starts the production server (`apps/server`, serving the built web app) on a free port with
 * a fresh data directory (its database migrated, from the template above), the embedded defaults (PGlite, outbox mail, ALTCHA) and no demo data,
 * in development mode so the dev mailbox answers the browser on this machine.
 */
export async function startApp(env: Record<string, string> = {}, beforeStart?: (dataDir: string) => Promise<void>): Promise<RunningApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wattwise-e2e-'));
  await cp(await migratedDatabaseTemplate(), path.join(dataDir, 'pg'), { recursive: true });
  // Work on the data directory before the first start (the operator's CLI), saving a restart.
  await beforeStart?.(dataDir);
  let port = await freePort();
  let baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  let child: ChildProcess;

  const launch = async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SMTP_URL: '',
        DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        MALLOC_ARENA_MAX: '2',
        // Plan limits (1 bill a month on the free plan) only where a story is about them (e2e/payments.spec.ts).
        PLAN_LIMITS: 'false',
        // Every browser of a spec signs in from 127.0.0.1, where real users each have their own
        // address: the sign-in limit per address (5 a minute by default, tested in the server's
        // tests) would refuse a spec's sixth new user.
        SIGN_IN_RATE_LIMIT_MAX: '60',
        // Development mode: the stories read their mail in the dev mailbox, which a production
        // server shows to an admin only (it holds every user's reset links).
        NODE_ENV: 'development',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    await waitForReady(baseUrl, child, 90_000);
  };

  const stop = async () => {
    // A child killed by a signal has a signalCode and no exitCode: it is gone all the same.
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  };

  // Another process (a spec run beside this one, anything on the machine) may take the free port
  // between our probe and our server's bind. Then the server exits saying so: try another port.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await launch();
      break;
    } catch (error) {
      if (attempt >= 3 || !output.includes('EADDRINUSE')) throw error;
      port = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
      output = '';
    }
  }
  return {
    baseUrl,
    dataDir,
    stop,
    restart: async (between?: () => Promise<void>) => {
      await stop();
      await between?.();
      await launch();
    },
    cleanup: () => rm(dataDir, { recursive: true, force: true }),
    logs: () => output,
  };
}
