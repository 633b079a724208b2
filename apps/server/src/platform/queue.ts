import PgBoss from 'pg-boss';
import type { z } from 'zod';
import { type Database, QUEUE_LOCK_ID } from '../db/client.ts';
import type { Logger } from './logger.ts';

/**
 * Durable jobs on pg-boss, in whichever database is in use. On PGlite pg-boss talks through
 * `db.executeSql`; Database.execute sends parameterless text through PGlite `exec`, which
 * accepts the several statements pg-boss's migrations and locks hold.
 */
export type JobDefinition<T> = {
  name: string;
  schema: z.ZodType<T>;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** 'stately': at most one job per singleton key waiting and one running (sends with a key already waiting are dropped). */
  policy?: 'stately';
  handler: (data: T, meta: { id: string; attempt: number }) => Promise<void>;
};

export type Queue = {
  /**
   * Enqueues a job; the payload is parsed with the job's schema first. With a singleton key on a
   * stately job, null when an equal job is already waiting.
   */
  send<T>(job: Pick<JobDefinition<T>, 'name' | 'schema' | 'retryLimit' | 'retryDelaySeconds' | 'policy'>, data: T, options?: { singletonKey?: string }): Promise<string | null>;
  /** Starts a worker for the job in this process. */
  work<T>(job: JobDefinition<T>): Promise<void>;
  /**
   * Runs the job on a cron schedule (UTC): pg-boss's timekeeper in one process of the fleet sends
   * it once per slot, and any worker takes it. Also starts the job's worker in this process.
   */
  schedule(job: JobDefinition<Record<string, never>>, cron: string): Promise<void>;
  start(): Promise<void>;
  /** Stops fetching, waits for jobs in flight (up to timeoutMs), then returns. */
  stop(timeoutMs?: number): Promise<void>;
  boss: PgBoss;
  /** Wakes this process's workers of the queue (after a job was sent to it outside `send`). */
  wake(jobName: string): void;
};

export type QueueOptions = {
  database: Database;
  logger: Logger;
  pollingIntervalSeconds?: number;
  /**
   * Whether this process runs jobs (maintenance, schedules). An API-only process only sends.
   * Default true.
   */
  runsJobs?: boolean;
  /** Jobs of different keys a stately queue's worker takes per poll (see STATELY_BATCH_SIZE); default 1. */
  statelyBatchSize?: number;
};

/**
 * How often an idle worker asks the database for a job. Jobs sent by this process wake its own
 * worker at once (`notifyWorker`), so the interval only delays jobs sent by another process and
 * retries. Each poll is a statement per queue: at 0.5 s, fifteen queues cost the embedded
 * database 30 statements a second, busy or not (decision 201).
 */
const POLLING_INTERVAL_SECONDS = 2;
/**
 * Stately queues (one waiting job per key: the analysis of a bill) are not woken by a send: they
 * keep the 0.5 s poll, so repeats of one key sent within it (a bill corrected several times) still
 * run once, as before.
 */
const STATELY_POLLING_INTERVAL_SECONDS = 0.5;
/**
 * Jobs of different keys a dedicated worker (ROLE=worker) takes per poll of a stately queue, one
 * after another. pg-boss waits the interval after every fetch, even one that found work, so one
 * job a poll caps the bill analyses at two a second per process: after an import of many bills
 * the last ones' analyses trail by a second per two bills. A process that also serves the API
 * keeps one a poll: in the many-user bench (a bill corrected every 20th request) five a poll ran
 * five times the analyses and took the mix from 25–28 % of health's throughput to 21–24 %. A key
 * is never taken twice in one batch (pg-boss).
 */
export const STATELY_BATCH_SIZE = 5;

export function createQueue({ database, logger, pollingIntervalSeconds = POLLING_INTERVAL_SECONDS, runsJobs = true, statelyBatchSize = 1 }: QueueOptions): Queue {
  // pg-boss writes a job's completion or failure without awaiting it: a job still running when the
  // queue stopped would reject unhandled once the database is closed. After stop, such a write is
  // dropped (logged); the job stays active, expires and is retried by the next process.
  let stopped = false;
  const executeSql = async (text: string, values: unknown[]) => {
    try {
      return await database.execute(text, values);
    } catch (error) {
      if (!stopped) throw error;
      logger.warn({ err: error }, 'job queue write after stop dropped');
      // Answered as a statement that touched nothing: pg-boss reads `rows[0].count` of its
      // complete/fail commands (SELECT COUNT(*) FROM results), and would throw, unhandled, on none.
      return { rows: /select\s+count\(\*\)/i.test(text) ? [{ count: '0' }] : [] };
    }
  };
  const boss = new PgBoss({
    db: { executeSql },
    schema: 'pgboss',
    // Maintenance and the cron timekeeper take pg-boss's own advisory locks, so every worker may run them.
    supervise: runsJobs,
    schedule: runsJobs,
    maintenanceIntervalSeconds: 60,
  });
  boss.on('error', (error: unknown) => logger.error({ err: error }, 'job queue error'));
  const createdQueues = new Set<string>();
  /** This process's workers by queue, woken when this process sends them a job. */
  const localWorkers = new Map<string, string[]>();
  const ensureQueue = async (name: string, options: { retryLimit?: number; retryDelaySeconds?: number; policy?: 'stately' }) => {
    if (createdQueues.has(name)) return;
    // Two processes creating the same queue at once can deadlock in pg-boss 10: one at a time across the fleet.
    await database.withLock(QUEUE_LOCK_ID, () => boss.createQueue(name, {
      name,
      ...(options.policy ? { policy: options.policy } : {}),
      retryLimit: options.retryLimit ?? 5,
      retryDelay: options.retryDelaySeconds ?? 5,
      retryBackoff: true,
      expireInSeconds: 15 * 60,
    }));
    createdQueues.add(name);
  };

  const work: Queue['work'] = async (job) => {
    await ensureQueue(job.name, job);
    const interval = job.policy === 'stately' ? Math.min(pollingIntervalSeconds, STATELY_POLLING_INTERVAL_SECONDS) : pollingIntervalSeconds;
    const batchSize = job.policy === 'stately' ? statelyBatchSize : 1;
    const workerId = await boss.work(job.name, { pollingIntervalSeconds: interval, batchSize, includeMetadata: true }, async (batch) => {
      for (const raw of batch) {
        const started = Date.now();
        try {
          await job.handler(job.schema.parse(raw.data), { id: raw.id, attempt: raw.retryCount + 1 });
          logger.info({ job: job.name, jobId: raw.id, ms: Date.now() - started }, 'job done');
        } catch (error) {
          logger.warn({ job: job.name, jobId: raw.id, attempt: raw.retryCount + 1, err: error }, 'job failed; pg-boss retries with backoff');
          // pg-boss fails a whole batch when the handler throws: a job of a batch fails alone (retried
          // with backoff), and pg-boss completes the others, those still active, when the batch ends.
          if (batch.length === 1) throw error;
          await boss.fail(job.name, raw.id, { message: error instanceof Error ? error.message : String(error) });
        }
      }
    });
    if (job.policy !== 'stately') localWorkers.set(job.name, [...(localWorkers.get(job.name) ?? []), workerId]);
  };

  const wake = (jobName: string) => {
    for (const workerId of localWorkers.get(jobName) ?? []) boss.notifyWorker(workerId);
  };

  return {
    boss,
    wake,
    start: async () => {
      await boss.start();
    },
    work,
    schedule: async (job, cron) => {
      await work(job);
      await boss.schedule(job.name, cron, {}, { tz: 'UTC', retryLimit: job.retryLimit ?? 0 });
    },
    send: async (job, data, options) => {
      const payload = job.schema.parse(data);
      await ensureQueue(job.name, job);
      const id = await boss.send(job.name, payload as object, {
        retryLimit: job.retryLimit ?? 5,
        retryDelay: job.retryDelaySeconds ?? 5,
        retryBackoff: true,
        ...(options?.singletonKey ? { singletonKey: options.singletonKey } : {}),
      });
      if (!id && job.policy === 'stately' && options?.singletonKey) return null;
      if (!id) throw new Error(`Job ${job.name} was not queued`);
      wake(job.name);
      return id;
    },
    stop: async (timeoutMs = 20_000) => {
      await new Promise<void>((resolve) => {
        const done = () => {
          stopped = true;
          resolve();
        };
        boss.once('stopped', done);
        boss.stop({ graceful: true, close: false, timeout: timeoutMs, wait: true }).catch((error: unknown) => {
          logger.error({ err: error }, 'job queue stop failed');
          done();
        });
        // stop() with wait resolves only after jobs in flight finished; 'stopped' also fires then.
        setTimeout(done, timeoutMs + 1000).unref();
      });
    },
  };
}

/**
 * Runs `job` every `seconds` through the queue: each process offers a job per slot and pg-boss
 * keeps one per slot (singleton key and seconds), so several processes do not multiply the
 * work, and the work runs on whichever worker takes it. Returns the function that stops offering.
 */
export async function startTicker(queue: Queue, job: JobDefinition<Record<string, never>>, seconds: number, logger: Logger): Promise<() => void> {
  await queue.work(job);
  const offer = () =>
    queue.boss
      .send(job.name, {}, { singletonKey: job.name, singletonSeconds: seconds, retryLimit: 0, expireInSeconds: Math.max(60, seconds * 4) })
      .then((id) => {
        if (id) queue.wake(job.name);
      })
      .catch((error: unknown) => logger.warn({ err: error, job: job.name }, 'tick not queued'));
  void offer();
  const timer = setInterval(() => void offer(), seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
