/**
 * Synthetic bill generator (dev tooling, not shipped). Writes NAME.pdf|png|jpg and NAME.json
 * per bill. See tools/README.md.
 *
 *   npm run -s -w packages/extractor gen -- --out DIR --count N --seed S
 *     [--forms text-pdf,multipage-pdf,scanned-pdf,png-scan,jpeg-photo] [--layouts a,b]
 *     [--wordings a,b] [--split train|heldout] [--compact]
 *     [--unreadable previous,payments] [--notice-cents N] [--readable-meters N]
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FORMS, generateBill } from './gen/generate.ts';
import { LAYOUTS } from './gen/layouts/index.ts';
import { WORDING_IDS, type WordingId } from './gen/wordings.ts';
import type { BillForm } from './gen/truth.ts';
import { LAYOUT_SPLIT, WORDING_SPLIT } from './splits.ts';

const UNREADABLE_FIELDS = ['previous', 'payments', 'current', 'total', 'due', 'usage'] as const;

function list(value: string | undefined, allowed: readonly string[], what: string): string[] | undefined {
  if (value === undefined) return undefined;
  const items = value.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = items.filter((i) => !allowed.includes(i));
  if (unknown.length > 0) throw new Error(`Unknown ${what}: ${unknown.join(', ')}. Known: ${allowed.join(', ')}`);
  return items;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      count: { type: 'string', default: '10' },
      seed: { type: 'string', default: '1' },
      forms: { type: 'string' },
      layouts: { type: 'string' },
      wordings: { type: 'string' },
      split: { type: 'string' },
      compact: { type: 'boolean', default: false },
      unreadable: { type: 'string' },
      'notice-cents': { type: 'string' },
      'readable-meters': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || values.out === undefined) {
    console.log('Usage: gen --out DIR --count N --seed S [--forms a,b] [--layouts a,b] [--wordings a,b] [--split train|heldout] [--compact]');
    console.log(`Layouts: ${LAYOUTS.map((l) => l.id).join(', ')}\nWordings: ${WORDING_IDS.join(', ')}\nForms: ${FORMS.join(', ')}`);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1) throw new Error('--count must be a positive integer');
  const split = values.split;
  if (split !== undefined && split !== 'train' && split !== 'heldout') throw new Error('--split must be train or heldout');
  const layoutIds = LAYOUTS.map((l) => l.id);
  let layouts = list(values.layouts, layoutIds, 'layout') ?? layoutIds;
  let wordings = (list(values.wordings, WORDING_IDS, 'wording') ?? WORDING_IDS) as WordingId[];
  if (split !== undefined) {
    const splitLayouts: readonly string[] = LAYOUT_SPLIT[split];
    const splitWordings: readonly string[] = WORDING_SPLIT[split];
    layouts = layouts.filter((l) => splitLayouts.includes(l));
    wordings = wordings.filter((w) => splitWordings.includes(w));
  }
  const forms = (list(values.forms, FORMS, 'form') ?? FORMS) as BillForm[];
  // Damage for tests of what the reader misses: values smudged, a notice amount by the charges.
  const unreadable = list(values.unreadable, UNREADABLE_FIELDS, 'unreadable field') as (typeof UNREADABLE_FIELDS)[number][] | undefined;
  const noticeCents = values['notice-cents'] === undefined ? undefined : Number(values['notice-cents']);
  if (noticeCents !== undefined && !(Number.isInteger(noticeCents) && noticeCents > 0)) throw new Error('--notice-cents must be a positive integer');
  const readableMeters = values['readable-meters'] === undefined ? undefined : Number(values['readable-meters']);
  if (readableMeters !== undefined && !(Number.isInteger(readableMeters) && readableMeters >= 0)) throw new Error('--readable-meters must be a whole number');
  const damage = { ...(unreadable ? { unreadable } : {}), ...(noticeCents !== undefined ? { noticeCents } : {}), ...(readableMeters !== undefined ? { readableMeters } : {}) };
  // npm runs workspace scripts inside the package: resolve --out from where npm was called.
  const out = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out);
  await mkdir(out, { recursive: true });
  for (let i = 1; i <= count; i++) {
    const bill = await generateBill(i, { seed: values.seed, forms, layouts, wordings, compact: values.compact, damage });
    await writeFile(path.join(out, `${bill.name}.${bill.extension}`), bill.bytes);
    await writeFile(path.join(out, `${bill.name}.json`), `${JSON.stringify(bill.truth, null, 2)}\n`);
    console.log(`${bill.name}.${bill.extension}  ${bill.truth.layout}  ${bill.truth.wording}  ${bill.truth.form}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
