import fs from 'node:fs';
import path from 'node:path';
import { closeReaders } from '@wattwise/extractor/extract';
import { expect } from 'vitest';
import { REPO_ROOT, type Env } from '../../config.ts';
import { cookiesOf, createTestContext, postJson, solveCaptcha, STRONG_PASSWORD, TEST_ORIGIN } from '../../test/test-app.ts';
import { createVerifiedUser } from '../demo/demo.service.ts';
import { createAnalyseBillJob } from '../../use-cases/analyse-bill.ts';
import { createAiProvider } from '../../platform/ai.ts';
import { type BillJobDeps, startBillWorker } from './bills.jobs.ts';

/** Generated bills with their true values, inside the repository (packages/extractor/tools/README.md). */
export const GENERATED_BILLS = path.resolve(REPO_ROOT, 'packages/extractor/test-fixtures/generated');

/** The true values of a generated bill (its `.json` beside the file). */
export type BillTruth = {
  utilityProvider: string;
  accountNumber: string;
  totalAmount: number;
  dueDate: string;
  servicePeriodStart: string;
  servicePeriodEnd: string;
  usageAmount: number | null;
  usageUnit: string | null;
};

export type FixtureBill = { name: string; bytes: Uint8Array; truth: BillTruth };

/** A generated bill file with its truth. */
export function generatedBill(name: string): FixtureBill {
  const file = path.join(GENERATED_BILLS, name);
  const truth = JSON.parse(fs.readFileSync(file.replace(/\.[a-z]+$/, '.json'), 'utf8')) as BillTruth;
  return { name, bytes: new Uint8Array(fs.readFileSync(file)), truth };
}

/** A one-page electricity bill with a text layer, read exactly by the rules (Bluestem REMC, $176.60). */
export const TEXT_BILL = generatedBill('gen-fixtures-0004.pdf');
/** A phone photo of a bill (JPEG): read through OCR. */
export const PHOTO_BILL = generatedBill('gen-fixtures-jpg-0001.jpg');

export type TestBill = { id: string; status: string } & Record<string, unknown>;

export type BillsTestContext = Awaited<ReturnType<typeof createBillsTestContext>>;

/** The whole app plus the bill worker, on a fresh database (see test/test-app.ts). */
export async function createBillsTestContext(
  env: Env = {},
  options: Parameters<typeof createTestContext>[1] & { extract?: BillJobDeps['extract']; read?: BillJobDeps['read']; startWorker?: boolean; autoAnalyse?: boolean } = {},
) {
  const ctx = await createTestContext(env, options);
  const worker =
    options.startWorker === false
      ? null
      : await startBillWorker({ ...ctx.bills, database: ctx.database, extract: options.extract, read: options.read, ai: createAiProvider(ctx.config.ai) }, ctx.queue, { expireSeconds: ctx.config.billJobExpireSeconds });
  // The analyse-bill worker, as the server runs it (off by default: tests of the Analyze button press it themselves).
  if (options.autoAnalyse) await ctx.queue.work(createAnalyseBillJob({ db: ctx.bills.db, notifier: ctx.bills.notifier, logger: ctx.bills.logger }));
  let users = 0;
  const api = {
    ...ctx,
    /** A verified user, signed in; returns the session cookie. */
    async signIn(email = `bills-${process.pid}-${++users}-${Date.now()}@example.com`, password = STRONG_PASSWORD) {
      await createVerifiedUser(ctx.auth, email, password);
      const res = await postJson(ctx.app, '/api/auth/sign-in/email', { email, password }, { captcha: await solveCaptcha(ctx.app) });
      expect(res.status).toBe(200);
      return cookiesOf(res);
    },
    upload(cookie: string | null, bytes: Uint8Array, fileName: string, fields: Record<string, string> = {}) {
      const form = new FormData();
      form.set('bill', new File([Buffer.from(bytes)], fileName));
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      const headers: Record<string, string> = { origin: TEST_ORIGIN };
      if (cookie) headers.cookie = cookie;
      return ctx.app.request('/api/bills', { method: 'POST', headers, body: form });
    },
    async json<T = Record<string, unknown>>(cookie: string | null, url: string, init: { method?: string; body?: unknown } = {}) {
      const headers: Record<string, string> = { origin: TEST_ORIGIN };
      if (cookie) headers.cookie = cookie;
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      const res = await ctx.app.request(url, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
    },
    /** Polls GET /api/bills/:id until the bill is processed or failed. */
    async waitForBill(cookie: string, id: string, timeoutMs = 30_000): Promise<TestBill> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { body } = await api.json<{ bill: TestBill }>(cookie, `/api/bills/${id}`);
        if (body.bill.status === 'processed' || body.bill.status === 'failed') return body.bill;
        if (Date.now() > deadline) throw new Error(`bill ${id} still ${body.bill.status} after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    /** Files under DATA_DIR/uploads. */
    storedFiles(): string[] {
      const root = path.join(ctx.dataDir, 'uploads');
      if (!fs.existsSync(root)) return [];
      return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => path.join(d.parentPath, d.name));
    },
    async close() {
      worker?.stop();
      await ctx.bills.realtime.close();
      await ctx.close();
      await closeReaders();
    },
  };
  return api;
}
