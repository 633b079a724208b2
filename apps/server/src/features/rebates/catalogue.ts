import fs from 'node:fs';
import path from 'node:path';
import { type ImportLineError, type Rebate, rebateSchema } from '@wattwise/shared/contract/rebates';
import { z } from 'zod';
import { REPO_ROOT } from '../../config.ts';
import { CsvSyntaxError, parseCsv, toCsv } from './csv.ts';

/** The shipped catalogue (apps/server/data/rebates, sources in its SOURCES.md). */
export const CATALOGUE_DIR = path.join(REPO_ROOT, 'apps/server/data/rebates');

const catalogueFileSchema = z.object({ asOf: z.string(), programmes: z.array(rebateSchema) });

/** The programmes shipped with the app, parsed (a broken data file fails loudly at first use). */
export function readShippedCatalogue(dir = CATALOGUE_DIR): Rebate[] {
  const raw: unknown = JSON.parse(fs.readFileSync(path.join(dir, 'programmes.json'), 'utf8'));
  return catalogueFileSchema.parse(raw).programmes;
}

/** Columns of the catalogue CSV, in order; lists are separated by ';', rules are JSON. */
export const CSV_COLUMNS = [
  'id',
  'program_name',
  'description',
  'provider',
  'monetary_value',
  'application_url',
  'start_date',
  'expiration_date',
  'category',
  'property_types',
  'regions',
  'eligibility_criteria',
  'typical_project_cost',
  'source_url',
] as const;

export const MAX_IMPORT_ROWS = 5000;

export function catalogueToCsv(rebates: readonly Rebate[]): string {
  return toCsv(
    CSV_COLUMNS,
    rebates.map((r) => [
      r.id,
      r.programName,
      r.description,
      r.provider,
      String(r.monetaryValue),
      r.applicationUrl ?? '',
      r.startDate ?? '',
      r.expirationDate ?? '',
      r.category,
      r.propertyTypes.join(';'),
      r.regions.join(';'),
      JSON.stringify(r.eligibilityCriteria),
      r.typicalProjectCost === null ? '' : String(r.typicalProjectCost),
      r.sourceUrl,
    ]),
  );
}

const list = (s: string) =>
  s
    .split(';')
    .map((x) => x.trim())
    .filter(Boolean);

const idSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{1,99}$/, 'id must be 2-100 lower-case letters, digits or dashes');
const httpUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });

function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

/**
 * Parses a catalogue CSV. Either every line is valid and the programmes are returned, or
 * nothing is, and each bad line is named with its reason (line 1 is the header).
 */
export function parseCatalogueCsv(text: string): { ok: true; rebates: Rebate[] } | { ok: false; errors: ImportLineError[] } {
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { ok: false, errors: [{ line: error.line, reason: error.message }] };
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) return { ok: false, errors: [{ line: 1, reason: 'the file is empty' }] };
  const names = header.fields.map((f) => f.trim().toLowerCase());
  const missing = CSV_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0) return { ok: false, errors: [{ line: header.line, reason: `missing column(s): ${missing.join(', ')}` }] };
  if (rows.length === 0) return { ok: false, errors: [{ line: header.line, reason: 'no programmes after the header' }] };
  if (rows.length > MAX_IMPORT_ROWS) return { ok: false, errors: [{ line: header.line, reason: `at most ${MAX_IMPORT_ROWS} programmes per import` }] };

  const errors: ImportLineError[] = [];
  const rebates: Rebate[] = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    if (row.fields.length !== names.length) {
      errors.push({ line: row.line, reason: `expected ${names.length} fields, found ${row.fields.length}` });
      continue;
    }
    const get = (c: (typeof CSV_COLUMNS)[number]) => (row.fields[names.indexOf(c)] ?? '').trim();
    const reasons: string[] = [];
    const id = idSchema.safeParse(get('id'));
    if (!id.success) reasons.push(id.error.issues[0]?.message ?? 'invalid id');
    let criteria: unknown = {};
    if (get('eligibility_criteria')) {
      try {
        criteria = JSON.parse(get('eligibility_criteria'));
      } catch {
        reasons.push('eligibility_criteria: not valid JSON');
      }
    }
    const number = (c: 'monetary_value' | 'typical_project_cost') => {
      const v = get(c);
      if (v === '') return null;
      const n = Number(v.replace(/[$,]/g, ''));
      if (!Number.isFinite(n)) reasons.push(`${c}: '${v}' is not a number`);
      return n;
    };
    const value = number('monetary_value');
    if (value === null) reasons.push('monetary_value: required');
    const cost = number('typical_project_cost');
    for (const c of ['application_url', 'source_url'] as const) {
      const v = get(c);
      if ((v || c === 'source_url') && !httpUrl.safeParse(v).success) reasons.push(`${c}: must be an http(s) URL`);
    }
    const candidate = {
      id: get('id'),
      programName: get('program_name'),
      description: get('description'),
      provider: get('provider'),
      monetaryValue: value ?? 0,
      applicationUrl: get('application_url') || null,
      startDate: get('start_date') || null,
      expirationDate: get('expiration_date') || null,
      category: get('category'),
      propertyTypes: list(get('property_types')),
      regions: list(get('regions')),
      eligibilityCriteria: criteria,
      typicalProjectCost: cost,
      sourceUrl: get('source_url'),
      origin: 'catalogue',
    };
    const parsed = rebateSchema.safeParse(candidate);
    if (!parsed.success) reasons.push(...parsed.error.issues.map(describeIssue));
    for (const c of ['program_name', 'provider'] as const) if (!get(c)) reasons.push(`${c}: required`);
    if (candidate.startDate && candidate.expirationDate && candidate.startDate > candidate.expirationDate) reasons.push('start_date is after expiration_date');
    const first = seen.get(candidate.id);
    if (first !== undefined) reasons.push(`id '${candidate.id}' already on line ${first}`);
    else seen.set(candidate.id, row.line);
    if (reasons.length > 0) errors.push({ line: row.line, reason: [...new Set(reasons)].join('; ') });
    else if (parsed.success) rebates.push(parsed.data);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, rebates };
}
