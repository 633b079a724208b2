import { moneyIn } from './amount.ts';
import { findDateRanges, findDates, inferYear, toIso } from './date.ts';
import { overlap, xAt, type Layout, type Segment } from './layout.ts';
import { labelMeaning, type MeaningField } from './meaning.ts';
import { findUsages, parseQuantity, unitInLabel } from './usage.ts';
import type { UsageUnit } from '../types.ts';

export type CandidateKind = 'money' | 'date' | 'range' | 'id' | 'quantity';
export type ContextWhere = 'inline' | 'left' | 'above' | 'after';

export interface Candidate<T = unknown> {
  kind: CandidateKind;
  value: T;
  seg: Segment;
  start: number;
  end: number;
  x0: number;
  x1: number;
  /** The label text the value is read with, and where it sits. */
  context: string;
  where: ContextWhere | 'none';
  /** Per field: how surely the context names it, times how close the context is. */
  meaning: Partial<Record<MeaningField, number>>;
  /** The line of the column header the value was read under, when it was. */
  headerLine?: number;
  /** The value sits inside running prose ("… of $5.11 may be added if …"). */
  prose?: boolean;
}

export const WHERE_FACTOR: Record<ContextWhere, number> = { inline: 1, left: 0.95, above: 0.85, after: 0.8 };

const LETTERS_RE = /[A-Za-z]{2,}/;

/**
 * The label part of a text: what follows its last value (an amount, a date or a long number),
 * or all of it. Numbers inside a description stay ("Solid Waste - 96 Gal Cart").
 */
function afterLastValue(text: string): string {
  let end = 0;
  for (const m of moneyIn(text)) end = Math.max(end, m.end);
  for (const d of findDates(text)) end = Math.max(end, d.end);
  for (const m of text.matchAll(/\d{5,}/g)) end = Math.max(end, m.index + m[0].length);
  return text.slice(end);
}

/** The label printed before a value in its own segment: the text since the previous value. */
function inlinePrefix(text: string, start: number): string {
  // A page counter before the label ("Page 2 of 2 Account: 6106…") is no part of it.
  const label = afterLastValue(text.slice(0, start)).replace(/^.*\bpage\s+\d+\s*(?:of|\/)\s*\d+\b/i, '');
  return (/[A-Za-z]/.test(label) ? label : '').replace(/^[^A-Za-z]+/, '').replace(/[:\s.-]+$/, '').trim();
}

/** The nearest text to the left of a value on a neighbouring OCR line of the same visual row. */
function nearestLeftOnRow(layout: Layout, seg: Segment): Segment | undefined {
  const mid = seg.y + seg.height / 2;
  let best: Segment | undefined;
  for (let k = seg.line - 2; k <= seg.line + 2; k++) {
    const line = layout.lines[k];
    if (!line || k === seg.line || line.page !== seg.page) continue;
    for (const s of line.segments) {
      if (s.x1 > seg.x0 || Math.abs(s.y + s.height / 2 - mid) > seg.height * 0.8) continue;
      if (!best || s.x1 > best.x1) best = s;
    }
  }
  return best;
}

/**
 * The label to the left of a value on its row: the neighbouring cell's text after its last
 * value, the row's label past a quantity × rate cell, or the words that lead a quantity cell.
 * `seg` is set when the whole cell is the label (so its own header can be consulted).
 */
function leftLabel(layout: Layout, seg: Segment): { text: string; seg?: Segment } {
  const line = layout.lines[seg.line];
  const none = { text: '' };
  if (!line) return none;
  const i = line.segments.indexOf(seg);
  // OCR may put a label and its value on neighbouring lines when their baselines differ a little.
  const own = line.segments[i - 1];
  const left = own ?? nearestLeftOnRow(layout, seg);
  if (!left) return none;
  // Far across the page is another column (a label on its own line must be nearer).
  if (seg.x0 - left.x1 > seg.height * (own ? 60 : 30)) return none;
  // A trailing parenthetical ("Gross Receipts Tax (3.04%)") belongs to the label.
  const bare = (t: string) => t.replace(/\s*\([^)]*\)\s*$/, '');
  // A label finished by a date ("Total amount due by Mar 3, 2026", "Balance forward as of
  // Feb 12, 2026"): the words before the date name the value.
  const dates = findDates(left.text);
  const lastDate = dates[dates.length - 1];
  if (lastDate && !/[A-Za-z0-9]/.test(left.text.slice(lastDate.end))) {
    const lead = left.text.slice(0, lastDate.start);
    if (LETTERS_RE.test(lead) && !carriesValue(lead)) return { text: lead.replace(/[\s:,-]+$/, '').trim() };
  }
  if (/\d[^A-Za-z]*$/.test(bare(left.text))) {
    // "Water Usage 6,300 gallons @ $0.0041 | $25.83": the words before the quantity name the row.
    const lead = /^([A-Za-z][A-Za-z&/'.,-]*(?:\s+[A-Za-z&/'.,-]+)*)\s+\d/.exec(left.text);
    if (lead?.[1] && LETTERS_RE.test(lead[1]) && /(?:x|@|at|\*|×)\s*\$?\s*\d*\.?\d+\s*$/i.test(left.text)) return { text: lead[1].trim() };
    // "Distribution Charge | 565 kWh x $0.05539 | $31.29": the row's label is further left.
    const row = line.segments;
    for (let k = row.indexOf(left) - 1; k >= 0; k--) {
      const cell = row[k];
      if (!cell) break;
      const isQuantity = /^\s*[\d,.]+\s*[A-Za-z³]{0,6}\s*$/.test(cell.text);
      if (LETTERS_RE.test(cell.text) && !isQuantity && !/\d[^A-Za-z]*$/.test(bare(cell.text))) return { text: cell.text.trim(), seg: cell };
    }
    return none;
  }
  const label = afterLastValue(left.text);
  const whole = label.length === left.text.length;
  // "Acct | No | 81-63899-69": a word as short as "No", "#" or "ID" ends a label begun further left.
  const before = own ? line.segments[i - 2] : undefined;
  if (whole && before && /^[^A-Za-z]*[A-Za-z]{0,3}[^A-Za-z]*$/.test(left.text) && LETTERS_RE.test(before.text) && !/\d/.test(before.text)) {
    return { text: `${before.text.trim()} ${left.text.trim()}`, seg: left };
  }
  return { text: label.replace(/^[^A-Za-z]+/, '').trim(), seg: whole ? left : undefined };
}

/**
 * The column header above a value: the nearest text above that overlaps it horizontally and
 * is a label (holds letters and no value of the same kind), skipping the rows of a table.
 */
function headerAbove(layout: Layout, seg: Segment, x0: number, x1: number, isValue: (t: string) => boolean, maxLines = 8): string {
  return headerInfo(layout, seg, x0, x1, isValue, maxLines).text;
}

/** The column header above a value, and how many cells its row has (a table's header row has several). */
function headerInfo(layout: Layout, seg: Segment, x0: number, x1: number, isValue: (t: string) => boolean, maxLines = 8): { text: string; cells: number; line: number; offset?: true } {
  let skipped = 0;
  let offset = false;
  for (let i = seg.line - 1; i >= 0 && seg.line - i <= maxLines; i--) {
    const line = layout.lines[i];
    if (!line || line.page !== seg.page) break;
    if (seg.y - (line.y + line.height) > seg.height * (6 + skipped * 1.5)) break;
    const pad = seg.height * 0.5;
    // A header row with as many cells as the value's row: the cells pair up in order, however
    // each is aligned (left-aligned headers over centred values).
    const row = layout.lines[seg.line]?.segments ?? [];
    const isHeaderRow = line.segments.length >= 2 && line.segments.every((c) => LETTERS_RE.test(c.text) && !carriesValue(c.text));
    if (isHeaderRow && row.length === line.segments.length && row.every((c) => !LETTERS_RE.test(c.text) || carriesValue(c.text))) {
      const cell = line.segments[row.indexOf(seg)];
      if (cell) return { text: cell.text, cells: line.segments.length, line: i };
    }
    let inColumn = line.segments.filter((s) => overlap(s.x0, s.x1, x0 - pad, x1 + pad) > 0);
    if (inColumn.length === 0) {
      if (line.segments.length < 2) continue;
      // A header row whose words sit a little off the value's cell: its nearest word, if near.
      const gap = (s: Segment) => Math.max(s.x0 - x1, x0 - s.x1);
      const near = line.segments.filter((s) => gap(s) < seg.height * 4).sort((a, b) => gap(a) - gap(b))[0];
      if (!near) continue;
      inColumn = [near];
      offset = true;
    }
    // A header names a column; text that carries a value of its own is a label with its value.
    const labels = inColumn.filter((s) => LETTERS_RE.test(s.text) && !isValue(s.text) && !carriesValue(s.text));
    if (labels.length > 0) {
      // Of several words in the column, the one most over the value.
      const best = labels.sort((a, b) => overlap(b.x0, b.x1, x0, x1) - overlap(a.x0, a.x1, x0, x1))[0];
      // Cells of a header row: every one a label.
      const named = line.segments.filter((c) => LETTERS_RE.test(c.text));
      const cells = line.segments.every((c) => !carriesValue(c.text) && !/^\s*[\d$.,]+\s*$/.test(c.text)) ? named.length : 0;
      return { text: best?.text ?? '', cells, line: i, ...(offset ? { offset: true as const } : {}) };
    }
    // A row of the same table, or a label with its own value: keep looking up for the header.
    if (inColumn.every((s) => isValue(s.text) || carriesValue(s.text)) && skipped < 3) {
      skipped++;
      continue;
    }
    break;
  }
  return { text: '', cells: 0, line: -1 };
}

/**
 * A label on the row right above a value, over its left edge: a few words with no value of
 * their own ("Reference number" over "6106 4272 3424"), printed as a stacked pair.
 */
function labelRightAbove(layout: Layout, seg: Segment, x0: number, x1: number): string | null {
  // The nearest row above with text over the value (rows of other columns skipped).
  let above: Layout['lines'][number] | undefined;
  for (let i = seg.line - 1; i >= Math.max(0, seg.line - 3); i--) {
    const line = layout.lines[i];
    if (!line || line.page !== seg.page) return null;
    if (line.segments.some((s) => overlap(s.x0, s.x1, x0, x1) > 0)) {
      above = line;
      break;
    }
  }
  if (!above || seg.y - (above.y + above.height) > seg.height * 1.5) return null;
  const label = above.segments.find((s) => Math.abs(s.x0 - x0) <= seg.height * 1.5 && overlap(s.x0, s.x1, x0, x1) > 0);
  if (!label || !LETTERS_RE.test(label.text) || carriesValue(label.text) || /\d/.test(label.text)) return null;
  return label.text.split(/\s+/).length <= 4 ? label.text.trim() : null;
}

/** A text with its amounts and dates taken out. */
function stripValues(text: string): string {
  const cuts = [...moneyIn(text).map((m) => [m.start, m.end]), ...findDates(text).map((d) => [d.start, d.end])].sort((a, b) => (b[0] ?? 0) - (a[0] ?? 0));
  let out = text;
  for (const [a, b] of cuts) out = `${out.slice(0, a)} ${out.slice(b)}`;
  return out;
}

function carriesValue(text: string): boolean {
  return /\d{4,}/.test(text.replace(/[ ,]/g, '')) || moneyIn(text).length > 0 || findDates(text).length > 0;
}

/** Words printed right after a value that name it ("Apr 19 2024 reading ACTUAL"): up to four. */
function suffixLabel(text: string, end: number): string {
  // A currency code or credit mark after an amount ("$135.18 CAD", "$12.00 CR") is no label.
  const after = text.slice(end).replace(/^\s*(?:CAD|USD|CR|DR)\b\.?/, '');
  const m = /^[\s:-]*([A-Za-z][A-Za-z'.]*(?:\s+[A-Za-z][A-Za-z'.]*){0,3})\s*$/.exec(after);
  return m?.[1] ?? '';
}

/** Words of a notice about a change, a saving or an estimate, not of a bill's own figures. */
const NOTICE_RE = /\b(?:change[sd]?|will|would|may|might|could|about|approximately|around|roughly|saved?|savings|adds?|increase[sd]?|decrease[sd]?|typical|beginning|starting|effective)\b/i;

/** A value inside running prose ("…from April 1, 2024 to April 30, 2024, the Local …") is weakly labelled. */
function inProse(text: string, end: number): boolean {
  return /^[,;]?\s+[a-z]+\s+[A-Za-z]+/.test(text.slice(end));
}

function contextOf(layout: Layout, seg: Segment, start: number, x0: number, x1: number, kind: CandidateKind, isValue: (t: string) => boolean, end = start) {
  const inline = inlinePrefix(seg.text, start);
  const found: Array<{ text: string; where: ContextWhere }> = [];
  let headerLine: number | undefined;
  const suffix = suffixLabel(seg.text, end);
  if (LETTERS_RE.test(inline)) found.push({ text: inline, where: 'inline' });
  else if (suffix && end > start) found.push({ text: suffix, where: 'after' });
  else {
    const left = leftLabel(layout, seg);
    // In a table, the column header names the value and the left cell only names the row:
    // "Tot kWh | 99245" under "Current" is a meter reading, not the usage.
    const header = headerInfo(layout, seg, x0, x1, isValue, 4);
    // A row that pairs labels with values has about twice the header's cells; a table row about as many.
    const rowCells = layout.lines[seg.line]?.segments.length ?? 0;
    // Every row between the header and the value must be a row of the same table.
    const between = layout.lines.slice(header.line + 1, seg.line);
    // A header beside the value, not over it (another column's title), makes no table of it.
    const inTable =
      !header.offset &&
      header.cells >= 3 &&
      rowCells >= header.cells - 1 &&
      rowCells <= header.cells + 1 &&
      LETTERS_RE.test(header.text) &&
      between.every((l) => l.segments.length >= header.cells - 1);
    if (inTable && LETTERS_RE.test(left.text)) {
      found.push({ text: header.text, where: 'above' });
      headerLine = header.line;
    } else if (LETTERS_RE.test(left.text)) {
      found.push({ text: left.text, where: 'left' });
      // A label in words this reader does not know (another language) may carry a known
      // label printed over it, as bilingual bills do ("Due Date" over "Date d'échéance").
      if (left.seg && Object.keys(labelMeaning(left.text, kind)).length === 0) {
        const over = headerInfo(layout, left.seg, left.seg.x0, left.seg.x1, isValue, 1);
        // Only from a row of labels (a header row), never from a label with a value of its own.
        if (LETTERS_RE.test(over.text) && over.cells >= 2) found.push({ text: over.text, where: 'above' });
      }
      // A label printed right over the value, its left neighbour being another column's
      // text ("Reference number" over the number, a wrapped sentence to its left).
      if (Object.keys(labelMeaning(left.text, kind)).length === 0) {
        const own = labelRightAbove(layout, seg, x0, x1);
        if (own) found.push({ text: own, where: 'above' });
      }
      // A label cut in cells by a date or a courtesy ("Payment Received 11/5/24 | Thank you |
      // -$63.20"): the words of the whole row before the value, its values left out.
      if (Object.keys(labelMeaning(left.text, kind)).length === 0) {
        const row = layout.lines[seg.line]?.segments ?? [];
        const words = row
          .slice(0, row.indexOf(seg))
          .map((c) => stripValues(c.text))
          .join(' ')
          .replace(/\s+/g, ' ')
          .trim();
        if (words !== left.text.trim() && LETTERS_RE.test(words) && words.split(' ').length <= 8) found.push({ text: words, where: 'left' });
      }
    } else {
      const above = headerInfo(layout, seg, x0, x1, isValue);
      if (LETTERS_RE.test(above.text)) {
        found.push({ text: above.text, where: 'above' });
        headerLine = above.line;
      }
    }
  }
  let best: { text: string; where: ContextWhere | 'none'; meaning: Partial<Record<MeaningField, number>> } = { text: '', where: 'none', meaning: {} };
  const merged: Partial<Record<MeaningField, number>> = {};
  for (const f of found) {
    const m = labelMeaning(f.text, kind);
    for (const [field, v] of Object.entries(m) as Array<[MeaningField, number]>) {
      const scored = v * WHERE_FACTOR[f.where];
      if (scored > (merged[field] ?? 0)) merged[field] = scored;
    }
    if (best.where === 'none') best = { text: f.text, where: f.where, meaning: m };
  }
  const prose = end > start && inProse(seg.text, end);
  if (prose) for (const k of Object.keys(merged) as MeaningField[]) merged[k] = (merged[k] ?? 0) * 0.5;
  // A figure in a notice ("Beginning next month your bill changes by about $2.24", "You saved
  // $3.10 with paperless billing") is never the bill's charges, balance or amount due.
  if (kind === 'money' && (prose || inline.split(/\s+/).length >= 4) && NOTICE_RE.test(inline)) {
    for (const k of ['total', 'currentCharges', 'previousBalance', 'payments'] as const) delete merged[k];
  }
  return { context: best.text, where: best.where, meaning: merged, headerLine, prose };
}

function digitsOnly(t: string): string {
  return t.replace(/[^0-9A-Za-z]/g, '');
}

function separateHeaders(layout: Layout, seg: Segment, start: number, end: number, isDate: (t: string) => boolean): boolean {
  const dates = findDates(seg.text.slice(start, end));
  const a = dates[0];
  const b = dates[dates.length - 1];
  if (!a || !b || a === b) return false;
  const headA = headerAbove(layout, seg, xAt(seg, start + a.start), xAt(seg, start + a.end), isDate);
  const headB = headerAbove(layout, seg, xAt(seg, start + b.start), xAt(seg, start + b.end), isDate);
  return Boolean(headA && headB && headA !== headB);
}

/** Every amount, date, date range, identifier and quantity on the bill, with its label. */
export function findCandidates(
  layout: Layout,
  opts: {
    ref: string | null;
    parseAccount: (t: string) => Array<{ value: string; start: number; end: number }>;
    /** The unit the bill says its bare usage figures count ("1 unit = 100 cubic feet"). */
    usageUnit?: { unit: UsageUnit; factor: number } | null;
  },
): Candidate[] {
  const out: Candidate[] = [];
  const isMoney = (t: string) => moneyIn(t).length > 0 && !/[A-Za-z]{3,}/.test(t.replace(/\b(?:CR|USD|CAD)\b/g, ''));
  const isDate = (t: string) => findDates(t).length > 0 && !/[A-Za-z]{4,}/.test(t.replace(/\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/gi, ''));
  const isId = (t: string) => opts.parseAccount(t).length > 0 && !/[a-z]{3,}/.test(t);
  const isQty = (t: string) => /^\s*[\d,.]+\s*[A-Za-z³]{0,6}\s*$/.test(t);
  for (const line of layout.lines) {
    for (const seg of line.segments) {
      const push = <T>(kind: CandidateKind, value: T, start: number, end: number, isValue: (t: string) => boolean) => {
        const x0 = xAt(seg, start);
        const x1 = xAt(seg, end);
        const c = contextOf(layout, seg, start, x0, x1, kind, isValue, end);
        out.push({ kind, value, seg, start, end, x0, x1, ...c });
      };
      for (const m of moneyIn(seg.text)) push('money', m.value, m.start, m.end, isMoney);
      const ranges = findDateRanges(seg.text, opts.ref ?? undefined);
      for (const r of ranges) {
        // Two dates side by side with nothing between them, each under its own header, are two dates.
        if (!r.explicit && separateHeaders(layout, seg, r.index, r.endIndex, isDate)) continue;
        push('range', { start: r.start, end: r.end }, r.index, r.endIndex, isDate);
      }
      for (const d of findDates(seg.text)) {
        if (ranges.some((r) => d.start >= r.index && d.end <= r.endIndex)) continue;
        const year = d.year ?? (opts.ref ? inferYear(d.month, d.day, opts.ref) : null);
        if (year === null) continue;
        push('date', toIso(year, d.month, d.day), d.start, d.end, isDate);
      }
      for (const a of opts.parseAccount(seg.text)) {
        if (digitsOnly(a.value).length < 5) continue;
        push('id', a.value, a.start, a.end, isId);
      }
      const withUnit = findUsages(seg.text);
      for (const u of withUnit) push('quantity', { amount: u.amount, unit: u.unit }, u.start, u.end, isQty);
      // A bare figure whose label or column header names the unit ("Kilowatt-hours billed  918").
      const bare = withUnit.length === 0 && /^\s*\d{1,3}(?:,\d{3})*(?:\.\d+)?\s*$|^\s*\d+(?:\.\d+)?\s*$/.test(seg.text) ? parseQuantity(seg.text) : null;
      if (bare !== null && bare > 0) {
        const c = contextOf(layout, seg, 0, seg.x0, seg.x1, 'quantity', isQty);
        const unit = unitInLabel(c.context) ?? (c.meaning.usage ? opts.usageUnit ?? null : null);
        if (unit) out.push({ kind: 'quantity', value: { amount: Math.round(bare * unit.factor * 1000) / 1000, unit: unit.unit }, seg, start: 0, end: seg.text.length, x0: seg.x0, x1: seg.x1, ...c });
      }
    }
    // Two dates in neighbouring cells of a row ("Read Dates" over "01/28/24   02/27/24").
    for (let i = 0; i + 1 < line.segments.length; i++) {
      const a = line.segments[i];
      const b = line.segments[i + 1];
      if (!a || !b) continue;
      const da = findDates(a.text);
      const db = findDates(b.text);
      const lastA = da[da.length - 1];
      const firstB = db[0];
      if (!lastA || !firstB || lastA.year === null || firstB.year === null) continue;
      if (a.text.slice(lastA.end).trim() || b.text.slice(0, firstB.start).trim()) continue;
      const start = toIso(lastA.year, lastA.month, lastA.day);
      const end = toIso(firstB.year, firstB.month, firstB.day);
      const days = (Date.parse(end) - Date.parse(start)) / 86_400_000;
      if (days < 7 || days > 100) continue;
      const x0 = xAt(a, lastA.start);
      // Each cell under its own header ("Billing Date" | "Due Date") is two dates, not a range.
      const headA = headerAbove(layout, a, x0, a.x1, isDate);
      const headB = headerAbove(layout, b, b.x0, b.x1, isDate);
      if (headA && headB && headA !== headB) continue;
      const c = contextOf(layout, a, lastA.start, x0, b.x1, 'range', isDate);
      out.push({ kind: 'range', value: { start, end }, seg: a, start: lastA.start, end: a.text.length, x0, x1: b.x1, ...c });
    }
  }
  return out;
}
