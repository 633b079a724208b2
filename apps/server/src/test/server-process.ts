import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib/v1';
import { REPO_ROOT } from '../config.ts';

/**
 * The server as `npm start` runs it (apps/server/src/main.ts in its own process), for tests that
 * kill it, stop it or fill its disk. Its log goes to `logFile`.
 */
export type ServerProcess = {
  base: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  signIn(email: string, password: string): Promise<string>;
  /** POST /api/auth/sign-in/email with a solved captcha; the answer as it came. */
  signInResponse(email: string, password: string): Promise<Response>;
  /** SIGKILL: no shutdown code runs. */
  kill(): Promise<void>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function startServerProcess(options: { dataDir: string; databaseUrl?: string; env?: Record<string, string>; logFile: string; readyTimeoutMs?: number }): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const log = fs.openSync(options.logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts')], {
    cwd: REPO_ROOT,
    stdio: ['ignore', log, log],
    // Only what is set here: the test runner's own variables (a test database URL) stay out.
    env: {
      MALLOC_ARENA_MAX: '2',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      DEMO_DATA: 'false',
      ALTCHA_MAX_NUMBER: '1000',
      LOG_LEVEL: 'info',
      // Processes sharing a PostgreSQL database share their secrets (a production start refuses otherwise).
      ...(options.databaseUrl ? { AUTH_SECRET: 'test-auth-secret-shared-by-the-processes-0123', ALTCHA_HMAC_KEY: 'test-altcha-key-0123456789', FILE_ENCRYPTION_KEY: '5e'.repeat(32) } : {}),
      ...options.env,
    },
  });
  fs.closeSync(log);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + (options.readyTimeoutMs ?? 180_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited (${child.exitCode ?? child.signalCode}); log: ${options.logFile}`);
    if (await fetch(`${base}/api/ready`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready in time; log: ${options.logFile}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const signInResponse = async (email: string, password: string): Promise<Response> => {
    const challenge = (await (await fetch(`${base}/api/captcha/challenge`)).json()) as { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
    if (!solution) throw new Error('captcha not solvable');
    const payload = { algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution.number, salt: challenge.salt, signature: challenge.signature };
    return fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, 'x-captcha-response': Buffer.from(JSON.stringify(payload)).toString('base64') },
      body: JSON.stringify({ email, password }),
    });
  };
  return {
    base,
    child,
    exited,
    signInResponse,
    async signIn(email, password) {
      const res = await signInResponse(email, password);
      if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
      return res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
