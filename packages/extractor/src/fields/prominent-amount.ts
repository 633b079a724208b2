import { moneyIn } from './amount.ts';
import type { Candidate } from './candidates.ts';
import type { Layout } from './layout.ts';
import { NOT_TOTAL_RE } from './labels.ts';

/** How much taller than the page's usual text the headline amount must be printed. */
const HEADLINE_RATIO = 1.6;
/** Every other amount on the page is at most this share of the headline's height. */
const RUNNER_UP_RATIO = 0.8;
/** Vote for an amount picked by its print size alone (a labelled total always outweighs it). */
export const PROMINENT_TOTAL_WEIGHT = 0.3;
/** Confidence of a total picked by print size alone: always "please check" (under 0.8). */
export const PROMINENT_TOTAL_CONFIDENCE = 0.5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * The amount a bill prints as its headline: on the first page, with cents, in type clearly
 * larger than the page's text and than every other amount. Bills print the amount to pay that
 * way; when the OCR lost its label (small grey print on a low-resolution image), the size still
 * shows. Returns null when no amount stands out alone.
 */
export function prominentAmount(layout: Layout, candidates: readonly Candidate[]): number | null {
  const firstPage = Math.min(...layout.lines.map((l) => l.page));
  const heights = layout.lines.filter((l) => l.page === firstPage).flatMap((l) => l.segments.map((s) => s.height));
  const usual = median(heights);
  if (!(usual > 0)) return null;
  const amounts = candidates.filter((c) => c.kind === 'money' && c.seg.page === firstPage && !c.prose);
  const tallest = amounts.reduce<Candidate | null>((best, c) => (!best || c.seg.height > best.seg.height ? c : best), null);
  if (!tallest || tallest.seg.height < usual * HEADLINE_RATIO) return null;
  const value = tallest.value as number;
  if (!(value > 0) || NOT_TOTAL_RE.test(tallest.context)) return null;
  if (!moneyIn(tallest.seg.text).some((m) => m.value === value && m.hasCents)) return null;
  const rival = amounts.some((c) => c !== tallest && c.value !== value && c.seg.height > tallest.seg.height * RUNNER_UP_RATIO);
  return rival ? null : value;
}
