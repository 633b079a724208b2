import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../platform/logger.ts';
import { AppError } from '../../http/errors.ts';
import { analyzeUserBill, detectBillAnomalies } from '../analysis/analysis.service.ts';
import { type Auth, countUsers } from '../auth/auth.service.ts';
import { type BillsDeps, countUnfinishedBills, listBillFigures, uploadBill } from '../bills/bills.service.ts';
import { generateDemoBills } from './demo-bills.ts';

export { generateDemoBills } from './demo-bills.ts';

// DEMO DATA: the demo account and its twelve bills exist so a newcomer sees a full dashboard on
// first start. They go through the real pipeline (upload → bill reader → analysis).

export const DEMO_EMAIL = 'demo@wattwise.local';
const CREDENTIALS_FILE = 'demo-credentials.json';

export type DemoCredentials = { email: string; password: string };
type DemoState = DemoCredentials & { uploaded?: boolean; analyzed?: boolean };

/**
 * Creates a verified email + password account (or returns the existing one's id). Used for the
 * demo account and by tests; better-auth hashes the password as on sign-up.
 */
export async function createVerifiedUser(auth: Auth, email: string, password: string, name = email.split('@')[0] ?? email): Promise<{ userId: string; created: boolean }> {
  const ctx = await auth.$context;
  const normalized = email.trim().toLowerCase();
  const existing = await ctx.internalAdapter.findUserByEmail(normalized);
  if (existing) return { userId: existing.user.id, created: false };
  const created = await ctx.internalAdapter.createUser({ email: normalized, name, emailVerified: true, role: 'user' }, { method: 'email-password' });
  await ctx.internalAdapter.linkAccount({ userId: created.id, providerId: 'credential', accountId: created.id, password: await ctx.password.hash(password) });
  return { userId: created.id, created: true };
}

function readState(file: string): DemoState | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<DemoState>;
    return typeof parsed.email === 'string' && typeof parsed.password === 'string' ? (parsed as DemoState) : null;
  } catch {
    return null;
  }
}

function writeState(file: string, state: DemoState): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}

/**
 * Demo mode: the credentials of the demo account. Generated (and saved in
 * DATA_DIR/demo-credentials.json) on the first start with an empty database; read back on
 * later starts. Null when the database already had users before demo mode ever ran.
 */
export async function prepareDemoAccount(db: Db, dataDir: string, logger: Logger): Promise<DemoCredentials | null> {
  const file = path.join(dataDir, CREDENTIALS_FILE);
  let state = readState(file);
  if (!state) {
    if ((await countUsers(db)) > 0) return null;
    state = { email: DEMO_EMAIL, password: `Demo-${randomBytes(9).toString('base64url')}-7a` };
    writeState(file, state);
  }
  // The password stays in the file (mode 600); logs are often shipped elsewhere.
  logger.info({ demoAccount: state.email, file }, `Demo account: ${state.email} (password in ${file})`);
  return { email: state.email, password: state.password };
}

/**
 * Creates the demo account and runs its twelve bills through the real pipeline in the
 * background: upload, wait for the bill reader, analyse each bill and check it for anomalies.
 * Resumes where it stopped after a restart (progress is kept in the credentials file).
 */
export async function seedDemoData(deps: {
  auth: Auth;
  bills: BillsDeps;
  dataDir: string;
  logger: Logger;
  now?: Date;
  pollMs?: number;
  timeoutMs?: number;
  /** Serialises the account and upload step across processes on one database (the start-up lock), so the demo is seeded once. */
  once?: <T>(fn: () => Promise<T>) => Promise<T>;
}): Promise<{ userId: string }> {
  const { bills, logger } = deps;
  const file = path.join(deps.dataDir, CREDENTIALS_FILE);
  const state = readState(file);
  if (!state) throw new Error('demo credentials missing');
  const once = deps.once ?? (<T>(fn: () => Promise<T>) => fn());
  const { userId } = await once(async () => {
    const user = await createVerifiedUser(deps.auth, state.email, state.password, 'Demo');
    if (!state.uploaded) {
      const existing = await listBillFigures(bills.db, user.userId, {});
      if (existing.length === 0) {
        for (const bill of generateDemoBills(deps.now ?? new Date())) {
          await uploadBill(bills, user.userId, { bytes: bill.bytes, fileName: bill.fileName, propertyType: 'residential', billType: 'electricity' });
        }
        logger.info({ bills: 12 }, 'demo bills queued');
      }
      writeState(file, { ...state, uploaded: true });
    }
    return user;
  });
  if (!state.analyzed) {
    const deadline = Date.now() + (deps.timeoutMs ?? 10 * 60_000);
    while ((await countUnfinishedBills(bills.db, userId)) > 0) {
      if (Date.now() > deadline) throw new Error('demo bills were not processed in time');
      await new Promise((resolve) => setTimeout(resolve, deps.pollMs ?? 1000));
    }
    const processed = (await listBillFigures(bills.db, userId, {})).filter((b) => b.status === 'processed').reverse();
    for (const bill of processed) {
      // The automatic analysis (analyse-bill job) may get there first.
      if (!bill.analyzed) await analyzeUserBill(bills.db, userId, bill.id).catch((error: unknown) => {
        if (!(error instanceof AppError && error.code === 'ALREADY_ANALYZED')) throw error;
      });
      await detectBillAnomalies(bills.db, userId, bill.id);
    }
    writeState(file, { ...state, uploaded: true, analyzed: true });
    logger.info({ bills: processed.length }, 'demo bills analysed');
  }
  return { userId };
}
