import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { type DocumentText, ExtractionError, type ExtractionErrorCode } from '../types.ts';
import type { ReadOptions } from './read-document.ts';

/**
 * Reading a bill (PDF text and rendering, image decoding, OCR) in a pool of worker threads, so
 * no file can hold the host's event loop: HTTP keeps answering while a 36 MP photo is decoded.
 * Each task has a time limit (the thread is stopped when it runs over), each thread a memory
 * limit (V8 `resourceLimits`), and each file a decoded-pixel budget checked from its headers
 * (image width × height; PDF pages × their render size) before anything is decoded.
 */

export type ReaderTask = { id: number; bytes: Uint8Array; maxPixels: number; maxPages?: number; ocrTextHeight?: number };
export type ReaderReply =
  | { id: number; progress: number }
  | { id: number; doc: DocumentText }
  | { id: number; error: { code?: ExtractionErrorCode; message: string } };

export type ReaderPoolOptions = {
  /** Threads reading at once (tasks beyond wait their turn). */
  threads: number;
  /** One reading's longest run; the thread is stopped and the reading fails with TIMEOUT. Default 5 minutes. */
  taskTimeoutMs?: number;
  /** Each thread's JavaScript heap (V8 old generation), in MB. Default 512. */
  memoryMb?: number;
  /** Pixels one file may decode (width × height × pages), checked before decoding. Default 100 million. */
  maxDecodedPixels?: number;
};

export type ReaderPool = {
  readonly threads: number;
  /** Reads like `readDocument`, in a thread of the pool. */
  read: (bytes: Uint8Array, opts?: ReadOptions) => Promise<DocumentText>;
  /** Stops every thread; readings in flight fail. */
  close: () => Promise<void>;
};

/** One thread per two cores, at least one: the host (HTTP, database) keeps a core. */
export function defaultReaderThreads(cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length): number {
  return Math.max(1, Math.floor(cores / 2));
}

export const DEFAULT_MAX_DECODED_PIXELS = 100_000_000;
const OUT_OF_MEMORY_MESSAGE = 'Reading this file needed more memory than one bill may use.';
const TIMEOUT_MESSAGE = 'Reading the file was cancelled or took too long.';

type Pending = {
  task: ReaderTask;
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
  resolve: (doc: DocumentText) => void;
  reject: (error: unknown) => void;
};

type Slot = { worker: Worker | null; current: Pending | null; timer: NodeJS.Timeout | null; onAbort: (() => void) | null };

export function createReaderPool(options: ReaderPoolOptions): ReaderPool {
  const threads = Math.max(1, Math.floor(options.threads));
  const timeoutMs = options.taskTimeoutMs ?? 5 * 60_000;
  const memoryMb = options.memoryMb ?? 512;
  const maxPixels = options.maxDecodedPixels ?? DEFAULT_MAX_DECODED_PIXELS;
  const slots: Slot[] = Array.from({ length: threads }, () => ({ worker: null, current: null, timer: null, onAbort: null }));
  const waiting: Pending[] = [];
  let nextId = 1;
  let closed = false;

  const settle = (slot: Slot): Pending | null => {
    const pending = slot.current;
    slot.current = null;
    // An idle thread does not keep the host alive; a busy one does.
    slot.worker?.unref();
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    if (pending?.signal && slot.onAbort) pending.signal.removeEventListener('abort', slot.onAbort);
    slot.onAbort = null;
    return pending;
  };

  /** Stops the slot's thread (a stuck or cancelled reading); the next task starts a new one. */
  const stopThread = (slot: Slot, error: unknown) => {
    const worker = slot.worker;
    slot.worker = null;
    settle(slot)?.reject(error);
    void worker?.terminate();
    pump();
  };

  const spawn = (slot: Slot): Worker => {
    const worker = new Worker(new URL('./reader-thread.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 64 },
    });
    worker.unref();
    worker.on('message', (reply: ReaderReply) => {
      const pending = slot.current;
      if (!pending || reply.id !== pending.task.id) return;
      if ('progress' in reply) {
        pending.onProgress?.(reply.progress);
        return;
      }
      settle(slot);
      if ('doc' in reply) pending.resolve(reply.doc);
      else pending.reject(reply.error.code ? new ExtractionError(reply.error.code, reply.error.message) : new Error(reply.error.message));
      pump();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      settle(slot)?.reject(outOfMemory ? new ExtractionError('IMAGE_TOO_LARGE', OUT_OF_MEMORY_MESSAGE) : error);
      pump();
    });
    worker.on('exit', () => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      settle(slot)?.reject(new Error('the reader thread stopped'));
      pump();
    });
    return worker;
  };

  const pump = () => {
    if (closed) return;
    for (const slot of slots) {
      if (slot.current) continue;
      const pending = waiting.shift();
      if (!pending) return;
      if (pending.signal?.aborted) {
        pending.reject(new ExtractionError('TIMEOUT', TIMEOUT_MESSAGE));
        continue;
      }
      slot.current = pending;
      slot.worker ??= spawn(slot);
      slot.worker.ref();
      slot.timer = setTimeout(() => stopThread(slot, new ExtractionError('TIMEOUT', TIMEOUT_MESSAGE)), timeoutMs);
      slot.timer.unref();
      if (pending.signal) {
        slot.onAbort = () => stopThread(slot, new ExtractionError('TIMEOUT', TIMEOUT_MESSAGE));
        pending.signal.addEventListener('abort', slot.onAbort, { once: true });
      }
      // A copy for the thread (the caller keeps its bytes).
      slot.worker.postMessage(pending.task);
    }
  };

  return {
    threads,
    read: (bytes, opts = {}) =>
      new Promise<DocumentText>((resolve, reject) => {
        if (closed) return reject(new Error('the reader pool is closed'));
        if (opts.signal?.aborted) return reject(new ExtractionError('TIMEOUT', TIMEOUT_MESSAGE));
        const task: ReaderTask = {
          id: nextId++,
          bytes,
          maxPixels,
          ...(opts.maxPages ? { maxPages: opts.maxPages } : {}),
          ...(opts.ocrTextHeight ? { ocrTextHeight: opts.ocrTextHeight } : {}),
        };
        waiting.push({ task, onProgress: opts.onProgress, signal: opts.signal, resolve, reject });
        pump();
      }),
    close: async () => {
      closed = true;
      for (const pending of waiting.splice(0)) pending.reject(new Error('the reader pool is closed'));
      await Promise.all(
        slots.map(async (slot) => {
          const worker = slot.worker;
          slot.worker = null;
          settle(slot)?.reject(new Error('the reader pool is closed'));
          await worker?.terminate();
        }),
      );
    },
  };
}
