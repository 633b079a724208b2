import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The batch CLI (issue 25): a bill that crashes the reader or runs past the time limit gets its
// own `{file, error}` line and the batch goes on; the exit status is the number of failures.
// The CLI runs as users run it (node --import tsx src/cli.ts); the faults come from a preload
// (testing/faulty-reader.mjs) that only this test loads.

const PACKAGE = fileURLToPath(new URL('../..', import.meta.url));
const BILL = path.join(PACKAGE, 'test-fixtures/generated/gen-fixtures-0004.pdf');
const FAULTS = fileURLToPath(new URL('./testing/faulty-reader.mjs', import.meta.url));

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'batch-cli-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function copies(prefix: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => {
    const file = path.join(dir, `${prefix}-${String(i + 1).padStart(2, '0')}.pdf`);
    fs.copyFileSync(BILL, file);
    return file;
  });
}

function runCli(args: string[]): Promise<{ code: number | null; lines: Record<string, unknown>[]; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', FAULTS, path.join(PACKAGE, 'src/cli.ts'), ...args], {
      cwd: PACKAGE,
      env: { ...process.env, INIT_CWD: dir, MALLOC_ARENA_MAX: '2' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      resolve({ code, stderr, lines: stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>) });
    });
  });
}

describe('npm run extract over a batch', () => {
  it('gives a file that crashes the reader in the middle of 20 good ones its own error line: 21 lines, exit 1', async () => {
    const good = copies('good', 20);
    const crash = path.join(dir, 'bill-crashes-the-reader.pdf');
    fs.copyFileSync(BILL, crash);
    const files = [...good.slice(0, 10), crash, ...good.slice(10)].map((f) => path.basename(f));
    const { code, lines } = await runCli(files);
    expect(lines.map((l) => l.file)).toEqual(files);
    const failed = lines.filter((l) => 'error' in l);
    expect(failed).toEqual([{ file: path.basename(crash), error: expect.stringContaining('signal SIGSEGV') as unknown, code: 'CRASHED' }]);
    const read = lines.filter((l) => !('error' in l));
    expect(read).toHaveLength(20);
    for (const line of read) expect(line).toMatchObject({ totalAmount: expect.any(Number) as unknown, utilityProvider: expect.any(String) as unknown });
    expect(code).toBe(1);
  }, 180_000);

  it('stops a file that runs past --timeout, and counts it and an unreadable file as failures (exit 2)', async () => {
    const [first, last] = copies('ok', 2).map((f) => path.basename(f));
    const hang = 'bill-hangs-the-reader.pdf';
    fs.copyFileSync(BILL, path.join(dir, hang));
    const files = [first, hang, 'missing.pdf', last] as string[];
    const { code, lines } = await runCli(['--timeout=8', ...files]);
    expect(lines.map((l) => l.file)).toEqual(files);
    expect(lines[1]).toMatchObject({ code: 'TIMEOUT', error: expect.stringContaining('longer than 8 s') as unknown });
    expect(lines[2]).toMatchObject({ code: 'ENOENT' });
    expect(lines[0]).not.toHaveProperty('error');
    expect(lines[3]).not.toHaveProperty('error');
    expect(code).toBe(2);
  }, 120_000);

  it('exits 0 when every file was read, and 2 with usage for no files', async () => {
    const [one] = copies('single', 1).map((f) => path.basename(f));
    const ok = await runCli([one as string]);
    expect({ code: ok.code, lines: ok.lines.length }).toEqual({ code: 0, lines: 1 });
    const none = await runCli([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('usage:');
  }, 60_000);
});
