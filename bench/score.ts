import { SUMMARY_FIELDS } from '../packages/extractor/src/types.ts';

/**
 * Scoring rules of the bill sets (docs/benchmarks.md, "Bill extraction"): amounts to the cent,
 * dates as ISO dates, account numbers ignoring spaces and dashes, provider by name or alias,
 * usage within 0.5 %, bill type exactly; a true `null` means the right answer is none and
 * fields listed under `skip` are not scored.
 */
export const SCORED_FIELDS = SUMMARY_FIELDS;
/** The fields the scoring rules call core: all but the customer's name and service address. */
export const CORE_FIELDS = SCORED_FIELDS.filter((f) => f !== 'customerName' && f !== 'serviceAddress');
export type ScoredField = (typeof SCORED_FIELDS)[number];

export interface Truth {
  [key: string]: unknown;
  providerAliases?: string[];
  skip?: string[];
  form?: string;
}

const CORPORATE = /\b(inc|llc|l l c|co|company|corp|corporation|ltd|limited|lp|the)\b/g;

function providerKey(s: string): string {
  return s
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(CORPORATE, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Name or alias, case-insensitive; also when one contains the other as whole words. */
export function providerMatches(got: string, name: string, aliases: string[]): boolean {
  const g = providerKey(got);
  if (g.length < 2) return false;
  return [name, ...aliases].some((candidate) => {
    const c = providerKey(candidate);
    if (!c) return false;
    if (g === c) return true;
    const [shorter, longer] = g.length < c.length ? [g, c] : [c, g];
    return shorter.length >= 3 && ` ${longer} `.includes(` ${shorter} `);
  });
}

function str(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

function looseText(s: string): string {
  return s.toLowerCase().replace(/[\s,.]+/g, '');
}

export function fieldCorrect(field: ScoredField, expected: unknown, got: unknown, truth: Truth): boolean {
  if (expected === null || expected === undefined) return got === null || got === undefined || got === '';
  if (got === null || got === undefined) return false;
  switch (field) {
    case 'totalAmount':
      return typeof got === 'number' && Math.abs(got - Number(expected)) < 0.005;
    case 'usageAmount': {
      const e = Number(expected);
      return typeof got === 'number' && Math.abs(got - e) <= Math.abs(e) * 0.005;
    }
    case 'accountNumber':
      return str(got).replace(/[\s-]/g, '').toUpperCase() === str(expected).replace(/[\s-]/g, '').toUpperCase();
    case 'utilityProvider':
      return providerMatches(str(got), str(expected), truth.providerAliases ?? []);
    case 'customerName':
    case 'serviceAddress':
      return looseText(str(got)) === looseText(str(expected));
    case 'billType':
    case 'usageUnit':
    case 'dueDate':
    case 'servicePeriodStart':
    case 'servicePeriodEnd':
      return str(got) === str(expected);
  }
}

/** The fields of a truth file that count: present in the file and not skipped. */
export function scoredFields(truth: Truth): ScoredField[] {
  return SCORED_FIELDS.filter((f) => f in truth && !(truth.skip ?? []).includes(f));
}
