import { randomUUID } from 'node:crypto';
import { HEALTH_CHECK_MS, type IntegrationCheck, type PlatformChecks } from '@wattwise/shared/contract/platform-status';
import type { Database } from '../../db/client.ts';
import type { CaptchaVerifier } from '../../platform/captcha.ts';
import type { Helpdesk } from '../../platform/helpdesk/helpdesk.ts';
import type { Realtime } from '../../platform/realtime.ts';
import type { Storage } from '../../platform/storage.ts';

// Real checks of each adapter (issue 17): every one does the adapter's own work once (a query,
// a file written and read back, a challenge signed, an event sent through LISTEN/NOTIFY) and
// says whether it runs the embedded default or a configured service.

export type PlatformDeps = {
  database: Database;
  storage: Storage;
  realtime: Realtime;
  captcha: CaptchaVerifier;
  mailKind: 'smtp' | 'outbox';
  aiName: string | null;
  /** The outside helpdesk, or null: tickets live in our database and staff answer from /admin. */
  helpdesk?: Helpdesk | null;
  version: string;
};

type Outcome = Pick<IntegrationCheck, 'status' | 'message'> & { details?: IntegrationCheck['details'] };

async function timed(base: Omit<IntegrationCheck, 'status' | 'message' | 'details' | 'ms'>, run: () => Promise<Outcome>): Promise<IntegrationCheck> {
  const started = performance.now();
  try {
    const r = await run();
    return { ...base, status: r.status, message: r.message, details: r.details ?? {}, ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { ...base, status: 'error', message: error instanceof Error ? error.message : String(error), details: {}, ms: Math.round(performance.now() - started) };
  }
}

const withTimeout = <T>(work: Promise<T>, ms: number, what: string) =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms))]);

/** Runs every check (in parallel). */
export async function runChecks(deps: PlatformDeps): Promise<IntegrationCheck[]> {
  const { database } = deps;
  return Promise.all([
    timed({ name: 'database', label: 'Database', mode: database.kind === 'pglite' ? 'embedded' : 'configured', provider: database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL' }, async () => {
      const ready = await withTimeout(database.isReady(), 5000, 'The database');
      const { rows } = await database.execute('select count(*)::int as n from utility_bills');
      return ready
        ? { status: 'success', message: 'Answers; every committed migration is applied', details: { bills: Number(rows[0]?.n ?? 0) } }
        : { status: 'error', message: 'Migrations pending or the database does not answer' };
    }),
    timed({ name: 'storage', label: 'File storage', mode: 'embedded', provider: deps.storage.kind }, async () => {
      const key = `health-check/${randomUUID()}`;
      const bytes = new TextEncoder().encode('wattwise health check');
      await deps.storage.put(key, bytes);
      const back = await deps.storage.get(key);
      await deps.storage.delete(key);
      return back && back.length === bytes.length ? { status: 'success', message: 'A file was written, read back and removed' } : { status: 'error', message: 'The file written could not be read back' };
    }),
    timed({ name: 'email', label: 'Email', mode: deps.mailKind === 'outbox' ? 'embedded' : 'configured', provider: deps.mailKind === 'outbox' ? 'Outbox (dev mailbox)' : 'SMTP' }, async () => {
      const { rows } = await database.execute("select count(*)::int as n from outbox_messages where created_at > now() - interval '1 day'");
      return deps.mailKind === 'outbox'
        ? { status: 'warning', message: 'No mail leaves this server: messages wait in the outbox (set SMTP_URL)', details: { outboxLastDay: Number(rows[0]?.n ?? 0) } }
        : { status: 'success', message: 'SMTP configured; the send-email job delivers with retries (not probed: a probe would send mail)' };
    }),
    timed({ name: 'ai', label: 'AI provider', mode: deps.aiName ? 'configured' : 'embedded', provider: deps.aiName ?? 'Offline engines' }, () =>
      Promise.resolve<Outcome>(
        deps.aiName
          ? { status: 'success', message: `${deps.aiName} configured (not probed: a probe costs tokens)` }
          : { status: 'success', message: 'No AI provider set: every AI screen answers with its offline engine' },
      ),
    ),
    timed({ name: 'human_verification', label: 'Human verification', mode: deps.captcha.provider === 'altcha' ? 'embedded' : 'configured', provider: deps.captcha.provider }, async () => {
      if (deps.captcha.createChallenge) {
        const challenge = await deps.captcha.createChallenge();
        return { status: 'success', message: 'A proof-of-work challenge was signed', details: { algorithm: challenge.algorithm, maxNumber: challenge.maxnumber ?? null } };
      }
      return deps.captcha.siteKey ? { status: 'success', message: 'Site key configured' } : { status: 'error', message: 'reCAPTCHA configuration missing' };
    }),
    timed({ name: 'helpdesk', label: 'Helpdesk', mode: deps.helpdesk ? 'configured' : 'embedded', provider: deps.helpdesk?.name ?? 'Our database (admin Tickets tab)' }, async () => {
      const { rows } = await database.execute("select count(*) filter (where status not in ('solved', 'closed'))::int as open, count(*) filter (where zendesk_ticket_id is null)::int as unpushed from support_tickets");
      const counts = { openTickets: Number(rows[0]?.open ?? 0) };
      if (!deps.helpdesk) return { status: 'success', message: 'Tickets are kept here; staff answer from the admin Tickets tab', details: counts };
      const who = await withTimeout(deps.helpdesk.check(), 10_000, deps.helpdesk.name);
      const unpushed = Number(rows[0]?.unpushed ?? 0);
      const details = { ...counts, notYetPushed: unpushed, agent: who.agent, role: who.role };
      if (who.role !== 'agent' && who.role !== 'admin') return { status: 'error', message: `${deps.helpdesk.name} answers, but the API user is a ${who.role}, not an agent`, details };
      return unpushed > 0
        ? { status: 'warning', message: `${deps.helpdesk.name} answers; ${unpushed} ticket(s) wait to be pushed (retried by the push job)`, details }
        : { status: 'success', message: `${deps.helpdesk.name} answers with the configured agent's credentials`, details };
    }),
    timed({ name: 'queue', label: 'Job queue', mode: database.kind === 'pglite' ? 'embedded' : 'configured', provider: 'pg-boss' }, async () => {
      const { rows } = await database.execute("select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')");
      return { status: 'success', message: 'Queue tables answer', details: { waitingOrRunning: Number(rows[0]?.n ?? 0) } };
    }),
    timed({ name: 'realtime', label: 'Realtime events', mode: database.kind === 'pglite' ? 'embedded' : 'configured', provider: 'LISTEN/NOTIFY' }, async () => {
      const topic = `_health:${randomUUID()}`;
      let resolve: () => void = () => undefined;
      const received = new Promise<void>((r) => (resolve = r));
      const unsubscribe = await deps.realtime.subscribe(topic, () => resolve());
      try {
        await deps.realtime.publish(topic, { ping: true });
        await withTimeout(received, 3000, 'The event');
        return { status: 'success', message: 'An event was published and received' };
      } finally {
        await unsubscribe();
      }
    }),
  ]);
}

/** 02-tools §4: online only if every check passes (a warning passes); rechecked at most every 5 minutes unless forced. */
export function createPlatformStatus(deps: PlatformDeps) {
  let last: PlatformChecks | null = null;
  let running: Promise<PlatformChecks> | null = null;
  const check = () =>
    (running ??= runChecks(deps)
      .then((checks) => (last = { isOnline: checks.every((c) => c.status !== 'error'), lastCheck: new Date().toISOString(), version: deps.version, checks }))
      .finally(() => {
        running = null;
      }));
  return {
    async current(force = false): Promise<PlatformChecks> {
      if (!force && last && Date.now() - Date.parse(last.lastCheck) < HEALTH_CHECK_MS) return last;
      return check();
    },
  };
}
export type PlatformStatusService = ReturnType<typeof createPlatformStatus>;
