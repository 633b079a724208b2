import { checkWithAi, type DocumentReader, extractBill, extractFromDocument, type ExtractOptions } from '@wattwise/extractor/extract';
import { type DocumentText, ExtractionError, type ExtractionResult } from '@wattwise/extractor/types';
import { chooseStrategy, guessDocumentType, textractCost } from '@wattwise/shared/processing';
import { type Database, type Db, QUEUE_LOCK_ID } from '../../db/client.ts';
import type { AiProvider } from '../../platform/ai.ts';
import type { JobDefinition, Queue } from '../../platform/queue.ts';
import { recordProcessingRun } from '../processing/processing.service.ts';
import { matchOrCreateAccount } from '../properties/properties.service.ts';
import { billAiCheck } from './bill-ai.ts';
import type { ProcessingInfo } from './bill-dto.ts';
import { BILL_MESSAGES } from './bills.messages.ts';
import { type BillRow, findBill, findSamePeriodBill, setBillColumns, updateBill, updateBillIfStatus } from './bills.queries.ts';
import { type BillsDeps, queueBillAnalysis } from './bills.service.ts';
import { layoutHintsFor, saveDocumentText, searchTextOf } from './layout-hints.ts';
import { activeHintsFor } from './reader-model.ts';
import { type BillEvent, billTopic, BILL_TYPES, PROCESS_BILL_JOB, processBillPayload, type ProcessBillPayload } from './bills.shared.ts';

/** Reading one bill may take this long (OCR of a many-page scan) before it counts as a failed attempt. */
const EXTRACT_TIMEOUT_MS = 5 * 60_000;
/** A read bill type overrides the one chosen on the upload form only when the reader is this sure. */
const BILL_TYPE_OVERRIDE_CONFIDENCE = 0.8;

export type ExtractFn = (bytes: Uint8Array, opts?: ExtractOptions) => Promise<ExtractionResult>;

export type BillJobDeps = BillsDeps & {
  /** The bill reader; tests may wrap it (e.g. to stop mid-way). */
  extract?: ExtractFn;
  /** How often the bill being read is touched, so other processes see its worker is alive. */
  heartbeatMs?: number;
  /** Where files are read (rendering, decoding, OCR): the process's reader pool; unset, in this thread. */
  read?: DocumentReader;
  /** The configured AI provider: asked about the fields the reader is unsure of (absent or null: no AI is used). */
  ai?: AiProvider | null;
};

function isKnown(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '' && value !== 'Unknown';
}

/**
 * Processing cost per the spec's cost model (packages/shared/processing): the strategy chosen for
 * the document, priced per page for the text-extraction step, plus what the optional AI check
 * really cost (0 when the rules were sure enough and no AI was asked).
 */
export function costOf(bill: Pick<BillRow, 'fileName' | 'fileSize'>, result: ExtractionResult) {
  const documentType = guessDocumentType(bill.fileName, bill.fileSize);
  const strategy = chooseStrategy(documentType, result.pageCount);
  const extractionCost = textractCost(strategy.textractAPI, Math.min(strategy.processPages.length, result.pageCount));
  const aiCost = result.ai?.cost ?? 0;
  const tokensUsed = result.ai ? result.ai.inputTokens + result.ai.outputTokens : 0;
  return { documentType, strategy, extractionCost, aiCost, totalCost: extractionCost + aiCost, tokensUsed, claudeModel: result.ai ? result.ai.model : null };
}

/** Spec 01-core §3: the share of provider, account number and amount that were read, capped by the reader's own confidence. */
export function recordConfidence(result: ExtractionResult): number {
  const f = result.fields;
  const filled = [isKnown(f.utilityProvider.value), isKnown(f.accountNumber.value), f.totalAmount.value !== null].filter(Boolean).length;
  return Math.round(Math.min(result.confidence, filled / 3) * 1000) / 1000;
}

/** Saves a reading of a bill that is being processed: its fields, account, duplicate check and processing run (the bench seeds bills through it too). */
export async function saveExtraction(db: Db, bill: BillRow, result: ExtractionResult, processingTimeMs: number, extractedText: string | null = null): Promise<BillRow | undefined> {
  const f = result.fields;
  const cost = costOf(bill, result);
  const readType = f.billType.value;
  const billType =
    readType && readType !== bill.billType && f.billType.confidence >= BILL_TYPE_OVERRIDE_CONFIDENCE && (BILL_TYPES as readonly string[]).includes(readType)
      ? readType
      : bill.billType;
  const provider = isKnown(f.utilityProvider.value) ? f.utilityProvider.value.trim() : 'Unknown';
  const accountNumber = isKnown(f.accountNumber.value) ? f.accountNumber.value.trim() : 'Unknown';
  const processing: ProcessingInfo = {
    strategy: cost.strategy,
    documentType: cost.documentType,
    processingCost: cost.totalCost,
    extractionCost: cost.extractionCost,
    aiCost: cost.aiCost,
    processingTimeMs,
    pageCount: result.pageCount,
    textSources: result.textSources,
    checks: result.checks,
    extractorConfidence: result.confidence,
    ai: result.ai ?? null,
    crossChecked: result.crossChecked ?? [],
  };
  return db.transaction(async (tx) => {
    const accountId =
      bill.propertyId && provider !== 'Unknown' && accountNumber !== 'Unknown'
        ? (await matchOrCreateAccount(tx, bill.userId, { propertyId: bill.propertyId, provider, accountNumber, billType })).id
        : null;
    const period = { id: bill.id, accountId, servicePeriodStart: f.servicePeriodStart.value, servicePeriodEnd: f.servicePeriodEnd.value };
    const duplicate = await findSamePeriodBill(tx, bill.userId, period);
    const updated = await updateBillIfStatus(tx, bill.userId, bill.id, ['processing'], {
      status: 'processed',
      progress: 100,
      failureReason: null,
      billType,
      utilityProvider: provider,
      providerBrand: provider !== 'Unknown' && result.providerBrand?.value ? result.providerBrand.value : null,
      accountNumber,
      accountId,
      totalAmount: f.totalAmount.value,
      currentCharges: f.currentCharges.value,
      previousBalance: f.previousBalance.value,
      paymentsReceived: f.paymentsReceived.value,
      lateFees: f.lateFees.value,
      rate: f.rate.value,
      charges: f.charges,
      dueDate: f.dueDate.value,
      servicePeriodStart: f.servicePeriodStart.value,
      servicePeriodEnd: f.servicePeriodEnd.value,
      usageAmount: f.usageAmount.value,
      usageUnit: f.usageUnit.value,
      processingConfidence: recordConfidence(result),
      processingCost: cost.totalCost,
      processingTimeMs,
      extracted: { fields: f, confidence: result.confidence },
      extractedText,
      processing,
      duplicateOfId: duplicate?.id ?? null,
    });
    // Another run finished first (a job resumed after expiry): record nothing twice.
    if (!updated) return undefined;
    await recordProcessingRun(tx, {
      userId: bill.userId,
      billId: bill.id,
      documentType: cost.documentType,
      textractApi: cost.strategy.textractAPI,
      claudeModel: cost.claudeModel,
      extractionCost: cost.extractionCost,
      aiCost: cost.aiCost,
      tokensUsed: cost.tokensUsed,
      processingTimeMs,
    });
    return updated;
  });
}

/**
 * Reads the bill, keeps the text it saw beside the file (so a later correction can teach where a
 * value was printed), and reads it once more with the hints learned from corrections of earlier
 * bills of the same provider and account, when there are any.
 */
async function readWithHints(
  deps: { db: Db; storage: BillsDeps['storage']; logger: BillsDeps['logger']; ai?: AiProvider | null },
  extract: ExtractFn,
  bill: BillRow,
  bytes: Uint8Array,
  onProgress?: (share: number) => void,
  reader?: DocumentReader,
): Promise<{ result: ExtractionResult; text: string | null }> {
  const signal = AbortSignal.timeout(EXTRACT_TIMEOUT_MS);
  const read = await extract(bytes, { signal, keepDocument: true, onProgress, ...(reader ? { read: reader } : {}) });
  const doc = read.document;
  if (!doc) return { result: read, text: null };
  const result = await rereadWithHints(deps, bill, read, doc);
  return { result: deps.ai ? await askAi(deps, deps.ai, bill, result, doc, signal) : result, text: searchTextOf(doc) };
}

/**
 * The AI check of the final reading (after the layout hints): the model is asked only about the
 * fields under the confidence floor, and an answer is taken only when printed on the bill. A
 * provider that fails never fails the bill: the reading stays as the rules left it.
 */
async function askAi(
  deps: { logger: BillsDeps['logger'] },
  ai: AiProvider,
  bill: BillRow,
  result: ExtractionResult,
  doc: DocumentText,
  signal: AbortSignal,
): Promise<ExtractionResult> {
  try {
    return await checkWithAi(result, doc, billAiCheck(ai), { signal });
  } catch (error) {
    if (signal.aborted) throw error;
    deps.logger.warn({ err: error, billId: bill.id }, 'AI check failed; the reading is kept as the rules left it');
    return { ...result, checks: [...result.checks, { name: 'AI check', passed: false, detail: `not available (${error instanceof Error ? error.message : String(error)})` }] };
  }
}

async function rereadWithHints(
  deps: { db: Db; storage: BillsDeps['storage']; logger: BillsDeps['logger'] },
  bill: BillRow,
  result: ExtractionResult,
  doc: DocumentText,
): Promise<ExtractionResult> {
  const { document: _doc, ...plain } = result;
  // Keeping the text only helps later corrections teach: a storage hiccup here must not fail the bill.
  await saveDocumentText(deps.storage, bill.filePath, doc).catch((error: unknown) => deps.logger.warn({ err: error, billId: bill.id }, 'bill text not kept'));
  const provider = result.fields.utilityProvider.value;
  const own = await layoutHintsFor(deps, bill.userId, { id: bill.id, provider, accountNumber: result.fields.accountNumber.value });
  // The promoted reader model's hints for the provider (decision 101); the user's own corrections of this account come first.
  const shared = (await activeHintsFor(deps.db, provider)).filter((h) => !own.some((o) => o.field === h.field));
  const hints = [...own, ...shared];
  if (hints.length === 0) return plain;
  const { confirmed: _c, stats: _s, ...again } = extractFromDocument(doc, undefined, hints);
  return { ...again, ai: plain.ai, checks: [...again.checks, { name: 'layout hints from corrections', passed: true, detail: hints.map((h) => h.field).join(', ') }] };
}

/**
 * Tells the owner their bill was read, or could not be (the in-app notification, and an email when
 * they want one). A notification that fails to go out never fails the bill.
 */
async function notifyBillOutcome(deps: Pick<BillJobDeps, 'notifier' | 'logger'>, bill: BillRow): Promise<void> {
  if (!deps.notifier) return;
  const name = bill.fileName;
  const input =
    bill.status === 'processed'
      ? {
          type: 'other' as const,
          alert: null,
          title: 'Bill processed',
          message: `${name} was read${bill.totalAmount === null ? '' : `: amount due $${bill.totalAmount.toFixed(2)}`}. Its analysis is on the way; open it to check the values.`,
          actionUrl: `/dashboard/bills/${bill.id}`,
          dedupeKey: `bill-processed:${bill.id}`,
        }
      : {
          type: 'other' as const,
          alert: null,
          title: 'Bill could not be processed',
          message: `${name}: ${bill.failureReason ?? BILL_MESSAGES.processFailedFallback}`,
          actionUrl: `/dashboard/bills/${bill.id}`,
          // A failed bill can be retried and fail again: one notification per failure.
          dedupeKey: `bill-failed:${bill.id}:${bill.updatedAt.getTime()}`,
        };
  await deps.notifier.notify(bill.userId, input).catch((error: unknown) => deps.logger.warn({ err: error, billId: bill.id }, 'bill notification not sent'));
}

/** Reading spans progress 50 → 85; 90 is 'read', 100 'saved'. */
const READING_FROM = 50;
const READING_TO = 85;
/** Progress moves in steps of at least this many points (a 5-page scan reports a handful of times). */
const PROGRESS_STEP = 5;

/** Turns the reader's share read (0..1) into the bill's progress, reported only when it moved a step. */
export function readingProgress(report: (progress: number) => void): (share: number) => void {
  let last = READING_FROM;
  return (share) => {
    const progress = Math.round(READING_FROM + (READING_TO - READING_FROM) * Math.min(1, Math.max(0, share)));
    if (progress - last < PROGRESS_STEP && !(share >= 1 && progress > last)) return;
    last = progress;
    report(progress);
  };
}

/** The `process-bill` job: read the stored file, fill the row, report progress 50 → 85 while reading (pages, OCR) → 90 → 100. */
export function createProcessBillJob(deps: BillJobDeps): JobDefinition<ProcessBillPayload> {
  const { db, storage, logger } = deps;
  const extract = deps.extract ?? extractBill;
  const publish = async (billId: string, event: BillEvent) => {
    await deps.realtime.publish(billTopic(billId), event).catch((error: unknown) => logger.warn({ err: error, billId }, 'bill event not published'));
  };
  const fail = async (bill: BillRow, reason: string) => {
    const row = await updateBill(db, bill.userId, bill.id, { status: 'failed', progress: 0, failureReason: reason });
    if (row) {
      await publish(bill.id, { status: 'failed', progress: 0, step: 'failed', reason });
      await notifyBillOutcome(deps, row);
    }
  };

  return {
    ...PROCESS_BILL_JOB,
    handler: async ({ billId, userId }, { attempt }) => {
      const bill = await findBill(db, userId, billId);
      // Deleted meanwhile, or already finished by an earlier run: nothing to do.
      if (!bill || bill.status === 'processed' || bill.status === 'failed') return;
      const started = Date.now();
      const processing = await updateBill(db, userId, billId, { status: 'processing', progress: 50, attempts: bill.attempts + 1, failureReason: null });
      if (!processing) return;
      await publish(billId, { status: 'processing', progress: 50, step: 'reading_bill' });
      const heartbeat = setInterval(() => {
        setBillColumns(db, userId, billId, {}, ['processing']).catch((error: unknown) => logger.warn({ err: error, billId }, 'bill heartbeat failed'));
      }, deps.heartbeatMs ?? 10_000);
      try {
        const bytes = await storage.get(bill.filePath);
        // Storage lost it (not the user's doing): the bill fails with that reason and keeps its slot in the month's allowance.
        if (!bytes) throw new ExtractionError('CORRUPT_FILE', BILL_MESSAGES.fileUnavailable);
        const { result, text } = await readWithHints({ db, storage, logger, ai: deps.ai }, extract, bill, bytes, readingProgress((progress) => {
          // Saved too, so a page reloaded mid-reading shows where the bill is.
          void setBillColumns(db, userId, billId, { progress }, ['processing']).catch(() => undefined);
          void publish(billId, { status: 'processing', progress, step: 'reading_bill' });
        }), deps.read);
        if (!(await setBillColumns(db, userId, billId, { progress: 90 }, ['processing']))) return;
        await publish(billId, { status: 'processing', progress: 90, step: 'saving_results' });
        const saved = await saveExtraction(db, processing, result, Date.now() - started, text);
        if (saved) {
          // The analysis runs by itself (analyse-bill job); nobody has to press Analyze.
          await queueBillAnalysis(deps, userId, billId);
          await publish(billId, { status: 'processed', progress: 100, step: 'done' });
          await notifyBillOutcome(deps, saved);
        }
      } catch (error) {
        if (error instanceof ExtractionError && error.code !== 'TIMEOUT') {
          // The file itself cannot be read: retrying will not help.
          await fail(bill, error.message);
          return;
        }
        if (attempt > PROCESS_BILL_JOB.retryLimit) {
          logger.error({ err: error, billId }, 'bill processing failed for good');
          await fail(bill, error instanceof ExtractionError ? error.message : BILL_MESSAGES.processFailedFallback);
          return;
        }
        if (await setBillColumns(db, userId, billId, { status: 'queued', progress: 25 }, ['processing'])) {
          await publish(billId, { status: 'queued', progress: 25, step: 'retrying' });
        }
        throw error;
      } finally {
        clearInterval(heartbeat);
      }
    },
  };
}

export type BillWorkerOptions = {
  /** A job running longer than this is presumed dead whatever its heartbeat says, and run again. */
  expireSeconds: number;
  /** How often a reading worker touches its bill (default 10 s). */
  heartbeatSeconds?: number;
  /** A bill being read whose heartbeat is older than this has lost its worker (default 45 s). */
  staleSeconds?: number;
  /** How often to look for dead jobs; default: the heartbeat interval. */
  reclaimEverySeconds?: number;
  /** Bills read at the same time by this process (default 2: a text PDF need not wait behind a photo's OCR). */
  concurrency?: number;
};

export const DEFAULT_HEARTBEAT_SECONDS = 10;
export const DEFAULT_STALE_SECONDS = 45;

/**
 * Jobs whose worker died stay 'active' in pg-boss, and pg-boss 10 (the last for Node 20) has no
 * heartbeat of its own. Ours is the bill row: a worker touches `updated_at` every few seconds
 * while it reads (createProcessBillJob). A job is dead when its bill has been 'processing'
 * without a heartbeat for `staleSeconds` (or still 'queued': the worker died between taking the
 * job and starting the bill, which it does at once), when it outlived its expiry, or (PGlite: only this
 * process can run jobs) whenever a process starts. Dead jobs are handed back through pg-boss's
 * own `fail`, which retries them with the queue's backoff or, out of retries (the file crashed
 * the process each time), fails them; their bill then fails too. pg-boss has no call that
 * lists active jobs, so finding them is the one read of its table.
 */
export async function reclaimStalledJobs(
  deps: { database: Pick<Database, 'execute'>; boss: Pick<Queue['boss'], 'fail'> },
  options: { all: boolean; staleSeconds?: number; db?: Db; publish?: (billId: string, event: BillEvent) => Promise<void> },
): Promise<number> {
  const stale = `${options.staleSeconds ?? DEFAULT_STALE_SECONDS} seconds`;
  const { rows } = await deps.database.execute(
    `select j.id::text as id, j.data, j.retry_count < j.retry_limit as will_retry
       from pgboss.job j
      where j.name = $1 and j.state = 'active'
        and ($2::boolean
             or j.started_on + j.expire_in < now()
             or (j.started_on < now() - $3::interval
                 and exists (select 1 from utility_bills b
                              where b.id::text = j.data->>'billId' and b.status in ('queued', 'processing') and b.updated_at < now() - $3::interval)))`,
    [PROCESS_BILL_JOB.name, options.all, stale],
  );
  if (rows.length === 0) return 0;
  for (const row of rows) {
    await deps.boss.fail(PROCESS_BILL_JOB.name, String(row.id), { message: 'the worker stopped (no heartbeat)' });
    if (row.will_retry === true || !options.db) continue;
    const payload = processBillPayload.safeParse(row.data);
    if (!payload.success) continue;
    const reason = BILL_MESSAGES.processFailedFallback;
    const failed = await setBillColumns(options.db, payload.data.userId, payload.data.billId, { status: 'failed', progress: 0, failureReason: reason }, ['queued', 'processing']);
    if (failed) await options.publish?.(payload.data.billId, { status: 'failed', progress: 0, step: 'failed', reason });
  }
  return rows.length;
}

/**
 * Bills 'queued' or 'processing' with no job left to read them: the process died after adding
 * the bill row and before queueing its job (an upload or a retry), or a backup was restored
 * without the job queue. Each gets a new job. Bills changed within `settledSeconds` are left
 * alone: on PostgreSQL another process may be between the two steps right now. Returns how many.
 */
export async function requeueBillsWithoutJob(
  deps: { database: Pick<Database, 'execute'>; queue: Pick<Queue, 'send'> },
  options: { settledSeconds: number },
): Promise<number> {
  const { rows } = await deps.database.execute(
    `select b.id::text as bill_id, b.user_id::text as user_id
       from utility_bills b
      where b.status in ('queued', 'processing')
        and b.updated_at <= now() - $2::interval
        and not exists (select 1 from pgboss.job j
                         where j.name = $1 and j.data->>'billId' = b.id::text
                           and j.state in ('created', 'retry', 'active'))`,
    [PROCESS_BILL_JOB.name, `${options.settledSeconds} seconds`],
  );
  for (const row of rows) await deps.queue.send(PROCESS_BILL_JOB, { billId: String(row.bill_id), userId: String(row.user_id) });
  return rows.length;
}

/** Creates the queue with its expiry, resumes jobs a previous process left behind and starts the worker. */
export async function startBillWorker(
  deps: BillJobDeps & { database: Pick<Database, 'kind' | 'execute' | 'withLock'> },
  queue: Pick<Queue, 'work' | 'boss'>,
  options: BillWorkerOptions,
): Promise<{ stop: () => void }> {
  const queueOptions = {
    retryLimit: PROCESS_BILL_JOB.retryLimit,
    retryDelay: PROCESS_BILL_JOB.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: options.expireSeconds,
  };
  // One process at a time across the fleet (pg-boss 10 can deadlock creating a queue twice at once).
  await deps.database.withLock(QUEUE_LOCK_ID, async () => {
    await queue.boss.createQueue(PROCESS_BILL_JOB.name, { name: PROCESS_BILL_JOB.name, ...queueOptions });
    await queue.boss.updateQueue(PROCESS_BILL_JOB.name, { name: PROCESS_BILL_JOB.name, ...queueOptions });
  });
  const publish = (billId: string, event: BillEvent) =>
    deps.realtime.publish(billTopic(billId), event).catch((error: unknown) => deps.logger.warn({ err: error, billId }, 'bill event not published'));
  const heartbeatSeconds = options.heartbeatSeconds ?? DEFAULT_HEARTBEAT_SECONDS;
  const staleSeconds = options.staleSeconds ?? DEFAULT_STALE_SECONDS;
  const reclaim = (all: boolean) => reclaimStalledJobs({ database: deps.database, boss: queue.boss }, { all, staleSeconds, db: deps.db, publish });
  const resumed = await reclaim(deps.database.kind === 'pglite');
  if (resumed > 0) deps.logger.info({ jobs: resumed }, 'resumed bill jobs interrupted by a restart');
  // A bill 'queued' or 'processing' without a job and untouched for as long as a reader may be
  // silent (BILL_STALE_SECONDS) was left so by a dead process, not one mid-upload: an upload sends
  // its job as soon as its row is written. On PGlite this process is the only one: every such bill is settled.
  const requeue = (settledSeconds: number) => requeueBillsWithoutJob({ database: deps.database, queue: deps.queue }, { settledSeconds });
  const requeued = await requeue(deps.database.kind === 'pglite' ? 0 : staleSeconds);
  if (requeued > 0) deps.logger.info({ bills: requeued }, 'queued bills a crash left without a job');
  const job = createProcessBillJob({ ...deps, heartbeatMs: heartbeatSeconds * 1000 });
  for (let i = 0; i < (options.concurrency ?? 2); i++) await queue.work(job);
  const every = (options.reclaimEverySeconds ?? heartbeatSeconds) * 1000;
  const timer = setInterval(() => {
    reclaim(false)
      .then(async (n) => {
        if (n > 0) deps.logger.warn({ jobs: n }, 'bill jobs lost their worker; running them again');
        const lost = await requeue(staleSeconds);
        if (lost > 0) deps.logger.warn({ bills: lost }, 'bills had no job (a process died between row and job); queued them');
      })
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'stalled job check failed'));
  }, every);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
