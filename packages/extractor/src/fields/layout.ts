import type { DocumentText, TextItem } from '../types.ts';
import { normalizeText } from './ocr-text.ts';

/**
 * A column-aware view of a document: each visual line is cut into segments at wide gaps
 * (columns) and dot leaders, so a label and its value can be paired by position: the value is
 * in the rest of the label's segment, in the next segment to the right, or in the segment
 * directly below (or, on some bills, above) that overlaps the label horizontally.
 */
export interface Segment {
  text: string;
  x0: number;
  x1: number;
  y: number;
  height: number;
  page: number;
  /** Index of the line in `Layout.lines`. */
  line: number;
  /** Character offset → x, one entry per item. */
  spans: Array<{ start: number; end: number; x0: number; x1: number }>;
  confidence: number;
}

export interface LayoutLine {
  page: number;
  y: number;
  height: number;
  text: string;
  segments: Segment[];
  /** Relative position on the page (0 = top, 1 = bottom). */
  relY: number;
}

export interface Layout {
  lines: LayoutLine[];
  pageCount: number;
  /** Each page's size, in the units of its text positions. */
  pageSizes?: Array<{ width: number; height: number }>;
  /** All text, line by line, pages separated by a form feed. */
  text: string;
}

const COLUMN_GAP = 1.5; // in line heights
const LEADER_RE = /\s*(?:\.{3,}|…+|_{3,}|(?:\. ){3,}\.?)\s*/;

/**
 * A word OCR hardly recognised and that holds no digit: dotted leaders, rules and specks read
 * as "oo.", "sess", "ee". Kept, they stand between a label and its value as a label of their own.
 */
function isOcrNoise(item: TextItem): boolean {
  // Only round and short glyphs: a real word read with no confidence ("Account") stays.
  return item.confidence < 0.3 && /^[oeacsrmnuvw.,:;=~_|'"`—–-]+$/i.test(item.text.trim());
}

export function buildLayout(doc: DocumentText): Layout {
  const lines: LayoutLine[] = [];
  for (const page of doc.pages) {
    for (const line of page.lines) {
      const lineIndex = lines.length;
      const height = line.height > 0 ? line.height : 10;
      const segments: Segment[] = [];
      let current: { items: TextItem[] } | null = null;
      let prev: TextItem | null = null;
      const flush = () => {
        if (current && current.items.length > 0) segments.push(...splitLeaders(makeSegment(current.items, page.index, lineIndex)));
        current = null;
      };
      const items = line.items.length > 0 ? line.items : [{ text: line.text, x: line.x, y: line.y, width: line.width, height, confidence: 1 }];
      for (const item of items) {
        if (!item.text.trim() || isOcrNoise(item)) continue;
        const h = Math.min(item.height > 0 ? item.height : height, height);
        if (prev && current && item.x - (prev.x + prev.width) < COLUMN_GAP * h) current.items.push(item);
        else {
          flush();
          current = { items: [item] };
        }
        prev = item;
      }
      flush();
      const filtered = segments.filter((s) => s.text.length > 0);
      lines.push({
        page: page.index,
        y: line.y,
        height,
        text: filtered.map((s) => s.text).join('   '),
        segments: filtered,
        relY: page.height > 0 ? line.y / page.height : 0,
      });
    }
  }
  const text = doc.pages
    .map((p) => lines.filter((l) => l.page === p.index).map((l) => l.text).join('\n'))
    .join('\n\f\n');
  return { lines, pageCount: doc.pageCount, text, pageSizes: doc.pages.map((p) => ({ width: p.width, height: p.height })) };
}

function makeSegment(items: TextItem[], page: number, line: number): Segment {
  let text = '';
  const spans: Segment['spans'] = [];
  for (const item of items) {
    if (text) text += ' ';
    const t = normalizeText(item.text.replace(/\s+/g, ' ').trim());
    spans.push({ start: text.length, end: text.length + t.length, x0: item.x, x1: item.x + item.width });
    text += t;
  }
  const x0 = Math.min(...items.map((i) => i.x));
  const x1 = Math.max(...items.map((i) => i.x + i.width));
  const y = Math.min(...items.map((i) => i.y));
  const height = Math.max(...items.map((i) => i.height));
  const confidence = Math.min(...items.map((i) => i.confidence));
  return { text, x0, x1, y, height, page, line, spans, confidence };
}

/** Cuts a segment at dot leaders ("Previous Balance ........ $80.21"). */
function splitLeaders(seg: Segment): Segment[] {
  const m = LEADER_RE.exec(seg.text);
  if (!m || m.index === 0) {
    if (m && m.index === 0) return splitLeaders(subSegment(seg, m[0].length, seg.text.length));
    return [seg];
  }
  const left = subSegment(seg, 0, m.index);
  const right = subSegment(seg, m.index + m[0].length, seg.text.length);
  return right.text ? [left, ...splitLeaders(right)] : [left];
}

export function subSegment(seg: Segment, start: number, end: number): Segment {
  const raw = seg.text.slice(start, end);
  const lead = raw.length - raw.trimStart().length;
  const s = start + lead;
  const e = s + raw.trim().length;
  const spans = seg.spans
    .filter((sp) => sp.end > s && sp.start < e)
    .map((sp) => ({ ...sp, start: Math.max(sp.start, s) - s, end: Math.min(sp.end, e) - s }));
  return {
    ...seg,
    text: seg.text.slice(s, e),
    x0: e > s ? xAt(seg, s) : seg.x1,
    x1: e > s ? xAt(seg, e) : seg.x1,
    spans,
  };
}

/** Estimated x of a character offset (interpolated inside the item that holds it). */
export function xAt(seg: Segment, offset: number): number {
  for (const sp of seg.spans) {
    if (offset >= sp.start && offset <= sp.end) {
      const len = Math.max(1, sp.end - sp.start);
      return sp.x0 + ((sp.x1 - sp.x0) * (offset - sp.start)) / len;
    }
  }
  return offset <= 0 ? seg.x0 : seg.x1;
}

export function overlap(a0: number, a1: number, b0: number, b1: number): number {
  return Math.min(a1, b1) - Math.max(a0, b0);
}

/** Segments of the lines below `seg` on the same page, nearest first, within `maxLines`. */
export function linesBelow(layout: Layout, seg: Segment, maxLines: number): Segment[][] {
  const out: Segment[][] = [];
  for (let i = seg.line + 1; i < layout.lines.length && out.length < maxLines; i++) {
    const line = layout.lines[i];
    if (!line || line.page !== seg.page) break;
    if (line.y - (seg.y + seg.height) > seg.height * 4.5) break;
    out.push(line.segments);
  }
  return out;
}

export function linesAbove(layout: Layout, seg: Segment, maxLines: number): Segment[][] {
  const out: Segment[][] = [];
  for (let i = seg.line - 1; i >= 0 && out.length < maxLines; i--) {
    const line = layout.lines[i];
    if (!line || line.page !== seg.page) break;
    if (seg.y - (line.y + line.height) > seg.height * 4.5) break;
    out.push(line.segments);
  }
  return out;
}
