/**
 * Extraction benchmark: runs the bill reader in-process over ../shared/bills and
 * ../shared/bills-real and scores it against the truth files.
 *
 *   npm run bench:extract [-- --json] [--set bills|bills-real] [--only NAME] [--misses] [--dump DIR | --from DIR]
 *
 * --dump DIR writes each document's positioned text (the reader's output) to DIR/NAME.json;
 * --from DIR scores text saved by --dump instead of reading the files (field rules only, no OCR).
 * Where a truth file has previousBalance, paymentsReceived and currentCharges (generated bills),
 * they are reported as balance parts beside the scored fields.
 */
import { rmSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import type { DocumentText } from '../packages/extractor/src/types.ts';
import { CORE_FIELDS, fieldCorrect, scoredFields, SCORED_FIELDS, type ScoredField, type Truth } from './score.ts';

/**
 * glibc gives every thread (OCR workers, libvips, pdf.js) its own malloc arenas, which keeps
 * freed memory mapped; two arenas hold the whole run about 100 MB lower. The variable only
 * works from process start, so the bench re-runs itself with it set.
 */
if (process.env.MALLOC_ARENA_MAX === undefined) {
  // --expose-gc: garbage is collected after each document, so the peak is what reading one
  // bill holds, not what a long run leaves for the collector (a server collects too).
  const child = spawnSync(process.execPath, [...process.execArgv, '--expose-gc', ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, MALLOC_ARENA_MAX: '2' },
  });
  process.exit(child.status ?? 1);
}

const { extractFromDocument, readAndExtract } = await import('../packages/extractor/src/extract.ts');
const { closeReaders } = await import('../packages/extractor/src/read/read-document.ts');
const { toOutputLine } = await import('../packages/extractor/src/output.ts');

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SETS = ['bills', 'bills-real'] as const;
const GENERATED_SET = 'generated-heldout';

/**
 * Writes the held-out generated bills into a temporary folder: layouts and wordings the reader
 * was never tuned or trained on (packages/extractor/tools/splits.ts), text PDFs and a few scans
 * and photos, from fixed seeds so every run scores the same bills.
 */
function generateHeldout(): string {
  const dir = join(tmpdir(), 'wattwise-bench-generated-heldout');
  rmSync(dir, { recursive: true, force: true });
  const script = join(repoRoot, 'packages/extractor/tools/generate-bills.ts');
  const runs = [
    ['--count', '120', '--seed', 'bench-heldout-1', '--forms', 'text-pdf,multipage-pdf'],
    ['--count', '12', '--seed', 'bench-heldout-img-1', '--forms', 'scanned-pdf,png-scan,jpeg-photo'],
  ];
  for (const args of runs) {
    const r = spawnSync(process.execPath, ['--import', 'tsx', script, '--out', dir, '--split', 'heldout', ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error('generating the held-out bills failed');
  }
  return dir;
}
const BILL_EXT = new Set(['.pdf', '.png', '.jpg', '.jpeg', '.heic']);

interface DocResult {
  set: string;
  file: string;
  form: string;
  seconds: number;
  /** CPU time of the whole process (all threads) while reading this document. */
  cpuSeconds: number;
  error?: string;
  scored: number;
  right: number;
  misses: Array<{ field: ScoredField; expected: unknown; got: unknown; notPrinted?: true }>;
  perField: Partial<Record<ScoredField, boolean>>;
  /** Scored fields the bill does not print (bench/not-printed.json). */
  notPrinted: ScoredField[];
  /** The confidence stated for each value given (fields answered null are not in it). */
  confidences: Array<{ field: ScoredField; confidence: number; right: boolean }>;
  /** The parts of the amount due, where the truth has them (generated bills): not core fields. */
  parts: Partial<Record<PartField, boolean>>;
}

const PART_FIELDS = ['previousBalance', 'paymentsReceived', 'currentCharges'] as const;
type PartField = (typeof PART_FIELDS)[number];

/** A part read right: the same amount (payments by size, whatever their sign); none read for a true 0. */
function partCorrect(expected: number, got: unknown): boolean {
  if (got === null || got === undefined) return expected === 0;
  return typeof got === 'number' && Math.abs(Math.abs(got) - Math.abs(expected)) < 0.005;
}

/** Per set and bill, the fields checked by hand to be absent from the bill. */
async function loadNotPrinted(): Promise<Record<string, Record<string, string[]>>> {
  const raw = JSON.parse(await readFile(join(repoRoot, 'bench', 'not-printed.json'), 'utf8')) as Record<string, unknown>;
  const out: Record<string, Record<string, string[]>> = {};
  for (const set of SETS) out[set] = (raw[set] as Record<string, string[]> | undefined) ?? {};
  return out;
}

function args() {
  const a = process.argv.slice(2);
  const value = (flag: string) => {
    const i = a.indexOf(flag);
    return i >= 0 ? a[i + 1] : undefined;
  };
  const dirs = a.flatMap((x, i) => (x === '--dir' && a[i + 1] ? [a[i + 1] as string] : []));
  return { json: a.includes('--json'), misses: a.includes('--misses'), set: value('--set'), only: value('--only'), dump: value('--dump'), from: value('--from'), dirs };
}

function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? NaN;
}

async function runSet(set: string, only: string | undefined, dump: string | undefined, from: string | undefined, absent: Record<string, string[]>, dirOverride?: string): Promise<DocResult[]> {
  const dir = dirOverride ?? join(repoRoot, '..', 'shared', set);
  const files = (await readdir(dir)).filter((f) => BILL_EXT.has(extname(f).toLowerCase())).sort();
  const results: DocResult[] = [];
  for (const f of files) {
    if (only && !f.includes(only)) continue;
    const name = basename(f, extname(f));
    const truth = JSON.parse(await readFile(join(dir, `${name}.json`), 'utf8')) as Truth;
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    const res: DocResult = { set, file: f, form: truth.form ?? 'unknown', seconds: 0, cpuSeconds: 0, scored: 0, right: 0, misses: [], perField: {}, notPrinted: [], confidences: [], parts: {} };
    let got: Record<string, unknown> = {};
    try {
      // The same path as the CLI and the server: read, extract, and a second OCR reading when a
      // required field is missing.
      const { doc, result } = from
        ? { doc: JSON.parse(await readFile(join(from, `${name}.json`), 'utf8')) as DocumentText, result: null }
        : await readAndExtract(await readFile(join(dir, f)), undefined, started);
      if (dump) {
        await mkdir(dump, { recursive: true });
        await writeFile(join(dump, `${name}.json`), JSON.stringify(doc));
      }
      got = toOutputLine(f, result ?? extractFromDocument(doc, started));
    } catch (error) {
      res.error = error instanceof Error ? error.message : String(error);
    }
    res.seconds = (performance.now() - started) / 1000;
    (globalThis as { gc?: () => void }).gc?.();
    const cpu = process.cpuUsage(cpuStart);
    res.cpuSeconds = (cpu.user + cpu.system) / 1e6;
    for (const field of scoredFields(truth)) {
      const ok = fieldCorrect(field, truth[field], got[field] ?? null, truth);
      const notPrinted = (absent[name] ?? []).includes(field);
      if (notPrinted) res.notPrinted.push(field);
      res.scored++;
      if (ok) res.right++;
      else res.misses.push({ field, expected: truth[field], got: got[field] ?? null, ...(notPrinted ? { notPrinted: true as const } : {}) });
      res.perField[field] = ok;
      const conf = (got.fieldConfidence as Record<string, number> | undefined)?.[field];
      if (typeof conf === 'number' && got[field] !== null && got[field] !== undefined) res.confidences.push({ field, confidence: conf, right: ok });
    }
    for (const field of PART_FIELDS) {
      const expected = truth[field];
      if (typeof expected === 'number' && !res.error) res.parts[field] = partCorrect(expected, got[field]);
    }
    results.push(res);
    process.stderr.write(`  ${set}/${f} ${res.right}/${res.scored} ${res.seconds.toFixed(2)}s (cpu ${res.cpuSeconds.toFixed(2)}s) rss ${Math.round(process.memoryUsage().rss / 1048576)} MB\n`);
  }
  return results;
}

/** Confidence bins: how often a value the reader stated with that confidence was right. */
const BINS: Array<[number, number]> = [
  [0, 0.5],
  [0.5, 0.8],
  [0.8, 0.9],
  [0.9, 1.01],
];

function reliability(results: DocResult[]) {
  const all = results.flatMap((r) => r.confidences);
  return BINS.map(([lo, hi]) => {
    const inBin = all.filter((c) => c.confidence >= lo && c.confidence < hi);
    const right = inBin.filter((c) => c.right).length;
    return { from: lo, to: Math.min(1, hi), values: inBin.length, right, accuracy: inBin.length > 0 ? right / inBin.length : NaN };
  });
}

function summarize(results: DocResult[]) {
  const perField: Record<string, { right: number; scored: number; accuracy: number }> = {};
  for (const field of SCORED_FIELDS) {
    const scored = results.filter((r) => r.perField[field] !== undefined);
    const right = scored.filter((r) => r.perField[field]).length;
    if (scored.length > 0) perField[field] = { right, scored: scored.length, accuracy: right / scored.length };
  }
  const scored = results.reduce((a, r) => a + r.scored, 0);
  const right = results.reduce((a, r) => a + r.right, 0);
  // The shared sets' README scores these nine; name and address are reported beside them.
  const core = Object.entries(perField).filter(([f]) => (CORE_FIELDS as readonly string[]).includes(f));
  const coreRight = core.reduce((a, [, v]) => a + v.right, 0);
  const coreScored = core.reduce((a, [, v]) => a + v.scored, 0);
  // Fields the bill prints: the hand-checked absent ones (bench/not-printed.json) left out.
  const printedScored = results.reduce((a, r) => a + r.scored - r.notPrinted.length, 0);
  const printedRight = results.reduce((a, r) => a + r.right - r.notPrinted.filter((f) => r.perField[f]).length, 0);
  const byForm: Record<string, { documents: number; medianSeconds: number; p95Seconds: number; medianCpuSeconds: number; accuracy: number; printedAccuracy: number }> = {};
  for (const form of [...new Set(results.map((r) => r.form))].sort()) {
    const rs = results.filter((r) => r.form === form);
    const s = rs.reduce((a, r) => a + r.scored, 0);
    const ps = rs.reduce((a, r) => a + r.scored - r.notPrinted.length, 0);
    const pr = rs.reduce((a, r) => a + r.right - r.notPrinted.filter((f) => r.perField[f]).length, 0);
    byForm[form] = {
      documents: rs.length,
      medianSeconds: quantile(rs.map((r) => r.seconds), 0.5),
      p95Seconds: quantile(rs.map((r) => r.seconds), 0.95),
      medianCpuSeconds: quantile(rs.map((r) => r.cpuSeconds), 0.5),
      accuracy: s > 0 ? rs.reduce((a, r) => a + r.right, 0) / s : NaN,
      printedAccuracy: ps > 0 ? pr / ps : NaN,
    };
  }
  const parts: Record<string, { right: number; scored: number; accuracy: number }> = {};
  for (const field of PART_FIELDS) {
    const scoredParts = results.filter((r) => r.parts[field] !== undefined);
    const rightParts = scoredParts.filter((r) => r.parts[field]).length;
    if (scoredParts.length > 0) parts[field] = { right: rightParts, scored: scoredParts.length, accuracy: rightParts / scoredParts.length };
  }
  return {
    parts,
    documents: results.length,
    documentsFullyRight: results.filter((r) => r.right === r.scored && !r.error).length,
    errors: results.filter((r) => r.error).map((r) => ({ file: r.file, error: r.error })),
    fieldAccuracy: scored > 0 ? right / scored : NaN,
    printedFieldAccuracy: printedScored > 0 ? printedRight / printedScored : NaN,
    printedFieldsRight: printedRight,
    printedFieldsScored: printedScored,
    coreFieldAccuracy: coreScored > 0 ? coreRight / coreScored : NaN,
    coreFieldsRight: coreRight,
    coreFieldsScored: coreScored,
    fieldsRight: right,
    fieldsScored: scored,
    perField,
    byForm,
    reliability: reliability(results),
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

async function main() {
  const opts = args();
  let peakRss = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  const all: Record<string, DocResult[]> = {};
  const notPrinted = await loadNotPrinted();
  try {
    for (const set of opts.dirs.length > 0 ? [] : SETS) {
      if (opts.set && opts.set !== set) continue;
      all[set] = await runSet(set, opts.only, opts.dump, opts.from, notPrinted[set] ?? {});
    }
    // Bills in layouts and wordings the reader was never tuned on (the generator's held-out split).
    if (opts.dirs.length === 0 && (!opts.set || opts.set === GENERATED_SET)) {
      all[GENERATED_SET] = await runSet(GENERATED_SET, opts.only, opts.dump, opts.from, {}, generateHeldout());
    }
    // Any folder of bills with truth files beside them (`--dir DIR`, repeatable), e.g. generated ones.
    for (const dir of opts.dirs) all[basename(resolve(dir))] = await runSet(basename(resolve(dir)), opts.only, opts.dump, opts.from, {}, resolve(process.env.INIT_CWD ?? process.cwd(), dir));
  } finally {
    clearInterval(timer);
    await closeReaders();
  }
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const report = {
    date: new Date().toISOString(),
    totalSeconds: (performance.now() - started) / 1000,
    peakRssMB: Math.round(peakRss / 1024 / 1024),
    sets: Object.fromEntries(Object.entries(all).map(([set, rs]) => [set, summarize(rs)])),
    misses: Object.values(all)
      .flat()
      .flatMap((r) => r.misses.map((m) => ({ file: `${r.set}/${r.file}`, ...m }))),
  };
  if (opts.json) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return;
  }
  const out: string[] = [];
  for (const [set, s] of Object.entries(report.sets)) {
    out.push(`\n== ${set}: ${s.documents} documents, field accuracy ${pct(s.fieldAccuracy)} (${s.fieldsRight}/${s.fieldsScored}), fully right ${s.documentsFullyRight}/${s.documents}`);
    out.push(`  fields the bill prints (bench/not-printed.json left out): ${pct(s.printedFieldAccuracy)} (${s.printedFieldsRight}/${s.printedFieldsScored})`);
    out.push(`  README-scored fields (all but customerName, serviceAddress): ${pct(s.coreFieldAccuracy)} (${s.coreFieldsRight}/${s.coreFieldsScored})`);
    for (const [field, v] of Object.entries(s.perField)) out.push(`  ${field.padEnd(20)} ${pct(v.accuracy).padStart(6)}  (${v.right}/${v.scored})`);
    for (const [field, v] of Object.entries(s.parts)) out.push(`  ${field.padEnd(20)} ${pct(v.accuracy).padStart(6)}  (${v.right}/${v.scored})  balance part, not a core field`);
    out.push('  form            docs  accuracy  printed  median s  p95 s  median cpu s');
    for (const [form, v] of Object.entries(s.byForm)) {
      out.push(`  ${form.padEnd(15)} ${String(v.documents).padStart(4)}  ${pct(v.accuracy).padStart(8)}  ${pct(v.printedAccuracy).padStart(7)}  ${v.medianSeconds.toFixed(2).padStart(8)}  ${v.p95Seconds.toFixed(2).padStart(5)}  ${v.medianCpuSeconds.toFixed(2).padStart(12)}`);
    }
    out.push('  stated confidence   values   right');
    for (const b of s.reliability) out.push(`  ${b.from.toFixed(1)}–${b.to.toFixed(1)}          ${String(b.values).padStart(6)}  ${Number.isNaN(b.accuracy) ? '     –' : pct(b.accuracy).padStart(6)}`);
    for (const e of s.errors) out.push(`  ERROR ${e.file}: ${e.error}`);
  }
  out.push(`\npeak RSS ${report.peakRssMB} MB, total ${report.totalSeconds.toFixed(1)} s`);
  if (opts.misses || report.misses.length <= 40) {
    out.push(`\nwrong fields (${report.misses.length}):`);
    for (const m of report.misses) out.push(`  ${m.file} ${m.field}: expected ${JSON.stringify(m.expected)} got ${JSON.stringify(m.got)}${m.notPrinted ? ' (not printed on the bill)' : ''}`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

await main();
