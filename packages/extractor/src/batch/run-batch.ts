import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BatchReply, BatchRequest } from './protocol.ts';

/**
 * Reads a batch of bill files so that no bill can stop the batch: each is read in a reader
 * process (reader-child.ts) with a time limit. A file that fails gives an `{file, error}` line;
 * one that crashes the reader or runs past the limit gives one too, the reader is replaced and
 * the batch goes on. Lines come out in the order of the files.
 */
export interface BatchOptions {
  /** Time allowed per file, from the moment the reader has it (a reader's start is not counted). */
  timeoutMs: number;
  /** Reader processes at once. */
  jobs: number;
  /** Called once per file, in the order given. */
  onLine: (line: Record<string, unknown>) => void;
  /** The reader process's module (default reader-child.ts). */
  childPath?: string;
}

export type BatchFile = { file: string; path: string };

const CHILD = fileURLToPath(new URL('./reader-child.ts', import.meta.url));

type Outcome = { line: Record<string, unknown>; failed: boolean };

/**
 * How long a new reader process may take to start, beyond the file's own limit: loading the
 * reader takes seconds on a busy machine, and that is not the file's time; a reader that never
 * starts still fails the file.
 */
const READER_START_MS = 30_000;

/** Runs the batch; resolves with the number of files that failed. */
export async function runBatch(files: readonly BatchFile[], options: BatchOptions): Promise<number> {
  const outcomes: (Outcome | undefined)[] = new Array<Outcome | undefined>(files.length);
  let printed = 0;
  let failures = 0;
  let next = 0;
  const settle = (index: number, outcome: Outcome) => {
    outcomes[index] = outcome;
    if (outcome.failed) failures++;
    for (let done = outcomes[printed]; done; done = outcomes[printed]) {
      options.onLine(done.line);
      printed++;
    }
  };

  const slot = async (): Promise<void> => {
    let child: ChildProcess | null = null;
    let ready = false;
    try {
      while (next < files.length) {
        const index = next++;
        const { file, path } = files[index] as BatchFile;
        if (!child) {
          child = fork(options.childPath ?? CHILD, [], { stdio: ['ignore', 2, 2, 'ipc'], serialization: 'json' });
          ready = false;
        }
        const current = child;
        const outcome = await new Promise<Outcome>((resolve) => {
          let finished = false;
          const finish = (result: Outcome) => {
            if (finished) return;
            finished = true;
            clearTimeout(timer);
            current.off('message', onMessage);
            current.off('exit', onExit);
            resolve(result);
          };
          let timer: NodeJS.Timeout | undefined;
          const arm = (ms: number) => {
            clearTimeout(timer);
            timer = setTimeout(() => {
              current.off('exit', onExit);
              current.kill('SIGKILL');
              child = null;
              finish({ line: { file, error: `Reading took longer than ${Math.round(options.timeoutMs / 1000)} s; stopped.`, code: 'TIMEOUT' }, failed: true });
            }, ms);
          };
          const send = () => {
            current.send({ id: index, file, path } satisfies BatchRequest);
            arm(options.timeoutMs);
          };
          const onMessage = (message: BatchReply | 'ready') => {
            if (message === 'ready') {
              ready = true;
              send();
            } else if (message.id === index) finish({ line: message.line, failed: !message.ok });
          };
          const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
            child = null;
            const how = signal ? `signal ${signal}` : `exit code ${String(code)}`;
            finish({ line: { file, error: `The reader stopped while reading this file (${how}).`, code: 'CRASHED' }, failed: true });
          };
          current.on('message', onMessage);
          current.on('exit', onExit);
          if (ready) send();
          else arm(options.timeoutMs + READER_START_MS);
        });
        settle(index, outcome);
      }
    } finally {
      const last = child;
      if (last?.connected) {
        const exited = new Promise((resolve) => last.once('exit', resolve));
        last.send('stop');
        const killer = setTimeout(() => last.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(killer);
      }
    }
  };

  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.jobs, files.length)) }, slot));
  return failures;
}
