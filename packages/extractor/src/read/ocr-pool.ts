import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createScheduler, createWorker, OEM, PSM, type Scheduler } from 'tesseract.js';

/**
 * One tesseract.js scheduler per process, created on first use and shared by every document.
 * The English model comes from the installed `@tesseract.js-data/eng` package (LSTM "best_int"),
 * read from disk: nothing is downloaded and nothing is cached outside the package.
 */

const require = createRequire(import.meta.url);
const ENG_DATA_DIR = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

let pool: Promise<Scheduler> | undefined;

/** Number of OCR workers (pages are cut into this many bands so one page uses every worker). */
export function ocrWorkerCount(): number {
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  return Math.max(1, Math.min(cores, 2));
}

async function createPool(): Promise<Scheduler> {
  const scheduler = createScheduler();
  const workers = await Promise.all(
    Array.from({ length: ocrWorkerCount() }, async () => {
      const worker = await createWorker('eng', OEM.LSTM_ONLY, {
        langPath: ENG_DATA_DIR,
        gzip: true,
        cacheMethod: 'none',
      });
      await worker.setParameters({
        // Sparse text: finds values inside boxes and table cells that block layout analysis
        // skips; reading order does not matter since words are regrouped into lines by position.
        tessedit_pageseg_mode: PSM.SPARSE_TEXT,
        user_defined_dpi: '300',
        preserve_interword_spaces: '1',
      });
      return worker;
    }),
  );
  for (const worker of workers) scheduler.addWorker(worker);
  return scheduler;
}

/** The shared OCR scheduler (created lazily). */
export function getOcrPool(): Promise<Scheduler> {
  if (!pool) {
    pool = createPool();
    // A failed start must not poison every later call.
    pool.catch(() => {
      pool = undefined;
    });
  }
  return pool;
}

/** Stops the OCR workers; the next OCR call starts a new pool. */
export async function terminate(): Promise<void> {
  const current = pool;
  pool = undefined;
  if (!current) return;
  const scheduler = await current.catch(() => undefined);
  await scheduler?.terminate();
}
