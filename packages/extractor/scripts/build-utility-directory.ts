/**
 * Builds `packages/extractor/data/utilities.json`, the directory of utilities the bill reader
 * recognises, from EIA-861 (2018) electric utilities and the hand-compiled gas, water and
 * internet providers in `data/other-providers.csv`. See data/SOURCES.md.
 *
 *   node --import tsx packages/extractor/scripts/build-utility-directory.ts [--eia DIR]
 *
 * DIR defaults to ../shared/data/eia beside the repository (utilities.csv,
 * utilities_short_form.csv, service_territory.csv).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printedNamesOfEia } from '../src/fields/provider-eia-names.ts';
import type { DirectoryEntry, DirectoryFile } from '../src/fields/provider-directory-schema.ts';

const PACKAGE = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argIndex = process.argv.indexOf('--eia');
const EIA_DIR = argIndex >= 0 ? resolve(process.argv[argIndex + 1] ?? '') : resolve(PACKAGE, '../../../shared/data/eia');
const OUT = join(PACKAGE, 'data/utilities.json');

function parseCsv(text: string): Array<Record<string, string>> {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.some((f) => f !== '')) rows.push(row);
      row = [];
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  const [header, ...body] = rows;
  if (!header) return [];
  return body.map((r) => Object.fromEntries(header.map((h, i) => [h.trim(), (r[i] ?? '').trim()])));
}

const OWNERSHIP: Record<string, DirectoryEntry['ownership']> = {
  'Investor Owned': 'investor',
  Cooperative: 'cooperative',
  Municipal: 'municipal',
  'Political Subdivision': 'public',
  State: 'public',
  Federal: 'public',
  'Retail Power Marketer': 'retail_marketer',
  'Community Choice Aggregator': 'community_choice',
};

interface EiaUtility {
  id: number;
  rawName: string;
  states: Set<string>;
  ownership: string;
  customers: number;
}

function readEia(): EiaUtility[] {
  const byId = new Map<number, EiaUtility>();
  const add = (id: number, rawName: string, state: string, ownership: string, customers: number) => {
    const u = byId.get(id) ?? { id, rawName, states: new Set<string>(), ownership, customers: 0 };
    u.states.add(state);
    u.customers += customers;
    if (!u.ownership && ownership) u.ownership = ownership;
    byId.set(id, u);
  };
  for (const r of parseCsv(readFileSync(join(EIA_DIR, 'utilities.csv'), 'utf8'))) {
    add(Number(r.eia_id), r.utility_name ?? '', r.state ?? '', r.ownership ?? '', Number(r.residential_customers) || 0);
  }
  for (const r of parseCsv(readFileSync(join(EIA_DIR, 'utilities_short_form.csv'), 'utf8'))) {
    add(Number(r.eia_id), r.utility_name ?? '', r.state ?? '', r.ownership ?? '', Number(r.total_customers) || 0);
  }
  // Service territories add the states a utility serves without retail sales in 2018 rows.
  for (const r of parseCsv(readFileSync(join(EIA_DIR, 'service_territory.csv'), 'utf8'))) {
    const id = Number(r.eia_id);
    const u = byId.get(id);
    if (u) u.states.add(r.state ?? '');
    else add(id, r.utility_name ?? '', r.state ?? '', '', 0);
  }
  return [...byId.values()].filter((u) => u.rawName && Number.isFinite(u.id));
}

function eiaType(name: string, ownership: DirectoryEntry['ownership']): DirectoryEntry['type'] {
  if (/\bGas\b/i.test(name) || /\bWater\b/i.test(name)) return 'multi';
  // City utilities usually bill water and sewer beside power.
  if (ownership === 'municipal') return 'multi';
  return 'electricity';
}

function readOtherProviders(): DirectoryEntry[] {
  const rows = parseCsv(readFileSync(join(PACKAGE, 'data/other-providers.csv'), 'utf8'));
  const list = (s: string | undefined) => (s ? s.split('|').map((x) => x.trim()).filter(Boolean) : []);
  return rows.map((r) => ({
    name: r.name ?? '',
    aliases: list(r.aliases),
    domains: list(r.domains),
    states: list(r.states),
    type: (r.type ?? 'multi') as DirectoryEntry['type'],
    ownership: (r.ownership ?? 'investor') as DirectoryEntry['ownership'],
    source: 'other',
  }));
}

function build(): DirectoryFile {
  const eia = readEia().sort((a, b) => b.customers - a.customers || a.id - b.id);
  const entries: DirectoryEntry[] = eia.map((u) => {
    const ownership = OWNERSHIP[u.ownership] ?? 'other';
    const { name, aliases } = printedNamesOfEia(u.rawName);
    return {
      name,
      aliases,
      domains: [],
      states: [...u.states].filter(Boolean).sort(),
      type: eiaType(name, ownership),
      ownership,
      eiaId: u.id,
      source: 'eia-861-2018',
    };
  });
  entries.push(...readOtherProviders());
  return { version: 1, entries };
}

const directory = build();
// One entry per line: small, and diffs stay readable.
const body = directory.entries.map((e) => JSON.stringify(compact(e))).join(',\n');
writeFileSync(OUT, `{"version":${directory.version},"entries":[\n${body}\n]}\n`);
console.log(`${directory.entries.length} entries → ${OUT}`);

function compact(e: DirectoryEntry): Partial<DirectoryEntry> {
  const out: Partial<DirectoryEntry> = { name: e.name };
  if (e.aliases.length) out.aliases = e.aliases;
  if (e.domains.length) out.domains = e.domains;
  out.states = e.states;
  out.type = e.type;
  out.ownership = e.ownership;
  if (e.eiaId !== undefined) out.eiaId = e.eiaId;
  out.source = e.source;
  return out;
}
