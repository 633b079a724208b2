import type { LayoutHint, UsageUnit } from '../types.ts';
import { addHintVotes } from './hints.ts';
import type { Candidate } from './candidates.ts';
import { findDates, toIso } from './date.ts';
import { NOT_USAGE_RE, USAGE_LABELS } from './labels.ts';
import { linesAbove, overlap, xAt, type Layout, type Segment } from './layout.ts';
import { findLabels, pairValue, type Found } from './pairing.ts';
import { findUsages, parseQuantity, unitInLabel } from './usage.ts';
import { voteTable } from './scorer.ts';
import { Votes } from './votes.ts';
import { moneyIn } from './amount.ts';

interface Usage {
  amount: number;
  unit: UsageUnit;
}

// Gas is billed in therms even when the meter counts CCF; prefer the billed unit on ties.
const UNIT_RANK: Record<UsageUnit, number> = { kWh: 6, therms: 5, gallons: 4, m3: 3, CCF: 2, GB: 1 };

const RATE_LINE_RE = /(?:\bx|@|\bat|\*)\s*\$?\s?\d*\.\d+/i;
const MONEY_RE = /\$\s?\d[\d,]*\.\d{2}|\b\d+\.\d{2}\b/;
const TIER_RE = /\b(?:first|next|over|above|up to|excess|tier|block|allowance|min(?:imum)?)\s*$/i;

function numbersIn(seg: Segment): Array<{ value: number; x0: number; x1: number }> {
  const out: Array<{ value: number; x0: number; x1: number }> = [];
  for (const m of seg.text.matchAll(/(?<![\w.,$/-])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\w%/]|\.\d)/g)) {
    out.push({ value: Number((m[1] ?? '').replace(/,/g, '')), x0: xAt(seg, m.index), x1: xAt(seg, m.index + m[0].length) });
  }
  return out;
}

/** A unit named in the column header above a number ("Usage (kWh)", "Therms"). */
function unitAbove(layout: Layout, seg: Segment, x0: number, x1: number): { unit: UsageUnit; factor: number } | null {
  for (const row of linesAbove(layout, seg, 3)) {
    for (const s of row) {
      if (overlap(s.x0, s.x1, x0 - seg.height, x1 + seg.height) <= 0) continue;
      const u = unitInLabel(s.text);
      if (u) return u;
    }
  }
  return null;
}

/**
 * In a usage history table (one row per period under a "Usage" header), this period is the row
 * with the latest date, or the first row when rows carry no date: 1 for it, 0.25 for the others.
 */
function recency(layout: Layout, c: Candidate, all: Candidate[]): number {
  if (c.headerLine === undefined) return 1;
  const rows = all.filter((o) => o.kind === 'quantity' && o.headerLine === c.headerLine && o.meaning.usage);
  const lines = [...new Set(rows.map((o) => o.seg.line))];
  if (lines.length < 2) return 1;
  const dateOf = (line: number) => findDates(layout.lines[line]?.text ?? '').map((d) => toIso(d.year ?? 2000, d.month, d.day)).sort().pop() ?? null;
  const dated = lines.map((l) => ({ l, d: dateOf(l) }));
  const current = dated.every((x) => x.d) ? dated.sort((a, b) => (a.d! < b.d! ? 1 : -1))[0]?.l : Math.min(...lines);
  return c.seg.line === current ? 1 : 0.25;
}

/**
 * This period's usage: labelled values ("Usage this period 19 therms", "KWH CONSUMPTION" over
 * "579.42"), meter rows where current - previous = usage, and quantities on rate lines
 * ("949 kWh x $0.0326"). Histories, averages and last-year comparisons are ignored.
 */
export function findUsage(
  layout: Layout,
  candidates: Candidate[] = [],
  hints: readonly LayoutHint[] = [],
  metered: { amount: number; unit: UsageUnit; rows: Array<{ used: number; unit: UsageUnit }>; subtotals: number[] } | null = null,
  /** The amount due and this period's charges: a usage printed on their row is the bill's ("Electric Charges 48,200 kWh $9,310.44"). */
  billAmounts: number[] = [],
): (Usage & { confidence: number; table: ReturnType<typeof voteTable<Usage>>; contradicted: boolean }) | null {
  const votes = new Votes<Usage>();
  const key = (u: Usage) => `${u.unit}:${u.amount}`;
  const add = (u: Usage, score: number) => votes.add(u, score, key(u));
  // Quantities billed on charge lines (a figure with its unit on a line that prints money), and on how many lines each.
  const billed = new Map<string, { usage: Usage; lines: Set<number> }>();

  for (const hit of findLabels(layout, USAGE_LABELS)) {
    // "Last month", "average", "allowance"... before the figure make it another figure.
    if (NOT_USAGE_RE.test(hit.label + ' ' + (hit.rest.text.split(/\d/)[0] ?? ''))) continue;
    const line = layout.lines[hit.seg.line];
    const known = unitInLabel(hit.seg.text) ?? unitInLabel(line?.text ?? '');
    const parse = (text: string): Array<Found<Usage>> => {
      const withUnit = findUsages(text).map((u) => ({ value: { amount: u.amount, unit: u.unit }, start: u.start, end: u.end }));
      if (withUnit.length > 0 || !known) return withUnit;
      const q = parseQuantity(text);
      return q === null || q <= 0 ? [] : [{ value: { amount: Math.round(q * known.factor * 1000) / 1000, unit: known.unit }, start: 0, end: text.length }];
    };
    const p = pairValue(layout, hit, parse, { above: true, reach: 2 });
    if (p && p.value.amount > 0) add(p.value, p.score);
  }

  for (const line of layout.lines) {
    const isRateLine = RATE_LINE_RE.test(line.text);
    line.segments.forEach((seg, si) => {
      for (const u of findUsages(seg.text)) {
        const before = seg.text.slice(0, u.start);
        if (TIER_RE.test(before)) continue;
        if (NOT_USAGE_RE.test(`${line.segments[si - 1]?.text ?? ''} ${before}`) || NOT_USAGE_RE.test(seg.text.slice(u.end))) continue;
        const after = seg.text.slice(u.end, u.end + 12);
        const rateHere = isRateLine && /^\s*(?:x|@|at|\*)/i.test(after + ' ' + (line.segments[line.segments.indexOf(seg) + 1]?.text ?? ''));
        // Quantities on charge lines ("Distribution Charge 1,053 kWh $56.78") are billed usage.
        const charged = rateHere || MONEY_RE.test(line.text.replace(seg.text, ''));
        add({ amount: u.amount, unit: u.unit }, rateHere ? 0.4 : charged ? 0.25 : 0.1);
        if (charged && u.amount > 0) {
          const k = key(u);
          const entry = billed.get(k) ?? { usage: { amount: u.amount, unit: u.unit }, lines: new Set<number>() };
          entry.lines.add(layout.lines.indexOf(line));
          billed.set(k, entry);
        }
        // A service's summary row whose amount is the bill's own charges: that usage is the bill's.
        const rowAmounts = line.segments.filter((s) => s !== seg).flatMap((s) => moneyIn(s.text).map((m) => Math.abs(m.value)));
        if (!isRateLine && billAmounts.some((b) => b > 0 && rowAmounts.some((a) => Math.abs(a - b) < 0.005))) add({ amount: u.amount, unit: u.unit }, 2.5);
      }
    });
    // Meter rows: previous, current and their difference printed side by side.
    const nums = line.segments.flatMap((s) => numbersIn(s).map((n) => ({ ...n, seg: s })));
    for (let k = 2; k < nums.length; k++) {
      const c = nums[k];
      if (!c || c.value <= 0) continue;
      for (let i = 0; i < k - 1; i++) {
        const a = nums[i];
        const b = nums[i + 1];
        if (!a || !b || Math.abs(Math.abs(b.value - a.value) - c.value) > 0.01 || Math.min(a.value, b.value) < c.value) continue;
        const unit = unitAbove(layout, c.seg, c.x0, c.x1) ?? unitInLabel(line.text);
        // Current − previous = usage is arithmetic the bill proves: strong evidence.
        if (unit) add({ amount: c.value * unit.factor, unit: unit.unit }, 0.9);
      }
    }
  }
  // Quantities whose label means this period's usage ("Energy delivered", "Kilowatt-hours billed").
  for (const c of candidates) if (c.kind === 'quantity' && c.meaning.usage) add(c.value as Usage, c.meaning.usage * 0.9 * recency(layout, c, candidates));
  addHintVotes(votes, layout, candidates, hints, 'usageAmount', key);
  if (metered) {
    // Several meters (or registers) read on one bill: each row is a part, their sum the bill's usage.
    const total = { amount: metered.amount, unit: metered.unit };
    const parts = new Set(metered.rows.map((r) => key({ amount: r.used, unit: r.unit })));
    for (const sub of metered.subtotals) parts.add(key({ amount: sub, unit: metered.unit }));
    parts.delete(key(total));
    votes.scale((k) => parts.has(k), 0.4);
    add(total, 1.2);
  }
  const ranked = votes.ranked();
  const top = ranked[0];
  if (!top) return null;
  // A tie between the same amount in two units (CCF vs therms) goes to the billed unit.
  const best = ranked
    .filter((r) => r.score >= top.score - 1e-9)
    .sort((a, b) => UNIT_RANK[b.value.unit] - UNIT_RANK[a.value.unit])[0];
  const summary = votes.best();
  if (!best || !summary || top.score < 0.35) return null;
  // The charges bill a larger quantity of the same unit on two lines or more (energy and fuel
  // charges on the billed kWh) than the usage chosen: the bill contradicts it (one meter of
  // several read, the billed total unreadable), so it is not a usage to be sure of. A smaller
  // one is a part (a period prorated across a rate change bills each part on several lines).
  const contradicted =
    !billed.has(key(best.value)) && [...billed.values()].some((b) => b.usage.unit === best.value.unit && b.lines.size >= 2 && b.usage.amount > best.value.amount);
  return { ...best.value, confidence: summary.confidence, table: voteTable(votes, key), contradicted };
}
