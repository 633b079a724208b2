import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib/v1';
import { desc, eq } from 'drizzle-orm';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import { createApp } from '../app.ts';
import { type Env, loadConfig, loadSecrets, readTestDatabaseUrl, type Secrets } from '../config.ts';
import { createDatabase, type Database, type DatabaseOptions } from '../db/client.ts';
import { outboxMessage } from '../db/schema/mail.ts';
import { createLogger } from '../platform/logger.ts';
import { createOutboxMailer, createSendEmailWorker } from '../platform/mail.ts';
import { createQueue } from '../platform/queue.ts';

export const TEST_ORIGIN = 'http://localhost:3000';
/** Third argument of `app.request` for a request from this machine (what the dev mailbox needs). */
export const FROM_LOOPBACK = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };

/**
 * A database for one test file: in-memory PGlite, or with WATTWISE_TEST_DATABASE_URL a fresh
 * PostgreSQL database created on that server and dropped by `drop()`.
 */
export async function createTestDatabase(
  options: { fromMigratedTemplate?: boolean } = {},
): Promise<{ options: DatabaseOptions; drop: () => Promise<void> }> {
  const serverUrl = readTestDatabaseUrl();
  if (!serverUrl) {
    const template = inject(options.fromMigratedTemplate === false ? 'pgliteBareTemplate' : 'pgliteTemplate');
    const loadDataDir = template ? new Blob([fs.readFileSync(template)]) : undefined;
    return { options: { kind: 'pglite', loadDataDir }, drop: () => Promise.resolve() };
  }
  const name = `wattwise_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  // A copy of the migrated template (global-setup.ts) where the file wants migrations applied.
  const template = options.fromMigratedTemplate === false ? null : inject('postgresTemplate');
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    options: { kind: 'postgres', url: url.toString(), max: 5 },
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A fresh migrated database for the enclosing file or describe block (opened before its tests,
 * closed and dropped after them); call the returned function inside a test or hook for it.
 */
export function useMigratedDatabase(): () => Database {
  let database: Database | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const testDb = await createTestDatabase();
    drop = testDb.drop;
    database = await createDatabase(testDb.options);
    await database.migrate();
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });
  return () => {
    if (!database) throw new Error('the database is opened in beforeAll');
    return database;
  };
}

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/** The whole app on a fresh migrated database, with the mail job running. */
export async function createTestContext(
  env: Env = {},
  options: { databaseOptions?: DatabaseOptions; secrets?: Secrets; dataDir?: string; logDestination?: DestinationStream } = {},
) {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'wattwise-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: TEST_ORIGIN,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'web'),
    ALTCHA_MAX_NUMBER: '2000',
    // Plan limits (1 bill a month on the free plan) are off unless a test turns them on: most
    // tests upload several bills for one user. The payments tests set PLAN_LIMITS=true.
    PLAN_LIMITS: 'false',
    ...env,
  });
  const secrets: Secrets = options.secrets ?? {
    authSecret: randomBytes(32).toString('hex'),
    altchaHmacKey: randomBytes(32).toString('hex'),
    // A data directory that outlives the test (restart, backup, a server process) keeps its file key there.
    fileEncryption: options.dataDir ? loadSecrets(config).fileEncryption : { current: randomBytes(32), previous: [] },
  };
  const logger = createLogger({ level: config.logLevel, destination: options.logDestination });
  const testDb = options.databaseOptions
    ? { options: options.databaseOptions, drop: () => Promise.resolve() }
    : await createTestDatabase();
  const database = await createDatabase(testDb.options);
  await database.migrate();
  const mailer = createOutboxMailer({ db: database.db, from: config.mailFrom });
  const queue = createQueue({ database, logger });
  await queue.start();
  await queue.work(createSendEmailWorker(mailer, database.db, logger));
  const built = createApp({ config, secrets, database, queue, mailer, logger });
  return {
    ...built,
    logger,
    config,
    secrets,
    database,
    queue,
    dataDir,
    close: async () => {
      await queue.stop(5_000);
      await database.close();
      await testDb.drop();
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let ipCounter = 0;
/** A distinct client address per caller, so rate limits of one test do not touch another. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${process.pid % 250}.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

export type JsonCall = { method?: string; body?: unknown; headers?: Record<string, string> };

/**
 * A request from the app's own origin, signed in with `cookie` when given, with a JSON body when
 * `body` is; the answer's status, its JSON body (null when it is not JSON) and the response.
 */
export async function requestJson<T = Record<string, unknown>>(app: TestContext['app'], cookie: string | null, url: string, init: JsonCall = {}) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, ...init.headers };
  if (cookie) headers.cookie = cookie;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await app.request(url, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const body = (res.headers.get('content-type') ?? '').includes('json') ? ((await res.json()) as T) : (null as T);
  return { status: res.status, body, res };
}

/** Fetches a challenge and solves it as the browser would; returns the header value. */
export async function solveCaptcha(app: TestContext['app']): Promise<string> {
  const res = await app.request('/api/captcha/challenge');
  const challenge = (await res.json()) as { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('captcha not solvable');
  const payload = { algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution.number, salt: challenge.salt, signature: challenge.signature };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

export type JsonRequest = { ip?: string; cookie?: string; captcha?: string | false; headers?: Record<string, string> };

/** POST JSON the way the web app does (same origin). */
export async function postJson(app: TestContext['app'], url: string, body: unknown, options: JsonRequest = {}) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    origin: TEST_ORIGIN,
    'x-forwarded-for': options.ip ?? nextIp(),
    ...options.headers,
  };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.captcha !== false && options.captcha !== undefined) headers['x-captcha-response'] = options.captcha;
  return app.request(url, { method: 'POST', headers, body: JSON.stringify(body) });
}

/** The cookies a response sets, as a Cookie request header. */
export function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Waits until the mail job has delivered a message to `to` (newest first). */
export async function waitForMail(database: Database, to: string, subjectIncludes: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const rows = await database.db.select().from(outboxMessage).where(eq(outboxMessage.to, to)).orderBy(desc(outboxMessage.createdAt));
    const found = rows.find((m) => m.subject.includes(subjectIncludes));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail "${subjectIncludes}" to ${to} within ${timeoutMs} ms`);
}

/** The first link in a mail's text that starts with the given path. */
export function linkIn(text: string, pathPrefix: string): URL {
  const match = text.match(/https?:\/\/\S+/g)?.map((u) => new URL(u)).find((u) => u.pathname.startsWith(pathPrefix));
  if (!match) throw new Error(`No ${pathPrefix} link in mail`);
  return match;
}

export const STRONG_PASSWORD = 'Sunny-Day-42';
