import type { DocumentText, HintField, LayoutHint } from '../types.ts';
import { parseAccount } from './account.ts';
import { findCandidates, type Candidate } from './candidates.ts';
import { normalizeDateOrder } from './date-order.ts';
import { buildLayout, type Layout } from './layout.ts';
import { labelStems } from './meaning.ts';
import type { Votes } from './votes.ts';

const KIND: Record<HintField, Candidate['kind']> = {
  totalAmount: 'money',
  dueDate: 'date',
  accountNumber: 'id',
  usageAmount: 'quantity',
  servicePeriodStart: 'range',
  servicePeriodEnd: 'range',
};

/** How far (share of the page) a value may sit from where the hint saw it and still be the same place. */
const NEAR_X = 0.05;
const NEAR_Y = 0.03;

function labelKey(text: string): string {
  return labelStems(text).join(' ');
}

function place(layout: Layout, c: Candidate): { page: number; relX: number; relY: number } {
  const size = layout.pageSizes?.[c.seg.page];
  return {
    page: c.seg.page,
    relX: size && size.width > 0 ? c.x0 / size.width : 0,
    relY: size && size.height > 0 ? c.seg.y / size.height : (layout.lines[c.seg.line]?.relY ?? 0),
  };
}

function sameValue(field: HintField, candidate: unknown, value: string | number): boolean {
  switch (field) {
    case 'totalAmount':
      return typeof candidate === 'number' && Math.abs(candidate - Number(value)) < 0.005;
    case 'dueDate':
      return candidate === value;
    case 'accountNumber':
      return String(candidate).replace(/[^0-9A-Z]/gi, '').toUpperCase() === String(value).replace(/[^0-9A-Z]/gi, '').toUpperCase();
    case 'usageAmount': {
      const amount = (candidate as { amount?: number }).amount;
      return typeof amount === 'number' && Math.abs(amount - Number(value)) <= Math.abs(Number(value)) * 0.005;
    }
    case 'servicePeriodStart':
      return (candidate as { start?: string }).start === value;
    case 'servicePeriodEnd':
      return (candidate as { end?: string }).end === value;
  }
}

/**
 * What a correction teaches: where the corrected value is printed on the bill, and with which
 * label. Null when the bill does not print the value (then there is nothing to learn).
 */
export function learnLayoutHint(doc: DocumentText, field: HintField, value: string | number): LayoutHint | null {
  const layout = normalizeDateOrder(buildLayout(doc));
  const candidates = findCandidates(layout, { ref: null, parseAccount }).filter((c) => c.kind === KIND[field] && sameValue(field, c.value, value));
  // Of several printings, a labelled one teaches more than a bare one.
  const best = candidates.find((c) => c.context) ?? candidates[0];
  if (!best) return null;
  return { field, label: labelKey(best.context), ...place(layout, best) };
}

/**
 * Votes from hints: a value printed with the hint's label, or where the hint saw the value,
 * counts strongly for the hint's field (more than any printed label: the user said so).
 */
export function addHintVotes<T>(votes: Votes<T>, layout: Layout, candidates: Candidate[], hints: readonly LayoutHint[], field: HintField, key?: (v: T) => string): void {
  for (const hint of hints) {
    if (hint.field !== field) continue;
    for (const c of candidates) {
      if (c.kind !== KIND[field]) continue;
      const labelled = hint.label !== '' && labelKey(c.context) === hint.label;
      const p = place(layout, c);
      const near = p.page === hint.page && Math.abs(p.relX - hint.relX) < NEAR_X && Math.abs(p.relY - hint.relY) < NEAR_Y;
      if (!labelled && !near) continue;
      const value = c.value as T;
      votes.add(value, (labelled ? 2 : 0) + (near ? 1.5 : 0), key ? key(value) : undefined);
    }
  }
}
