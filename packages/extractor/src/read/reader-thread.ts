import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { ExtractionError } from '../types.ts';
import { closeReaders, decodedPixels, readDocument } from './read-document.ts';
import type { ReaderTask, ReaderReply } from './reader-pool.ts';

// One reader thread of the pool (reader-pool.ts): reads one file at a time, off the host's event loop.

const port = parentPort;
if (!port) throw new Error('reader-thread.ts runs as a worker thread');

// Reading is background work: this thread, and the threads it starts (the OCR engine's), run at
// a lower CPU priority than the thread that answers requests, so on a busy machine the server
// answers first and the reading takes the CPU left over. On Linux a nice value belongs to a
// thread (pid 0 is the caller) and new threads inherit it. Where lowering is refused, reading
// simply keeps the normal priority.
const READER_NICE = 10;
try {
  setPriority(READER_NICE);
} catch {
  // not permitted here: keep the default priority
}

port.on('message', (task: ReaderTask) => {
  void run(task).then((reply) => port.postMessage(reply));
});
port.on('close', () => void closeReaders());

async function run(task: ReaderTask): Promise<ReaderReply> {
  try {
    // The decode budget from the headers, before a pixel is decoded.
    const { pixels } = await decodedPixels(task.bytes, task.maxPages);
    if (pixels > task.maxPixels) {
      throw new ExtractionError(
        'IMAGE_TOO_LARGE',
        `Reading this file would decode ${Math.round(pixels / 1_000_000)} million pixels, more than the ${Math.round(task.maxPixels / 1_000_000)} million one bill may use.`,
      );
    }
    const doc = await readDocument(task.bytes, {
      ...(task.maxPages ? { maxPages: task.maxPages } : {}),
      ...(task.ocrTextHeight ? { ocrTextHeight: task.ocrTextHeight } : {}),
      onProgress: (share) => port?.postMessage({ id: task.id, progress: share } satisfies ReaderReply),
    });
    return { id: task.id, doc };
  } catch (error) {
    if (error instanceof ExtractionError) return { id: task.id, error: { code: error.code, message: error.message } };
    return { id: task.id, error: { message: error instanceof Error ? error.message : String(error) } };
  }
}
