import type { Layout, Segment } from './layout.ts';

const NUMERIC_DATE_RE = /(?<![\d/.-])(\d{1,2})([/.-])(\d{1,2})\2((?:19|20)?\d{2})(?![\d/])/g;

/**
 * Bills print numeric dates month-first (US) or day-first (much of Canada and elsewhere). The
 * order is a property of the whole bill: a date whose first number is over 12 shows day-first,
 * one whose second number is over 12 shows month-first. When the bill shows day-first and
 * never month-first, every numeric date's day and month are swapped in place (same length, so
 * positions stay true), and the rest of the reader reads month-first as usual.
 */
export function normalizeDateOrder(layout: Layout): Layout {
  const { dayFirst, monthFirst } = dateOrderEvidence(layout);
  if (dayFirst === 0 || monthFirst > 0) return layout;
  return swapDayMonth(layout);
}

/** Numeric dates that can only be day-first, only month-first, or either (both numbers ≤ 12). */
export function dateOrderEvidence(layout: Layout): { dayFirst: number; monthFirst: number; ambiguous: number } {
  let dayFirst = 0;
  let monthFirst = 0;
  let ambiguous = 0;
  for (const line of layout.lines) {
    for (const m of line.text.matchAll(NUMERIC_DATE_RE)) {
      const a = Number(m[1]);
      const b = Number(m[3]);
      if (a > 12 && b <= 12) dayFirst++;
      else if (b > 12 && a <= 12) monthFirst++;
      else if (a <= 12 && b <= 12 && a !== b) ambiguous++;
    }
  }
  return { dayFirst, monthFirst, ambiguous };
}

/** The layout with every numeric date's day and month swapped (lengths kept). */
export function swapDayMonth(layout: Layout): Layout {
  const swap = (text: string) => text.replace(NUMERIC_DATE_RE, (_all, a: string, sep: string, b: string, y: string) => `${b}${sep}${a}${sep}${y}`);
  const swapSeg = (s: Segment): Segment => ({ ...s, text: swap(s.text) });
  const lines = layout.lines.map((l) => ({ ...l, text: swap(l.text), segments: l.segments.map(swapSeg) }));
  return { ...layout, lines, text: swap(layout.text) };
}
