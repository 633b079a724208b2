import { daysBetween } from './date.ts';
import { linesBelow, overlap, type Layout, type Segment } from './layout.ts';

/**
 * Text wrapped onto the next line: a sentence or label cut at the end of a narrow column
 * ("Your bill covers service from 2025-04-14 through" | "2025-05-15", "Payment must be" |
 * "received by 2025-06-12."). Each pair is a segment and the segment printed right under it,
 * starting at the same left edge, when the first does not end a sentence.
 */
export interface Wrapped {
  first: Segment;
  second: Segment;
  /** `first.text + ' ' + second.text`; the join is at `first.text.length`. */
  text: string;
}

/** A line that ends a thought: a full stop, or a value with nothing after it that asks for more. */
const ENDS_SENTENCE = /[.!?:]\s*$/;

export function wrappedPairs(layout: Layout): Wrapped[] {
  const out: Wrapped[] = [];
  for (const line of layout.lines) {
    line.segments.forEach((seg, si) => {
      if (ENDS_SENTENCE.test(seg.text) || !/[A-Za-z]{2,}/.test(seg.text)) return;
      // Where the text's line begins: a phrase split in cells by a wider gap ("This bill |
      // covers 12 Apr 2026 to 14") continues under its first cell.
      let left = seg;
      for (let k = si - 1; k >= 0; k--) {
        const prev = line.segments[k];
        if (!prev || left.x0 - prev.x1 > seg.height * 2 || !/[A-Za-z]/.test(prev.text)) break;
        left = prev;
      }
      const aligned = (s: Segment) => [seg.x0, left.x0].some((x) => Math.abs(s.x0 - x) < seg.height * 1.5) && overlap(s.x0, s.x1, left.x0, seg.x1) > 0;
      // The next row with text in this column: rows printed only in another column (a
      // coupon's labels beside the narrow column) sit between the two halves.
      let below: Segment | undefined;
      for (const row of linesBelow(layout, seg, 4)) {
        below = row.find(aligned);
        if (below || row.some((s) => overlap(s.x0, s.x1, left.x0, seg.x1) > 0)) break;
      }
      if (!below || below.y - (seg.y + seg.height) > seg.height * 1.2) return;
      out.push({ first: seg, second: below, text: `${seg.text} ${below.text}` });
    });
  }
  return out;
}

/**
 * Lengths of the billing period the bill prints ("Days Billed 31", "In 31 days you used",
 * "Days in this bill: 33", "BILLING PERIOD | DAYS" over "10/29/24 - 12/2/24 | 34"): a range
 * whose length matches one of them is the bill's period rather than a rate's or a notice's.
 */
export function printedPeriodDays(layout: Layout): Set<number> {
  const out = new Set<number>();
  const add = (n: number) => {
    if (n >= 7 && n <= 100) out.add(n);
  };
  for (const line of layout.lines) {
    for (const seg of line.segments) {
      const t = seg.text;
      // "31 days" in a sentence about usage or billing, never a payment term ("within 30 days").
      for (const m of t.matchAll(/\b(\d{1,3})\s+(?:billing\s+|service\s+)?days?\b(?!\s+(?:after|before|prior|from|late|past|notice|of\s+(?:the|your)))/gi)) {
        const before = t.slice(Math.max(0, m.index - 24), m.index).toLowerCase();
        if (/\b(?:within|after|before|than|least|next|about|to|up)\s*$/.test(before)) continue;
        add(Number(m[1]));
      }
      // "Days Billed 31", "Days in this bill: 33", "Billing days 31", "No. of days 30".
      const labelled = /\b(?:billing|billed|service|number\s+of|no\.?\s+of|#\s*of)?\s*days(?:\s+(?:billed|in\s+(?:this\s+)?(?:bill(?:ing)?|cycle|period|service)(?:\s+(?:period|cycle))?|of\s+service))?\s*[:#]?\s*(\d{1,3})\s*$/i.exec(t);
      if (labelled) add(Number(labelled[1]));
      const bare = /^\s*(?:billing\s+|billed\s+|service\s+)?days(?:\s+(?:billed|in\s+(?:this\s+)?(?:bill(?:ing)?|cycle|period))(?:\s+(?:period|cycle))?)?\s*:?\s*$/i.test(t);
      if (bare) {
        const next = line.segments[line.segments.indexOf(seg) + 1];
        const n = next ? /^\s*(\d{1,3})\s*$/.exec(next.text) : null;
        if (n) add(Number(n[1]));
      }
    }
  }
  return out;
}

/** Whether a range is as long as a printed day count (counted either way: end − start, or both ends included). */
export function matchesPrintedDays(range: { start: string; end: string }, days: ReadonlySet<number>): boolean {
  const d = daysBetween(range.start, range.end);
  return days.has(d) || days.has(d + 1);
}
