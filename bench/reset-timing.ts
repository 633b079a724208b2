// `npm run bench:reset-timing`: does a password reset answer as fast for an address with an
// account as for one without (issue 27: no enumeration by timing)? Starts the server (embedded
// database, outbox mail) on a free port, makes one account with the CLI, then asks for a reset
// TRIES times for that address and TRIES times for unknown ones, interleaved, each from its own
// client address (TRUST_PROXY) so the per-address limit does not answer instead. Prints the
// medians and their difference; exits 1 when the difference is MAX_DIFF_MS or more.
//
// Not a test: timings on a shared machine vary; run it by hand after touching the reset path.

import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TRIES = Number(process.env.TRIES ?? 50);
const MAX_DIFF_MS = 20;
/** Between tries: the mail a reset queues is rendered after the answer; let it finish first. */
const PAUSE_MS = Number(process.env.PAUSE_MS ?? 400);
const SERVER_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'server');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wattwise-reset-bench-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    DEMO_DATA: 'false',
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
  };
  const registered = `reset-bench-${Date.now()}@example.com`;
  const made = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'create-admin', registered], { cwd: SERVER_DIR, env, encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`create-admin failed: ${made.stderr}`);

  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: SERVER_DIR, env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (Date.now() > deadline) throw new Error('server not ready');
      const ok = await fetch(`${baseUrl}/api/ready`).then((r) => r.ok).catch(() => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    let client = 0;
    const ask = async (email: string) => {
      client += 1;
      const started = performance.now();
      const res = await fetch(`${baseUrl}/api/auth/request-password-reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': `198.51.100.${client % 250}, 203.0.113.${Math.floor(client / 250)}` },
        body: JSON.stringify({ email, redirectTo: '/auth/reset-password' }),
      });
      const body = await res.text();
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`reset answered ${res.status}: ${body}`);
      await new Promise((r) => setTimeout(r, PAUSE_MS));
      return { ms, body };
    };
    // Warm-up: the first requests pay for module loading and connection set-up.
    for (let i = 0; i < 5; i += 1) {
      await ask(registered);
      await ask(`warm-${i}-${Date.now()}@example.com`);
    }
    const known: number[] = [];
    const unknown: number[] = [];
    const bodies = new Set<string>();
    for (let i = 0; i < TRIES; i += 1) {
      const a = await ask(registered);
      const b = await ask(`nobody-${i}-${Date.now()}@example.com`);
      known.push(a.ms);
      unknown.push(b.ms);
      bodies.add(a.body).add(b.body);
    }
    const diff = Math.abs(median(known) - median(unknown));
    console.log(`password reset, ${TRIES} tries each (pause ${PAUSE_MS} ms between tries)`);
    console.log(`  registered address: median ${median(known).toFixed(1)} ms`);
    console.log(`  unknown address:    median ${median(unknown).toFixed(1)} ms`);
    console.log(`  difference:         ${diff.toFixed(1)} ms (limit ${MAX_DIFF_MS} ms); distinct answer bodies: ${bodies.size}`);
    process.exitCode = diff < MAX_DIFF_MS && bodies.size === 1 ? 0 : 1;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
