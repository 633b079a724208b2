/**
 * Trains the calibrated-confidence model (src/fields/scorer-weights.json) from bills with known
 * values: for each field, a logistic regression over the reader's evidence for the value it chose
 * (src/fields/scorer.ts), labelled right or wrong by the bench's scoring rules.
 *
 *   npm run -s -w packages/extractor gen -- --out /tmp/wattwise-train --count 400 --seed 101 --split train
 *   npm run -s -w packages/extractor train-scorer -- --dir /tmp/wattwise-train [--dir ...] [--out FILE]
 *
 * Train only on the generator's TRAIN split (tools/splits.ts); evaluate on held-out layouts and
 * wordings and on real bills (npm run bench:extract). Dev tooling: never shipped, never run by tests.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fieldCorrect, type Truth } from '../../../bench/score.ts';
import { readAndExtract } from '../src/extract.ts';
import { CALIBRATED_FIELDS, FEATURE_NAMES, featureVector, sigmoid, type CalibratedField, type ScorerWeights } from '../src/fields/scorer.ts';
import { closeReaders } from '../src/read/read-document.ts';

const BILL_EXT = new Set(['.pdf', '.png', '.jpg', '.jpeg']);

interface Sample {
  x: number[];
  y: number;
}

/** L2-regularised logistic regression by full-batch gradient descent (small data, a handful of features). */
export function trainLogistic(samples: Sample[], opts: { iterations?: number; rate?: number; l2?: number } = {}): number[] {
  const { iterations = 4000, rate = 0.3, l2 = 0.01 } = opts;
  const dims = samples[0]?.x.length ?? FEATURE_NAMES.length;
  const w = new Array<number>(dims).fill(0);
  for (let it = 0; it < iterations; it++) {
    const grad = new Array<number>(dims).fill(0);
    for (const s of samples) {
      const p = sigmoid(s.x.reduce((a, v, i) => a + v * (w[i] ?? 0), 0));
      const err = p - s.y;
      for (let i = 0; i < dims; i++) grad[i] = (grad[i] ?? 0) + err * (s.x[i] ?? 0);
    }
    for (let i = 0; i < dims; i++) w[i] = (w[i] ?? 0) - rate * ((grad[i] ?? 0) / samples.length + (i === 0 ? 0 : l2 * (w[i] ?? 0)));
  }
  return w.map((v) => Math.round(v * 10000) / 10000);
}

async function main() {
  const argv = process.argv.slice(2);
  const base = process.env.INIT_CWD ?? process.cwd();
  const dirs = argv.flatMap((a, i) => (a === '--dir' && argv[i + 1] ? [resolve(base, argv[i + 1] as string)] : []));
  const outIdx = argv.indexOf('--out');
  const out = outIdx >= 0 && argv[outIdx + 1] ? resolve(base, argv[outIdx + 1] as string) : fileURLToPath(new URL('../src/fields/scorer-weights.json', import.meta.url));
  if (dirs.length === 0) {
    process.stderr.write('usage: train-scorer --dir DIR [--dir DIR...] [--out FILE]\n');
    process.exitCode = 2;
    return;
  }
  const samples = new Map<CalibratedField, Sample[]>();
  let bills = 0;
  try {
    for (const dir of dirs) {
      for (const f of (await readdir(dir)).filter((n) => BILL_EXT.has(extname(n).toLowerCase())).sort()) {
        const truth = JSON.parse(await readFile(join(dir, `${basename(f, extname(f))}.json`), 'utf8')) as Truth;
        const { result } = await readAndExtract(await readFile(join(dir, f)));
        bills++;
        for (const field of CALIBRATED_FIELDS) {
          const rows = result.stats[field];
          if (!rows || (truth.skip ?? []).includes(field) || !(field in truth)) continue;
          const list = samples.get(field) ?? [];
          for (const row of rows) list.push({ x: featureVector(row.stats), y: fieldCorrect(field, truth[field], row.value, truth) ? 1 : 0 });
          samples.set(field, list);
        }
        if (bills % 25 === 0) process.stderr.write(`  ${bills} bills\n`);
      }
    }
  } finally {
    await closeReaders();
  }
  const weights: ScorerWeights = { trainedOn: `${bills} generated bills (train split) from ${dirs.map((d) => basename(d)).join(', ')}; features ${FEATURE_NAMES.join(', ')}`, fields: {} };
  for (const [field, list] of samples) {
    if (list.length < 20 || list.every((s) => s.y === list[0]?.y)) continue;
    const w = trainLogistic(list);
    weights.fields[field] = { weights: w, n: list.length };
    const right = list.filter((s) => s.y === 1).length;
    process.stderr.write(`  ${field.padEnd(20)} candidates=${list.length} right=${((right / list.length) * 100).toFixed(1)}% weights=${w.join(' ')}\n`);
  }
  await writeFile(out, `${JSON.stringify(weights, null, 2)}\n`);
  process.stderr.write(`wrote ${out}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) await main();
