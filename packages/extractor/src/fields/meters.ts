import type { UsageUnit } from '../types.ts';
import { findDateRanges } from './date.ts';
import { overlap, xAt, type Layout, type Segment } from './layout.ts';
import { unitInLabel } from './usage.ts';

/**
 * One row of a meter-reading table: two readings and the usage they prove, `used =
 * |current − previous| × multiplier` ("51645633 | 07/30 – 08/27 | 5,744 | 6,398 | 80 | 52,320").
 */
export interface MeterRow {
  line: number;
  page: number;
  /** The meter's number or the row's name, as printed first on the row; null when none. */
  meter: string | null;
  previous: number;
  current: number;
  multiplier: number;
  used: number;
  unit: UsageUnit;
  period: { start: string; end: string } | null;
}

/** Rows printed one under the other in the same table (a gap of at most two lines). */
export type MeterTable = MeterRow[];

interface Num {
  value: number;
  x0: number;
  x1: number;
  seg: Segment;
  start: number;
}

function numbersOf(seg: Segment): Num[] {
  const out: Num[] = [];
  for (const m of seg.text.matchAll(/(?<![\w.,$/-])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\w%/]|\.\d)/g)) {
    out.push({ value: Number((m[1] ?? '').replace(/,/g, '')), x0: xAt(seg, m.index), x1: xAt(seg, m.index + m[0].length), seg, start: m.index });
  }
  return out;
}

/**
 * The lines above a table row, up through its table: each line at most 4.5 line heights above the
 * line under it (not above the row itself), so the column header of a table of many meters is
 * still reached from its last row.
 */
function tableLinesAbove(layout: Layout, seg: Segment, maxLines: number): Segment[][] {
  const out: Segment[][] = [];
  let top = seg.y;
  for (let i = seg.line - 1; i >= 0 && out.length < maxLines; i--) {
    const line = layout.lines[i];
    if (!line || line.page !== seg.page) break;
    if (top - (line.y + line.height) > seg.height * 4.5) break;
    out.push(line.segments);
    top = Math.min(top, line.y);
  }
  return out;
}

/** The unit of a figure: printed after it, on its row's label, or in the column header above. */
function unitOf(layout: Layout, n: Num, lineText: string): UsageUnit | null {
  const after = n.seg.text.slice(n.start).replace(/^[\d,.]+/, '');
  // A word printed right after the figure is its unit, a usage unit or not ("3600 kVarh").
  const word = /^\s*([A-Za-z³]+)/.exec(after)?.[1];
  if (word) {
    const own = unitInLabel(word);
    return own && own.factor === 1 ? own.unit : null;
  }
  for (const row of tableLinesAbove(layout, n.seg, 24)) {
    for (const s of row) {
      if (overlap(s.x0, s.x1, n.x0 - n.seg.height, n.x1 + n.seg.height) <= 0) continue;
      const u = unitInLabel(s.text);
      if (u) return u.factor === 1 ? u.unit : null;
    }
  }
  const u = unitInLabel(lineText.replace(/\d[\d,.]*/g, ' '));
  return u && u.factor === 1 ? u.unit : null;
}

/** Columns a meter row may print after its usage (rate, charge, days, demand). */
const MAX_AFTER_USED = 3;

const near = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.011, Math.abs(b) * 0.0005);

/**
 * Every meter row on the bill: a row whose numbers include two readings followed (after an
 * optional multiplier) by their difference times that multiplier, with a usage unit.
 */
export function findMeterRows(layout: Layout, ref?: string): MeterRow[] {
  const rows: MeterRow[] = [];
  layout.lines.forEach((line, li) => {
    const nums = line.segments.flatMap((s) => numbersOf(s));
    if (nums.length < 3) return;
    // The usage closes the readings' columns: a row going on for many more numbers is a chart's
    // axis or a history table ("Year 19 20 19 20 20 24 2025 2025 …"), not a meter.
    for (let k = nums.length - 1; k >= Math.max(2, nums.length - 1 - MAX_AFTER_USED); k--) {
      const used = nums[k];
      if (!used || used.value <= 0) continue;
      let found: { a: Num; b: Num; m: number } | null = null;
      // previous, current, used   or   previous, current, multiplier, used
      const a1 = nums[k - 2];
      const b1 = nums[k - 1];
      if (a1 && b1 && near(Math.abs(b1.value - a1.value), used.value) && Math.min(a1.value, b1.value) >= used.value * 0.5) found = { a: a1, b: b1, m: 1 };
      const a2 = nums[k - 3];
      const b2 = nums[k - 2];
      const m2 = nums[k - 1];
      if (!found && a2 && b2 && m2 && m2.value >= 1 && Number.isInteger(m2.value) && near(Math.abs(b2.value - a2.value) * m2.value, used.value)) found = { a: a2, b: b2, m: m2.value };
      if (!found) continue;
      const unit = unitOf(layout, used, line.text);
      if (!unit) continue;
      const first = line.segments[0];
      const id = first ? /^\s*([A-Z0-9][A-Z0-9-]{3,})\b/i.exec(first.text)?.[1] ?? null : null;
      const meter = id && /\d/.test(id) && first && first !== used.seg && first !== found.a.seg ? id : null;
      const range = findDateRanges(line.text, ref)[0];
      rows.push({
        line: li,
        page: line.page,
        meter,
        previous: found.a.value,
        current: found.b.value,
        multiplier: found.m,
        used: used.value,
        unit,
        period: range ? { start: range.start, end: range.end } : null,
      });
      break;
    }
  });
  return rows;
}

/** Meter rows grouped into tables: rows on the same page at most two lines apart. */
export function meterTables(rows: MeterRow[]): MeterTable[] {
  const tables: MeterTable[] = [];
  for (const r of rows) {
    const last = tables[tables.length - 1];
    const prev = last?.[last.length - 1];
    if (last && prev && prev.page === r.page && r.line - prev.line <= 2) last.push(r);
    else tables.push([r]);
  }
  // A row that totals the others (a "Total" register under on-peak and off-peak) is not a meter.
  return tables.map((t) => {
    const sum = (rows: MeterRow[]) => rows.reduce((a, r) => a + r.used, 0);
    return t.filter((r) => t.length < 3 || !near(sum(t.filter((o) => o !== r && o.unit === r.unit)), r.used));
  });
}

/**
 * The bill's usage from its meter tables: each table's rows summed per unit, and tables that
 * repeat another's rows (a detail page printing the same meters again) counted once. Null when
 * no table has two rows or more, or when the rows' units differ (then no single figure is the
 * bill's usage).
 */
export function meteredTotal(tables: MeterTable[]): { amount: number; unit: UsageUnit; rows: MeterRow[]; subtotals: number[] } | null {
  const rows: MeterRow[] = [];
  const subtotals: number[] = [];
  const key = (r: MeterRow) => `${r.meter ?? ''}:${r.unit}:${r.used}`;
  for (const t of tables) {
    const counted = new Set(rows.map(key));
    // A table that only repeats rows already counted (the detail page's copy) adds nothing.
    if (t.every((r) => counted.has(key(r)))) continue;
    const added: MeterRow[] = [];
    for (const r of t) {
      if (r.meter !== null && counted.has(key(r))) continue;
      counted.add(key(r));
      added.push(r);
    }
    rows.push(...added);
    subtotals.push(added.reduce((a, r) => a + r.used, 0));
  }
  if (rows.length < 2) return null;
  const units = new Set(rows.map((r) => r.unit));
  if (units.size !== 1) return null;
  const [unit] = units;
  if (!unit) return null;
  // With several tables (one per service account), each table's sum is a part as well.
  return { amount: Math.round(rows.reduce((a, r) => a + r.used, 0) * 1000) / 1000, unit, rows, subtotals: subtotals.length > 1 ? subtotals : [] };
}
