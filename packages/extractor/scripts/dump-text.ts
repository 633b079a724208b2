/**
 * Dumps what readDocument sees for every bill in the shared sample folders:
 * /tmp/bill-text/NAME.json (pages with lines and items) and NAME.txt (lines joined).
 * Usage: node --import tsx packages/extractor/scripts/dump-text.ts [dir-or-file ...]
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { closeReaders, readDocument } from '../src/read/read-document.ts';

const OUT_DIR = process.env.BILL_TEXT_DIR ?? '/tmp/bill-text';
const SHARED = path.resolve(import.meta.dirname, '../../../../shared');
const DEFAULT_INPUTS = [path.join(SHARED, 'bills'), path.join(SHARED, 'bills-real')];
const BILL_FILE = /\.(pdf|png|jpe?g|heic)$/i;

async function listInputs(args: string[]): Promise<string[]> {
  const files: string[] = [];
  for (const input of args.length ? args : DEFAULT_INPUTS) {
    if (BILL_FILE.test(input)) files.push(input);
    else for (const name of (await readdir(input)).sort()) if (BILL_FILE.test(name)) files.push(path.join(input, name));
  }
  return files;
}

async function formOf(file: string): Promise<string> {
  try {
    const truth = JSON.parse(await readFile(file.replace(/\.[^.]+$/, '.json'), 'utf8')) as { form?: string };
    return truth.form ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

await mkdir(OUT_DIR, { recursive: true });
const timings = new Map<string, number[]>();
// CPU time (all threads) next to wall time: on a busy machine wall time says little.
const cpuTimings = new Map<string, number[]>();
for (const file of await listInputs(process.argv.slice(2))) {
  const name = path.basename(file).replace(/\.[^.]+$/, '');
  const form = await formOf(file);
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  try {
    const doc = await readDocument(new Uint8Array(await readFile(file)));
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuStart);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    timings.set(form, [...(timings.get(form) ?? []), seconds]);
    cpuTimings.set(form, [...(cpuTimings.get(form) ?? []), cpuSeconds]);
    await writeFile(path.join(OUT_DIR, `${name}.json`), JSON.stringify({ file, form, seconds, ...doc }, null, 1));
    const text = doc.pages
      .map((p) => `=== page ${p.index + 1} (${p.source}) ===\n${p.lines.map((l) => l.text).join('\n')}`)
      .join('\n');
    await writeFile(path.join(OUT_DIR, `${name}.txt`), text + '\n');
    console.log(`${name.padEnd(48)} ${form.padEnd(14)} ${seconds.toFixed(2)}s (cpu ${cpuSeconds.toFixed(2)}s)  ${doc.pages.map((p) => p.source).join(',')}`);
  } catch (error) {
    console.log(`${name.padEnd(48)} ${form.padEnd(14)} ERROR ${String(error)}`);
  }
}
await closeReaders();
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0;
for (const [form, values] of timings) {
  const cpu = cpuTimings.get(form) ?? [];
  console.log(
    `${form.padEnd(14)} n=${values.length} median ${median(values).toFixed(2)}s max ${Math.max(...values).toFixed(2)}s` +
      ` (cpu median ${median(cpu).toFixed(2)}s)`,
  );
}
console.log(`peak rss ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
