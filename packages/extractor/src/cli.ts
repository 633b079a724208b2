import { resolve } from 'node:path';
import { runBatch } from './batch/run-batch.ts';

/**
 * `npm run -s extract -- [--timeout=SECONDS] [--jobs=N] FILE...`: one NDJSON line per file, in
 * order; `{file, error, code?}` for a file that could not be read, crashed the reader or took
 * longer than the limit. The exit status is the number of such files (at most 255), 0 when all were read.
 */
const DEFAULT_TIMEOUT_SECONDS = 180;
const USAGE = 'usage: npm run -s extract -- [--timeout=SECONDS] [--jobs=N] FILE...\n';

function option(args: string[], name: string): number | undefined {
  const arg = args.find((a) => a.startsWith(`--${name}=`));
  if (!arg) return undefined;
  const value = Number(arg.slice(name.length + 3));
  return Number.isFinite(value) && value > 0 ? value : Number.NaN;
}

async function main(args: string[]): Promise<number> {
  const files = args.filter((a) => !a.startsWith('--'));
  const timeout = option(args, 'timeout') ?? DEFAULT_TIMEOUT_SECONDS;
  const jobs = Math.floor(option(args, 'jobs') ?? 1);
  if (files.length === 0 || Number.isNaN(timeout) || Number.isNaN(jobs)) {
    process.stderr.write(USAGE);
    return 2;
  }
  // npm runs workspace scripts inside the workspace; paths are relative to where the user ran npm.
  const base = process.env.INIT_CWD ?? process.cwd();
  const failures = await runBatch(
    files.map((file) => ({ file, path: resolve(base, file) })),
    { timeoutMs: timeout * 1000, jobs, onLine: (line) => process.stdout.write(`${JSON.stringify(line)}\n`) },
  );
  return Math.min(failures, 255);
}

process.exitCode = await main(process.argv.slice(2));
