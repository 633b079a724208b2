import type { ChargeKind, ChargeLine, ServiceDetail, ServiceKind, UsageUnit } from '../types.ts';
import { moneyIn, round2 } from './amount.ts';
import type { Candidate } from './candidates.ts';
import { findDateRanges } from './date.ts';
import type { Layout } from './layout.ts';
import { labelStems } from './meaning.ts';
import { findUsages } from './usage.ts';
import { Votes } from './votes.ts';

/** The parts of the amount due, as printed (null when the bill does not print one). */
export interface AmountParts {
  previousBalance: { value: number; confidence: number } | null;
  paymentsReceived: { value: number; confidence: number } | null;
  currentCharges: { value: number; confidence: number } | null;
  lateFees: { value: number; confidence: number } | null;
}

const CENT = 0.015;

function bestOf(votes: Votes<number>): { value: number; confidence: number } | null {
  const b = votes.best();
  return b ? { value: round2(b.value), confidence: b.confidence } : null;
}

function isLateFee(label: string): boolean {
  const s = new Set(labelStems(label));
  return (s.has('late') || s.has('penalty')) && (s.has('fee') || s.has('charge') || s.has('penalty') || s.has('interest')) && !s.has('after') && !s.has('if') && !s.has('will') && !s.has('may');
}

/**
 * Previous balance, payments and credits, this period's charges and late fees, read from labels
 * by meaning; each part is confirmed when previous − payments + current (+ late fees) equals
 * the amount due.
 */
export function findAmountParts(candidates: Candidate[], total: number | null): AmountParts {
  const parts = readAmountParts(candidates, total);
  // Without the payments, a balance carried after them ("Past due amount", "Balance forward")
  // adds up as well as the previous bill's: which one was read is not sure.
  if (parts.previousBalance && !parts.paymentsReceived) parts.previousBalance.confidence = Math.min(parts.previousBalance.confidence, 0.75);
  return parts;
}

function readAmountParts(candidates: Candidate[], total: number | null): AmountParts {
  const previous = new Votes<number>();
  const payments = new Votes<number>();
  const current = new Votes<number>();
  const late = new Votes<number>();
  for (const c of candidates) {
    if (c.kind !== 'money') continue;
    const v = c.value as number;
    if (c.meaning.previousBalance) previous.add(v, c.meaning.previousBalance);
    if (c.meaning.payments) payments.add(-Math.abs(v), c.meaning.payments);
    if (c.meaning.currentCharges) current.add(v, c.meaning.currentCharges);
    // "A late payment charge of $5.11 may be added if …" is a warning, not a fee charged.
    if (isLateFee(c.context) && v > 0 && !c.prose && !/\b(?:may|if|will|would|could)\b/i.test(c.seg.text)) late.add(v, 0.8);
  }
  const parts: AmountParts = {
    previousBalance: bestOf(previous),
    paymentsReceived: bestOf(payments),
    currentCharges: bestOf(current),
    lateFees: bestOf(late),
  };
  if (total !== null) {
    const solved = solveParts(candidates, total, previous, payments, current, late);
    if (solved) return solved;
  }
  if (total === null || !parts.currentCharges) return parts;
  const charges = parts.currentCharges;
  const optional = ['previousBalance', 'paymentsReceived', 'lateFees'] as const;
  const sumOf = (keep: ReadonlySet<string>) => charges.value + optional.reduce((a, k) => a + (keep.has(k) ? (parts[k]?.value ?? 0) : 0), 0);
  // The parts must add up to the amount due. When they do not, the largest set of them that does
  // is kept; a part that makes the sum wrong was read from the wrong place (a warning, a history
  // line) and is dropped rather than shown as a balance the bill does not carry.
  const present = optional.filter((k) => parts[k] !== null);
  let best: Set<string> | null = null;
  for (let mask = (1 << present.length) - 1; mask >= 0; mask--) {
    const keep = new Set(present.filter((_, i) => mask & (1 << i)));
    if (Math.abs(sumOf(keep) - total) < CENT && (!best || keep.size > best.size)) best = keep;
  }
  const bump = (p: { confidence: number }, by: number) => (p.confidence = Math.max(0.05, Math.min(0.99, p.confidence + by)));
  if (best) {
    bump(charges, 0.2);
    for (const k of present) {
      const part = parts[k];
      if (!part) continue;
      if (best.has(k)) bump(part, 0.2);
      else parts[k] = null;
    }
  } else {
    bump(charges, -0.15);
    for (const k of present) if (parts[k]) bump(parts[k], -0.15);
  }
  return parts;
}

/**
 * The parts that add up to the amount due when the top-voted ones do not: another of each part's
 * candidates ("Balance forward" beside "Balance from your last bill"), or this period's charges
 * printed as several lines of one summary ("New electric charges" and "New supplier charges"),
 * summed. The combination that adds up with the most support wins; null when none adds up.
 */
function solveParts(candidates: Candidate[], total: number, previous: Votes<number>, payments: Votes<number>, current: Votes<number>, late: Votes<number>): AmountParts | null {
  const top = (v: Votes<number>, n: number) => [...v.ranked().slice(0, n), null];
  const currents: Array<{ value: number; score: number } | null> = current.ranked().slice(0, 3);
  // Current-charge lines printed one under the other in the same column: their sum.
  const lines = candidates.filter((c) => c.kind === 'money' && (c.meaning.currentCharges ?? 0) >= 0.5 && (c.value as number) > 0 && !c.prose);
  for (let i = 0; i < lines.length; i++) {
    let sum = lines[i]?.value as number;
    let count = 1;
    let last = lines[i];
    for (let j = i + 1; j < lines.length && last; j++) {
      const c = lines[j];
      if (!c || c.seg.page !== last.seg.page || c.seg.line - last.seg.line > 2 || c.seg.line === last.seg.line || Math.abs(c.x1 - last.x1) > c.seg.height * 3) continue;
      sum += c.value as number;
      count++;
      last = c;
      currents.push({ value: round2(sum), score: 0.6 * count });
    }
  }
  const sure = (v: Votes<number>) => v.ranked()[0]?.score ?? 1;
  // The parts printed in the summary that ends in the amount due (a supplier's or one
  // service's own summary further on repeats the same words with its own figures).
  const totals = candidates.filter((c) => c.kind === 'money' && Math.abs((c.value as number) - total) < CENT && (c.meaning.total ?? 0) > 0);
  const near = (x: { value: number } | null, sign: number) =>
    x !== null && candidates.some((c) => c.kind === 'money' && Math.abs(sign * Math.abs(c.value as number) - x.value) < CENT && totals.some((t) => t.seg.page === c.seg.page && Math.abs(t.seg.line - c.seg.line) <= 12))
      ? 0.5
      : 0;
  let best: { parts: AmountParts; score: number } | null = null;
  for (const c of currents) {
    if (!c) continue;
    for (const p of top(previous, 3)) {
      for (const y of top(payments, 3)) {
        for (const l of top(late, 2)) {
          const sum = c.value + (p?.value ?? 0) + (y?.value ?? 0) + (l?.value ?? 0);
          if (Math.abs(sum - total) >= CENT) continue;
          // A part left out when the bill prints one costs a little; each part's support counts.
          const score =
            c.score / sure(current) + (p ? p.score / sure(previous) : 0) + (y ? y.score / sure(payments) : 0) + (l ? l.score / sure(late) : 0) + near(c, 1) + near(p, 1) + near(y, -1) + near(l, 1);
          if (best && score <= best.score) continue;
          // Solved rather than read straight: sure enough to show, never stated as certain.
          const conf = (x: { value: number } | null) => (x ? { value: round2(x.value), confidence: 0.85 } : null);
          best = { parts: { currentCharges: conf(c), previousBalance: conf(p), paymentsReceived: conf(y), lateFees: conf(l) }, score };
        }
      }
    }
  }
  // The top-voted parts adding up need no solving: keep the usual path (and its confidences).
  const first = current.ranked()[0];
  if (!best || (first && best.parts.currentCharges?.value === round2(first.value) && [previous, payments, late].every((v, k) => {
    const chosen = [best?.parts.previousBalance, best?.parts.paymentsReceived, best?.parts.lateFees][k];
    const t = v.ranked()[0];
    return !chosen || (t !== undefined && round2(t.value) === chosen.value);
  }))) return null;
  return best.parts;
}

const SERVICE_WORDS: Array<[ServiceKind, RegExp]> = [
  ['wastewater', /\b(?:waste\s?water|sewer(?:age)?|sanitary)\b/i],
  ['stormwater', /\b(?:storm\s?water|storm drain(?:age)?|drainage)\b/i],
  ['fire', /\bfire\s?(?:line|service|protection|sprinkler|hydrant)\b/i],
  ['trash', /\b(?:trash|refuse|garbage|solid waste|recycling|sanitation)\b/i],
  ['water', /\bwater\b/i],
  ['gas', /\b(?:natural gas|gas)\b/i],
  ['electric', /\b(?:electric(?:ity)?|power|energy|kwh)\b/i],
  ['internet', /\b(?:internet|broadband|wi-?fi|data plan)\b/i],
];

export function serviceOf(text: string): ServiceKind | null {
  for (const [kind, re] of SERVICE_WORDS) if (re.test(text)) return kind;
  return null;
}

const FIXED_RE = /\b(?:customer|basic|base|service|meter|facilit(?:y|ies)|monthly|fixed|account|minimum|availability|connection|readiness|administrative)\b.*\bcharge|\b(?:basic service|customer charge|base (?:rate|fee|charge)|service fee|meter fee|monthly fee|access fee)\b/i;
const VARIABLE_RE = /\b(?:energy|usage|use|consumption|volum(?:e|etric)|delivery|distribution|supply|generation|transmission|fuel|commodity|kwh|therms?|ccf|hcf|gallons?|per unit|tier|block|on-?peak|off-?peak|mid-?peak|demand)\b/i;
const TAX_RE = /\b(?:tax(?:es)?|gst|hst|pst|qst|vat|franchise fee|municipal fee|gross receipts|excise)\b/i;

function chargeKind(label: string, amount: number, hasQuantity: boolean): ChargeKind {
  if (amount < 0 || /\b(?:credit|rebate|discount|refund)\b/i.test(label)) return 'credit';
  if (TAX_RE.test(label)) return 'tax';
  if (hasQuantity || VARIABLE_RE.test(label)) return 'variable';
  if (FIXED_RE.test(label)) return 'fixed';
  return 'other';
}

const RATE_RE = /(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*(kwh|kw|therms?|ccf|hcf|gallons?|gal|kgal|m3|m³|units?|days?)\s*(?:x|@|at|\*|×)\s*\$?\s*(\d*\.\d+|\d+)/i;

/** The item's own cells: from its label's cell to its amount (a second column may share the line). */
function itemText(c: Candidate, layout: Layout): string {
  const segments = layout.lines[c.seg.line]?.segments ?? [c.seg];
  const end = segments.indexOf(c.seg);
  let start = end;
  while (start > 0 && !(segments[start]?.text.includes(c.context) && c.context)) start--;
  return segments
    .slice(Math.max(0, start), end + 1)
    .map((x) => x.text)
    .join('   ');
}

function lineItem(c: Candidate, layout: Layout): ChargeLine {
  const line = itemText(c, layout);
  const label = c.context.replace(/\s{2,}/g, ' ').trim();
  const item: ChargeLine = { label, amount: c.value as number, kind: 'other' };
  const rate = RATE_RE.exec(line);
  if (rate?.[1] && rate[2] && rate[3]) {
    item.quantity = Number(rate[1].replace(/,/g, ''));
    item.unit = rate[2];
    item.rate = Number(rate[3]);
  } else {
    const u = findUsages(line)[0];
    if (u) {
      item.quantity = u.amount;
      item.unit = u.unit;
    }
  }
  item.kind = chargeKind(label, item.amount, item.quantity !== undefined && item.unit !== undefined && !/^days?$/i.test(item.unit));
  const service = serviceOf(label);
  if (service) item.service = service;
  return item;
}

/**
 * The itemised charges: consecutive labelled amounts whose sum is this period's charges (or the
 * amount due less the carried balance), skipping subtotals that restate the items above them.
 * Nothing is returned unless the items add up: a list that does not reconcile is not the bill's.
 */
export function findLineItems(layout: Layout, candidates: Candidate[], target: number | null): ChargeLine[] {
  if (target === null || target <= 0) return [];
  const items = candidates.filter(
    (c) =>
      c.kind === 'money' &&
      c.context &&
      !c.prose &&
      (c.where === 'inline' || c.where === 'left') &&
      !c.meaning.total &&
      !c.meaning.previousBalance &&
      !c.meaning.payments &&
      !c.meaning.currentCharges &&
      !/\b(?:total|balance|due|payment|paid|amount|subtotal|average|history|last (?:year|month)|per (?:day|month))\b/i.test(c.context),
  );
  let best: Candidate[] | null = null;
  for (let i = 0; i < items.length; i++) {
    let sum = 0;
    let sinceSub = 0;
    const run: Candidate[] = [];
    for (let j = i; j < items.length; j++) {
      const c = items[j];
      if (!c) break;
      const v = c.value as number;
      // A subtotal restating the items since the last one is not an item itself.
      if (run.length >= 2 && Math.abs(v - sinceSub) < CENT) {
        sinceSub = 0;
        continue;
      }
      run.push(c);
      sum += v;
      sinceSub += v;
      if (run.length >= 2 && Math.abs(sum - target) < CENT && (!best || run.length > best.length)) best = [...run];
      if (sum > target * 3 + 1) break;
    }
  }
  return (best ?? []).map((c) => lineItem(c, layout));
}

/**
 * Per-service detail: each service the bill names in a heading or a charge (water, wastewater,
 * electric, gas, trash…), with the usage, period, meter and charges printed in its part of the
 * bill. Units stay as printed; nothing is converted without a printed factor.
 */
export function findServices(
  layout: Layout,
  candidates: Candidate[],
  items: ChargeLine[],
  ref: string | null,
  main: { usage: number | null; unit: UsageUnit | null; period: { start: string; end: string } | null },
): ServiceDetail[] {
  // Section headings: short lines that name a service and carry no amount.
  const headings: Array<{ line: number; kind: ServiceKind }> = [];
  layout.lines.forEach((l, i) => {
    if (l.segments.length > 2 || l.text.length > 40 || /\d/.test(l.text)) return;
    const words = l.text.trim().split(/\s+/);
    if (words.length > 5) return;
    const kind = serviceOf(l.text);
    if (kind && /\b(?:charges?|service|usage|section|detail|summary)?\b/i.test(l.text)) headings.push({ line: i, kind });
  });
  const byKind = new Map<ServiceKind, ServiceDetail>();
  // Trash and stormwater are billed flat: no usage is theirs.
  const unmetered = (kind: ServiceKind) => kind === 'trash' || kind === 'stormwater';
  const get = (kind: ServiceKind): ServiceDetail => {
    let s = byKind.get(kind);
    if (!s) {
      s = { service: kind, meter: null, periodStart: null, periodEnd: null, usage: null, unit: null, charges: null };
      byKind.set(kind, s);
    }
    return s;
  };
  for (const item of items) {
    if (!item.service) continue;
    const s = get(item.service);
    s.charges = round2((s.charges ?? 0) + item.amount);
    if (item.kind === 'variable' && item.quantity !== undefined && s.usage === null && !unmetered(item.service)) {
      const u = findUsages(`${item.quantity} ${item.unit ?? ''}`)[0];
      if (u) {
        s.usage = u.amount;
        s.unit = u.unit;
      }
    }
  }
  // Rows that start with a service's name and print a quantity ("Wastewater   6 CCF   $46.02").
  for (const line of layout.lines) {
    const first = line.segments[0];
    if (!first || first.text.split(/\s+/).length > 3) continue;
    const kind = serviceOf(first.text);
    if (!kind) continue;
    // The quantity in the row's own cells, before its amount (another column may follow).
    let q: ReturnType<typeof findUsages>[number] | undefined;
    for (const seg of line.segments.slice(1, 6)) {
      q = findUsages(seg.text)[0];
      if (q || moneyIn(seg.text).length > 0) break;
    }
    if (!q) continue;
    const s = get(kind);
    if (s.usage === null && !unmetered(kind)) {
      s.usage = q.amount;
      s.unit = q.unit;
    }
  }
  headings.forEach((h, k) => {
    const s = get(h.kind);
    const end = headings[k + 1]?.line ?? Math.min(layout.lines.length, h.line + 25);
    for (let i = h.line + 1; i < end; i++) {
      const line = layout.lines[i];
      if (!line || line.page !== layout.lines[h.line]?.page) break;
      if (!s.periodStart) {
        const r = findDateRanges(line.text, ref ?? undefined)[0];
        if (r) {
          s.periodStart = r.start;
          s.periodEnd = r.end;
        }
      }
      if (!s.meter) {
        const m = /\bmeter(?:\s*(?:number|no\.?|#|id))?\s*[:#]?\s*([A-Z0-9][A-Z0-9-]{3,})/i.exec(line.text);
        if (m?.[1] && /\d/.test(m[1])) s.meter = m[1];
      }
    }
    if (s.usage === null && !unmetered(h.kind)) {
      const q = candidates.find((c) => c.kind === 'quantity' && c.meaning.usage && c.seg.line > h.line && c.seg.line < end);
      if (q) {
        const v = q.value as { amount: number; unit: UsageUnit };
        s.usage = v.amount;
        s.unit = v.unit;
      }
    }
  });
  const all = [...byKind.values()];
  // One service on the bill: every charge is its charge.
  const only = all.length === 1 ? all[0] : undefined;
  if (only) {
    if (items.length > 0) only.charges = round2(items.reduce((sum, i) => sum + i.amount, 0));
    if (main.usage !== null) {
      only.usage = main.usage;
      only.unit = main.unit;
    }
    if (main.period && !only.periodStart) {
      only.periodStart = main.period.start;
      only.periodEnd = main.period.end;
    }
  }
  return all;
}
