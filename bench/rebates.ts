/**
 * Rebate ranking and catalogue import, in-process: how long `rankRebates` takes for one
 * household over catalogues of growing size, and how long a catalogue CSV of 5,000 programmes
 * takes to parse and validate. `node --import tsx bench/rebates.ts` (add `--json` for a report).
 */
import { performance } from 'node:perf_hooks';
import { readShippedCatalogue, catalogueToCsv, parseCatalogueCsv } from '../apps/server/src/features/rebates/catalogue.ts';
import type { Rebate } from '../packages/shared/src/contract/rebates.ts';
import { rankRebates } from '../packages/shared/src/rebates/ranking.ts';
import { usageProfileFromBills } from '../packages/shared/src/rebates/usage.ts';

const shipped = readShippedCatalogue();
const today = new Date().toISOString().slice(0, 10);
const usage = usageProfileFromBills(
  [{ billType: 'electricity', utilityProvider: 'Georgia Power Company', usageAmount: 1802, usageUnit: 'kWh', totalAmount: 357.41, servicePeriodStart: '2025-09-28', servicePeriodEnd: '2025-10-26' }],
  'GA',
);

function catalogueOf(size: number): Rebate[] {
  return Array.from({ length: size }, (_, i) => {
    const base = shipped[i % shipped.length] as Rebate;
    return { ...base, id: `${base.id}-${i}` };
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function time(runs: number, work: () => unknown): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    work();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

const report: Record<string, number> = {};
for (const size of [shipped.length, 500, 5000]) {
  const rebates = catalogueOf(size);
  report[`rank_${size}_ms`] = time(50, () => rankRebates({ rebates, context: { state: 'GA', utilities: usage.utilities, household: {} }, usage, today }));
}
const csv = catalogueToCsv(catalogueOf(5000));
report.csv_5000_bytes = csv.length;
report.csv_5000_parse_ms = time(10, () => {
  const parsed = parseCatalogueCsv(csv);
  if (!parsed.ok) throw new Error('bench CSV rejected');
});

if (process.argv.includes('--json')) console.log(JSON.stringify(report));
else for (const [k, v] of Object.entries(report)) console.log(`${k.padEnd(22)} ${Number.isInteger(v) ? v : v.toFixed(2)}`);
