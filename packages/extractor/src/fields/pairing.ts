import { findDates } from './date.ts';
import { linesAbove, linesBelow, overlap, subSegment, xAt, type Layout, type Segment } from './layout.ts';

/** A label printed on the bill. `re` must match at the start of a segment. */
export interface LabelDef {
  re: RegExp;
  weight: number;
  name: string;
}

export interface LabelHit {
  def: LabelDef;
  seg: Segment;
  /** The label's own text. */
  label: string;
  /** The part of the label's segment after the label. */
  rest: Segment;
}

/** A typed value found in text, with its character span. */
export interface Found<T> {
  value: T;
  start: number;
  end: number;
}

export type Where = 'inline' | 'right' | 'below' | 'above';

export interface Paired<T> {
  value: T;
  where: Where;
  seg: Segment;
  hit: LabelHit;
  /** 0..1: how sure the pairing is (inline > right > below > above), times the label weight. */
  score: number;
}

const WHERE_SCORE: Record<Where, number> = { inline: 1, right: 0.95, below: 0.85, above: 0.6 };

/** Every occurrence of the labels, at segment starts. */
export function findLabels(layout: Layout, defs: readonly LabelDef[]): LabelHit[] {
  const hits: LabelHit[] = [];
  for (const line of layout.lines) {
    for (const seg of line.segments) {
      for (const def of defs) {
        def.re.lastIndex = 0;
        const m = def.re.exec(seg.text);
        if (!m) continue;
        const end = m.index + m[0].length;
        const restRaw = seg.text
          .slice(end)
          // A unit after the label, with or without a scale: "(kWh)", "(1,000 gal)", "(in 100 cu ft)".
          .replace(/^\s*\((?:[^)\d]{0,20}|\s*(?:in\s+|x\s?|per\s+)?(?:10|100|1,?000)\s*[a-z][^)\d]{0,16})\)/i, '')
          // A separator after the label; a dash only when a space follows ("Due - $60"), since
          // "-$60.00" right after a label is a credit, not punctuation.
          .replace(/^\s*(?:[:#.]|[-–](?=\s))?\s*(?:[:#]\s*)?/, '');
        const rest = subSegment(seg, seg.text.length - restRaw.length, seg.text.length);
        hits.push({ def, seg, label: m[0], rest });
        break;
      }
    }
  }
  return hits;
}

export interface PairOptions {
  right?: boolean;
  below?: boolean;
  above?: boolean;
  /** Lines to look down/up. */
  reach?: number;
  /** A text that stops the search (another label) when met in the column. */
  isLabel?: (text: string) => boolean;
  /** Stop looking down/up at the first text in the column that is not a value (default true). */
  stopOnText?: boolean;
}

/** A text that is one date and nothing else but punctuation ("Nov 10, 2025", "10/20/25:"). */
export function isOnlyDate(text: string): boolean {
  const dates = findDates(text);
  const d = dates[0];
  return dates.length === 1 && d !== undefined && !/[A-Za-z0-9]/.test(text.slice(0, d.start) + text.slice(d.end));
}

/** The value printed with a label: inline after it, to its right, below it or above it. */
export function pairValue<T>(
  layout: Layout,
  hit: LabelHit,
  parse: (text: string) => Array<Found<T>>,
  opts: PairOptions = {},
): Paired<T> | null {
  const { right = true, below = true, above = false, reach = 3 } = opts;
  const make = (value: T, where: Where, seg: Segment): Paired<T> => ({ value, where, seg, hit, score: WHERE_SCORE[where] * hit.def.weight });

  if (hit.rest.text) {
    const inline = parse(hit.rest.text)[0];
    if (inline) return make(inline.value, 'inline', hit.rest);
  }
  const line = layout.lines[hit.seg.line];
  // A date finishing the label ("Total amount due by Mar 3, 2026 | $412.60", "Balance as of
  // 10/20/25 | $0.43") is part of the label: the value to the right is still its value.
  const dateRest = hit.rest.text !== '' && isOnlyDate(hit.rest.text);
  if (right && line) {
    const idx = line.segments.indexOf(hit.seg);
    const next = line.segments[idx + 1];
    // The rest of the label's segment, when it holds text but no value, blocks the right side.
    if (next && (!hit.rest.text || dateRest)) {
      const v = parse(next.text)[0];
      if (v) return make(v.value, 'right', next);
    }
    if (!hit.rest.text) {
      const v = sameRowRight(layout, hit.seg, next, parse);
      if (v) return { ...make(v.value, 'right', v.seg), score: WHERE_SCORE.right * 0.95 * hit.def.weight };
    }
  }
  if (hit.rest.text) return null;
  const span: [number, number] = [hit.seg.x0 - hit.seg.height * 0.5, hit.seg.x1 + hit.seg.height * 0.5];
  if (below) {
    const v = searchColumn(linesBelow(layout, hit.seg, reach), span, parse, opts);
    if (v) return make(v.value, 'below', v.seg);
  }
  if (above) {
    const v = searchColumn(linesAbove(layout, hit.seg, reach), span, parse, opts);
    if (v) return make(v.value, 'above', v.seg);
  }
  return null;
}

function searchColumn<T>(
  rows: Segment[][],
  span: [number, number],
  parse: (text: string) => Array<Found<T>>,
  opts: PairOptions,
): { value: T; seg: Segment } | null {
  for (const row of rows) {
    const inColumn = row.filter((s) => overlap(s.x0, s.x1, span[0], span[1]) > 0);
    if (inColumn.length === 0) continue;
    let best: { value: T; seg: Segment; ov: number } | null = null;
    for (const seg of inColumn) {
      for (const f of parse(seg.text)) {
        const ov = overlap(xAt(seg, f.start), xAt(seg, f.end), span[0], span[1]);
        if (ov > 0 && (!best || ov > best.ov)) best = { value: f.value, seg, ov };
      }
    }
    if (best) return best;
    if (opts.isLabel && inColumn.some((s) => opts.isLabel?.(s.text))) return null;
    // Text in the column that is not a value: a different block starts here.
    if (opts.stopOnText !== false && inColumn.some((s) => /[a-z]{3,}/i.test(s.text))) return null;
  }
  return null;
}

/** How far right (in label heights) a value on the label's row but another OCR line may be. */
const MAX_ROW_REACH = 25;

/**
 * The value printed to the right of a label on the same visual row but grouped into a
 * neighbouring line (OCR puts a label and a bigger or descending value on slightly different
 * baselines). Only the nearest text to the right is tried, and never past `ownNext`, the label
 * line's own next segment.
 */
function sameRowRight<T>(
  layout: Layout,
  label: Segment,
  ownNext: Segment | undefined,
  parse: (text: string) => Array<Found<T>>,
): { value: T; seg: Segment } | null {
  let nearest: Segment | null = null;
  for (let i = label.line - 3; i <= label.line + 3; i++) {
    const line = layout.lines[i];
    if (!line || i === label.line || line.page !== label.page) continue;
    for (const s of line.segments) {
      if (s.x0 < label.x1 - label.height * 0.2 || !/[\p{L}\p{N}]/u.test(s.text)) continue;
      if (ownNext && s.x0 >= ownNext.x0) continue;
      // Far across the page is another column's text, not this label's value.
      if (s.x0 - label.x1 > label.height * MAX_ROW_REACH) continue;
      const shared = overlap(s.y, s.y + s.height, label.y, label.y + label.height);
      if (shared < Math.min(s.height, label.height) * 0.5) continue;
      if (!nearest || s.x0 < nearest.x0) nearest = s;
    }
  }
  if (!nearest) return null;
  const v = parse(nearest.text)[0];
  return v ? { value: v.value, seg: nearest } : null;
}
