import type { BillFields, BillType, DocumentText, FieldValue, LayoutHint, ServiceDetail, ServiceKind, UsageUnit } from '../types.ts';
import { moneyIn, round2 } from './amount.ts';
import { guessBillType } from './bill-type.ts';
import { crossCheck, type Check } from './checks.ts';
import { findDateRanges, findDates, inferYear, toIso } from './date.ts';
import {
  ACCOUNT_LABELS,
  DUE_DATE_LABELS,
  NOT_TOTAL_RE,
  PERIOD_END_LABELS,
  PERIOD_LABELS,
  PERIOD_START_LABELS,
  STATEMENT_DATE_LABELS,
  TOTAL_LABELS,
} from './labels.ts';
import { buildLayout, type Layout } from './layout.ts';
import { parseAccount } from './account.ts';
import { findCandidates, type Candidate } from './candidates.ts';
import { findAmountParts, findLineItems, findServices } from './charges.ts';
import { dateOrderEvidence, normalizeDateOrder, swapDayMonth } from './date-order.ts';
import { labelMeaning, type MeaningField } from './meaning.ts';
import { addHintVotes } from './hints.ts';
import { chooseDates, dateViolations } from './joint.ts';
import { calibratedConfidence, voteTable, type CalibratedField, type ScoredCandidate } from './scorer.ts';
import { findLabels, pairValue, type Found, type LabelDef } from './pairing.ts';
import { findCustomerName, findServiceAddress } from './parties.ts';
import { findProvider } from './provider.ts';
import { PROMINENT_TOTAL_CONFIDENCE, PROMINENT_TOTAL_WEIGHT, prominentAmount } from './prominent-amount.ts';
import { printedUsageUnit } from './usage.ts';
import { findUsage } from './usage-field.ts';
import { Votes } from './votes.ts';
import { findMeterRows, meteredTotal, meterTables, type MeterRow } from './meters.ts';
import { matchesPrintedDays, printedPeriodDays, wrappedPairs } from './wrapped.ts';

export interface FieldExtraction {
  fields: BillFields;
  checks: Check[];
  confidence: number;
  /** Fields whose value a cross-check confirmed; an AI answer never replaces them. */
  confirmed: Set<keyof BillFields>;
  /** What the reader knew about each chosen value (the calibrated confidence's inputs; training data). */
  stats: Partial<Record<CalibratedField, ScoredCandidate[]>>;
}

const none = <T>(): FieldValue<T> => ({ value: null, confidence: 0 });

function datesIn(ref: string | null) {
  return (text: string): Array<Found<string>> =>
    findDates(text).flatMap((d) => {
      const year = d.year ?? (ref ? inferYear(d.month, d.day, ref) : null);
      return year === null ? [] : [{ value: toIso(year, d.month, d.day), start: d.start, end: d.end }];
    });
}

function rangesIn(ref: string | null) {
  return (text: string): Array<Found<{ start: string; end: string }>> =>
    findDateRanges(text, ref ?? undefined).map((r) => ({ value: { start: r.start, end: r.end }, start: r.index, end: r.endIndex }));
}

export { parseAccount };

/** Long digit runs printed for payment processing (OCR-B scan line on the remittance stub). */
export function findScanLines(layout: Layout): string[] {
  return layout.lines
    .map((l) => l.text.replace(/[\s-]/g, ''))
    .filter((t) => /^\d{20,}[<>]?\d*$/.test(t));
}

/**
 * The amount encoded in a remittance scan line: the digits between the account number and the
 * due date (YYMMDD or MMDDYY), zero-padded cents — "<account>00000357622511239".
 */
export function decodeScanLineAmount(scanLines: string[], account: string | null, due: string | null): number | null {
  if (!account || !due) return null;
  const acct = account.replace(/\D/g, '');
  if (acct.length < 6) return null;
  const [y, m, d] = due.split('-');
  const dates = [`${y?.slice(2)}${m}${d}`, `${m}${d}${y?.slice(2)}`, `${m}${d}${y}`, `${y}${m}${d}`];
  for (const line of scanLines) {
    const at = line.indexOf(acct);
    if (at < 0) continue;
    const after = line.slice(at + acct.length);
    for (const date of dates) {
      const end = after.indexOf(date);
      if (end < 3) continue;
      const field = after.slice(0, end);
      const m2 = /^0{2,}(\d{3,8})$/.exec(field);
      if (m2?.[1]) return Number(m2[1]) / 100;
    }
  }
  return null;
}

/** How much a label understood by its meaning counts beside a label from the dictionaries. */
const MEANING_WEIGHT = 0.9;

/** Adds the candidates whose label means `field` to `votes`. */
function addMeaningVotes<T>(votes: Votes<T>, candidates: Candidate[], field: MeaningField, kind: Candidate['kind'], key?: (v: T) => string): void {
  for (const c of candidates) {
    const m = c.kind === kind ? c.meaning[field] : undefined;
    if (!m) continue;
    const value = c.value as T;
    votes.add(value, m * MEANING_WEIGHT, key ? key(value) : undefined);
  }
}

/** Votes for the amount due: strong labels, else the weaker "current charges" kind. */
function voteTotal(layout: Layout, scanLines: string[], candidates: Candidate[]): Votes<number> {
  const notTotal = (t: string) => !NOT_TOTAL_RE.test(t);
  const collect = (defs: LabelDef[]) => {
    const votes = new Votes<number>();
    for (const hit of findLabels(layout, defs)) {
      if (!notTotal(hit.seg.text)) continue;
      const p = pairValue(layout, hit, moneyIn, { above: true });
      if (!p) continue;
      const cents = String(Math.round(Math.abs(p.value) * 100));
      const onScanLine = p.value > 0 && scanLines.some((l) => l.includes(cents.padStart(8, '0')) || l.includes(`0${cents}`));
      // An amount without cents next to a total label is usually an OCR fragment.
      const hasCents = moneyIn(p.seg.text).some((m) => m.value === p.value && m.hasCents);
      votes.add(p.value, p.score * (hasCents ? 1 : 0.3) + (onScanLine ? 0.3 : 0));
    }
    return votes;
  };
  const strong = collect(TOTAL_LABELS.filter((d) => d.weight >= 1));
  addMeaningVotes(strong, candidates, 'total', 'money');
  if (strong.size > 0) return strong;
  return collect(TOTAL_LABELS);
}

function vote<T>(layout: Layout, defs: LabelDef[], parse: (t: string) => Array<Found<T>>, opts: Parameters<typeof pairValue>[3], keep?: (seg: string) => boolean) {
  const votes = new Votes<T>();
  for (const hit of findLabels(layout, defs)) {
    if (keep && !keep(hit.seg.text)) continue;
    const p = pairValue(layout, hit, parse, opts);
    if (p) votes.add(p.value, p.score);
  }
  return votes;
}

/** A usage unit that belongs to the bill's service (kWh for electricity, therms/CCF/m³ for gas…). */
function unitFits(unit: string, type: string | null): boolean {
  const fits: Record<string, string[]> = {
    electricity: ['kWh'],
    natural_gas: ['therms', 'CCF', 'm3'],
    water: ['gallons', 'CCF', 'm3'],
    internet: ['GB'],
  };
  const allowed = type ? fits[type] : undefined;
  return !allowed || allowed.includes(unit);
}

/** A usage figure printed as the bill's total ("Total usage", "Total kWh billed"). */
function usageLabelledTotal(candidates: Candidate[]): boolean {
  // A column header ("TOTAL USE" over each service's row) labels every row, not a bill total.
  return candidates.some((c) => c.kind === 'quantity' && c.where !== 'above' && (c.meaning.usage ?? 0) >= 0.8 && /\btotal\b/i.test(c.context));
}

/** The votes' summary for the value the joint choice kept (lower confidence when it is not the top one). */
function pickChosen<T>(votes: Votes<T>, chosen: T | null, key: (v: T) => string): { value: T; confidence: number } | null {
  if (chosen === null) return null;
  const best = votes.best();
  if (best && key(best.value) === key(chosen)) return best;
  return { value: chosen, confidence: Math.min(0.6, (best?.confidence ?? 0.6) * 0.7) };
}

const BILL_TYPE_OF: Partial<Record<ServiceKind, BillType>> = { electric: 'electricity', gas: 'natural_gas', water: 'water', internet: 'internet' };

const SERVICE_OF_UNIT: Record<UsageUnit, ServiceKind> = { kWh: 'electric', therms: 'gas', CCF: 'gas', m3: 'gas', gallons: 'water', GB: 'internet' };

/** A meter row as a service: the kind the bill's services name, else the one its unit measures. */
function meterService(r: MeterRow, kind: ServiceKind | null, billPeriod: { start: string; end: string } | null): ServiceDetail {
  const period = r.period ?? billPeriod;
  return { service: kind ?? SERVICE_OF_UNIT[r.unit], meter: r.meter, periodStart: period?.start ?? null, periodEnd: period?.end ?? null, usage: r.used, unit: r.unit, charges: null };
}

/** Reads the bill's fields from positioned text. */
export interface ExtractFieldsOptions {
  /** Where corrections of earlier bills of the same account found their values. */
  hints?: readonly LayoutHint[];
}

export function extractFields(doc: DocumentText, opts: ExtractFieldsOptions = {}): FieldExtraction {
  const built = buildLayout(doc);
  const order = dateOrderEvidence(built);
  if (order.dayFirst > 0 || order.monthFirst > 0 || order.ambiguous === 0) return extractFromLayout(doc, normalizeDateOrder(built), opts);
  // Every numeric date reads either way (04/05/2026): read the bill both ways and keep the
  // reading whose dates agree (period before statement, due after both); month-first on a tie.
  const monthFirst = extractFromLayout(doc, built, opts);
  const dayFirst = extractFromLayout(doc, swapDayMonth(built), opts);
  return dayFirst.dateFit > monthFirst.dateFit ? dayFirst : monthFirst;
}

function extractFromLayout(doc: DocumentText, layout: Layout, opts: ExtractFieldsOptions): FieldExtraction & { dateFit: number } {
  const hints = opts.hints ?? [];
  const usageUnit = printedUsageUnit(layout.text);
  const first = findCandidates(layout, { ref: null, parseAccount, usageUnit });

  const statementVotes = vote(layout, STATEMENT_DATE_LABELS, datesIn(null), { above: false });
  addMeaningVotes(statementVotes, first, 'statement', 'date');
  const statement = statementVotes.best();
  const statementDate = statement?.value ?? null;
  const candidates = statementDate ? findCandidates(layout, { ref: statementDate, parseAccount, usageUnit }) : first;

  const dueVotes = vote(layout, DUE_DATE_LABELS, datesIn(statementDate), { above: true }, (t) => !/\bafter\b/i.test(t));
  addMeaningVotes(dueVotes, candidates, 'due', 'date');
  addHintVotes(dueVotes, layout, candidates, hints, 'dueDate');
  const due = dueVotes.best();

  const scanLines = findScanLines(layout);
  const accountVotes = new Votes<string>();
  for (const hit of findLabels(layout, ACCOUNT_LABELS)) {
    const p = pairValue(layout, hit, parseAccount, { above: false, reach: 4, stopOnText: false });
    // Prefer the number as printed in the summary (with its separators) over the stub's digits.
    if (!p) continue;
    const digits = p.value.replace(/[^0-9A-Z]/gi, '').toUpperCase();
    // The stub's scan line repeats the account number: agreement with it settles OCR misreads.
    const onScanLine = digits.length >= 6 && scanLines.some((l) => l.includes(digits.replace(/\D/g, '')));
    accountVotes.add(p.value, p.score + (/[ -]/.test(p.value) ? 0.05 : 0) + (onScanLine ? 0.5 : 0), digits);
  }
  addMeaningVotes(accountVotes, candidates, 'account', 'id', (v: string) => v.replace(/[^0-9A-Z]/gi, '').toUpperCase());
  addHintVotes(accountVotes, layout, candidates, hints, 'accountNumber', (v: string) => v.replace(/[^0-9A-Z]/gi, '').toUpperCase());
  const account = accountVotes.best();
  const totalVotes = voteTotal(layout, scanLines, candidates);
  const fromScanLine = decodeScanLineAmount(scanLines, account?.value ?? null, due?.value ?? null);
  // Weaker than a printed total: OCR misreads scan-line digits too.
  if (fromScanLine !== null) totalVotes.add(fromScanLine, 0.5);
  addHintVotes(totalVotes, layout, candidates, hints, 'totalAmount');
  let total = totalVotes.best();
  // No total label was read (OCR lost it): the amount printed as the page's headline, unsure.
  const headline = total ? null : prominentAmount(layout, candidates);
  if (headline !== null) {
    totalVotes.add(headline, PROMINENT_TOTAL_WEIGHT);
    total = totalVotes.best();
  }

  const ref = due?.value ?? statementDate;
  const periodVotes = vote(layout, PERIOD_LABELS, rangesIn(ref), { above: false });
  addMeaningVotes(periodVotes, candidates, 'period', 'range');
  addHintVotes(periodVotes, layout, candidates, hints, 'servicePeriodStart');
  addHintVotes(periodVotes, layout, candidates, hints, 'servicePeriodEnd');
  for (const line of layout.lines) {
    line.segments.forEach((seg, i) => {
      for (const r of findDateRanges(seg.text, ref ?? undefined)) periodVotes.add({ start: r.start, end: r.end }, r.explicit ? 0.3 : 0.05);
      // A range cut in two at a column gap ("Service Period: 04/02/2025" | "05/01/2025").
      const next = line.segments[i + 1];
      if (!next) return;
      const joined = `${seg.text} ${next.text}`;
      const labelled = PERIOD_LABELS.some((d) => d.weight >= 1 && d.re.test(seg.text));
      for (const r of findDateRanges(joined, ref ?? undefined)) {
        if (r.index >= seg.text.length || r.endIndex <= seg.text.length) continue;
        periodVotes.add({ start: r.start, end: r.end }, labelled ? 0.9 : r.explicit ? 0.3 : 0.05);
      }
    });
  }
  // The period printed on the meter-reading rows (each meter's reads) is the bill's period.
  const meterRows = findMeterRows(layout, ref ?? undefined);
  const metered = meteredTotal(meterTables(meterRows));
  const meterPeriods = new Map(meterRows.flatMap((r) => (r.period ? [[JSON.stringify(r.period), r.period] as const] : [])));
  for (const p of meterPeriods.values()) periodVotes.add(p, 0.9 / meterPeriods.size);
  // Start and end printed under separate labels.
  const startVotes = vote(layout, PERIOD_START_LABELS, datesIn(ref), { above: false, reach: 2 });
  addMeaningVotes(startVotes, candidates, 'periodStart', 'date');
  const endVotes = vote(layout, PERIOD_END_LABELS, datesIn(ref), { above: false, reach: 2 });
  addMeaningVotes(endVotes, candidates, 'periodEnd', 'date');
  // Two meter read dates, each printed on its own, bound the period ("Meter read on 1/28/26
  // (previous read 12/28/25)": a read date named as the start or end counts as well).
  const readWord = /\b(?:read|reading|rdg|meter)\b/i;
  const reads = [
    ...new Set(candidates.filter((c) => c.kind === 'date' && (c.meaning.readDate || ((c.meaning.periodStart || c.meaning.periodEnd) && readWord.test(c.context)))).map((c) => c.value as string)),
  ].sort();
  for (let i = 0; i + 1 < reads.length; i++) {
    const a = reads[i];
    const b = reads[i + 1];
    if (!a || !b) continue;
    const days = (Date.parse(b) - Date.parse(a)) / 86_400_000;
    if (days >= 20 && days <= 100) periodVotes.add({ start: a, end: b }, 0.8);
  }
  const startDate = startVotes.best();
  const endDate = endVotes.best();
  if (startDate && endDate && startDate.value < endDate.value) {
    const days = (Date.parse(endDate.value) - Date.parse(startDate.value)) / 86_400_000;
    if (days >= 7 && days <= 400) periodVotes.add({ start: startDate.value, end: endDate.value }, 0.9);
  }
  // A remittance stub prints the due date beside the amount to pay ("Aug 15, 2024   $ 19.25"),
  // sometimes with its labels as artwork: a bare date just left of the total is a weak due date.
  if (total) {
    for (const c of candidates) {
      if (c.kind !== 'money' || c.value !== total.value) continue;
      const row = layout.lines[c.seg.line]?.segments ?? [];
      const left = row[row.indexOf(c.seg) - 1];
      const dates = left && !/[a-z]{4,}/i.test(left.text.replace(/\b[a-z]{3}\b/gi, '')) ? datesIn(statementDate)(left.text) : [];
      const d = dates[dates.length - 1];
      if (d) dueVotes.add(d.value, 0.3);
    }
  }
  // A sentence or label wrapped onto the next line: the range or due date across the join.
  for (const w of wrappedPairs(layout)) {
    const join = w.first.text.length;
    for (const r of findDateRanges(w.text, ref ?? undefined)) {
      if (r.index >= join || r.endIndex <= join) continue;
      const label = w.text.slice(0, r.index);
      const named = (labelMeaning(label, 'range').period ?? 0) > 0 || PERIOD_LABELS.some((d) => d.weight >= 1 && d.re.test(w.first.text));
      periodVotes.add({ start: r.start, end: r.end }, named ? 0.9 : r.explicit ? 0.3 : 0.05);
    }
    for (const d of datesIn(statementDate)(w.text)) {
      if (d.start >= join || d.end <= join) continue;
      // The label is the text before the date, up to an earlier value.
      const label = w.text.slice(0, d.start).split(/\d/).pop() ?? '';
      const due = labelMeaning(label, 'date').due ?? 0;
      if (due > 0 && !/\bafter\b/i.test(label)) dueVotes.add(d.value, 0.9 * due);
    }
  }
  // A range inside running prose ("For gas consumption from April 1 to April 30, the …
  // factor will be …") is a notice's period, not the bill's, unless it is also printed as a value.
  const plainRanges = new Set(candidates.filter((c) => c.kind === 'range' && !c.prose).map((c) => JSON.stringify(c.value)));
  const proseRanges = new Set(candidates.filter((c) => c.kind === 'range' && c.prose).map((c) => JSON.stringify(c.value)));
  periodVotes.scale((_k, v) => proseRanges.has(JSON.stringify(v)) && !plainRanges.has(JSON.stringify(v)), 0.4);
  // The number of days the bill says it covers picks the range of that length.
  const periodDays = printedPeriodDays(layout);
  if (periodDays.size > 0) periodVotes.scale((_k, v) => matchesPrintedDays(v, periodDays), 1.5);
  // The dates chosen together, so that they agree with each other.
  const joint = chooseDates(statementVotes.ranked(), dueVotes.ranked(), periodVotes.ranked());
  const dueFinal = pickChosen(dueVotes, joint.due, (v) => v);
  const period = pickChosen(periodVotes, joint.period, (v) => `${v.start}/${v.end}`);


  const usage = findUsage(layout, candidates, hints, metered, total ? [round2(total.value)] : []);
  const provider = findProvider(layout);
  let billType = guessBillType(layout.text, usage?.unit ?? null, provider?.type ?? null);
  const customerName = findCustomerName(layout, provider?.name ?? null);
  const serviceAddress = findServiceAddress(layout);

  const totalValue = total ? round2(total.value) : null;
  const parts = findAmountParts(candidates, totalValue);
  const itemsTarget = parts.currentCharges?.value ?? (totalValue !== null ? round2(totalValue - (parts.previousBalance?.value ?? 0) - (parts.paymentsReceived?.value ?? 0)) : null);
  const lineItems = findLineItems(layout, candidates, itemsTarget);
  let services = findServices(layout, candidates, lineItems, ref, { usage: usage?.amount ?? null, unit: usage?.unit ?? null, period: period?.value ?? null });
  // Several meters read on the bill: one service per meter, with its own period and usage.
  if (metered && services.length <= 1) services = metered.rows.map((r) => meterService(r, services[0]?.service ?? null, period?.value ?? null));
  const meteredUsage = metered !== null && usage !== null && usage.amount === metered.amount && usage.unit === metered.unit;

  // Several services (or meters) each with their own usage and no total: no single figure is
  // the bill's usage; the services carry theirs.
  const withUsage = services.filter((sv) => sv.usage !== null);
  const distinct = new Set(withUsage.map((sv) => `${sv.usage}:${sv.unit}`));
  const mainUsage = withUsage.length >= 2 && distinct.size >= 2 && !usageLabelledTotal(candidates) && !meteredUsage ? null : usage;

  // A bill for several metered services (a city's electricity and water) is typed by what it
  // bills most, not by the provider's usual service.
  const soldKinds = [...new Set(services.filter((sv) => sv.usage !== null).map((sv) => BILL_TYPE_OF[sv.service]).filter((t): t is BillType => t !== undefined))];
  if (soldKinds.length >= 2 && mainUsage === null) {
    const charged = (t: BillType) => services.filter((sv) => BILL_TYPE_OF[sv.service] === t).reduce((a, sv) => a + (sv.charges ?? 0), 0);
    const main = [...soldKinds].sort((a, b) => charged(b) - charged(a))[0];
    if (main && main !== billType.value) billType = { value: main, confidence: Math.min(billType.confidence, 0.75) };
  }
  const fields: BillFields = {
    billType: billType,
    utilityProvider: provider ? { value: provider.name, confidence: provider.confidence } : none(),
    accountNumber: account ? { value: account.value, confidence: account.confidence } : none(),
    totalAmount: total ? { value: round2(total.value), confidence: total.confidence } : none(),
    dueDate: dueFinal ? { value: dueFinal.value, confidence: dueFinal.confidence } : none(),
    servicePeriodStart: period ? { value: period.value.start, confidence: period.confidence } : none(),
    servicePeriodEnd: period ? { value: period.value.end, confidence: period.confidence } : none(),
    usageAmount: mainUsage ? { value: mainUsage.amount, confidence: mainUsage.confidence } : none(),
    usageUnit: mainUsage ? { value: mainUsage.unit, confidence: mainUsage.confidence } : none(),
    customerName: customerName ?? none(),
    serviceAddress: serviceAddress ?? none(),
    previousBalance: parts.previousBalance ?? none(),
    paymentsReceived: parts.paymentsReceived ?? none(),
    currentCharges: parts.currentCharges ?? none(),
    lateFees: parts.lateFees ?? none(),
    charges: lineItems,
    services,
    meterReadings: [],
    rate: none(),
  };
  const { checks, confirmed } = crossCheck(layout, fields, { statementDate, totalVotes: totalVotes.ranked() });

  // Calibrated confidence: the rules' confidence and the evidence behind each value, through the learned model.
  const ocr = doc.pages.length > 0 ? doc.pages.filter((p) => p.source === 'ocr').length / doc.pages.length : 0;
  const meaningOf = (field: MeaningField, kind: Candidate['kind'], key: string, keyOf: (v: unknown) => string) =>
    Math.max(0, ...candidates.filter((c) => c.kind === kind && keyOf(c.value) === key).map((c) => c.meaning[field] ?? 0));
  const json = (v: unknown) => JSON.stringify(v);
  const acctKey = (v: unknown) => String(v).replace(/[^0-9A-Z]/gi, '').toUpperCase();
  const partsBreak = totalValue !== null && parts.currentCharges && !confirmed.has('totalAmount') ? 1 : 0;
  const base = (field: keyof BillFields) => {
    const f = fields[field];
    return Array.isArray(f) ? 0 : f.confidence;
  };
  // Every candidate value of each field with its evidence: the chosen one gets its calibrated
  // confidence from them; all of them are the scorer's training data.
  const stats: Partial<Record<CalibratedField, ScoredCandidate[]>> = {};
  const put = <T>(fields: CalibratedField[], rows: Array<{ value: T; key: string; score: number; count: number; margin: number; options: number }>, chosenKey: string | null, extra: (v: T) => { meaning: number; violations: number; out: (f: CalibratedField) => unknown }) => {
    for (const field of fields) {
      stats[field] = rows.map((r) => {
        const chosen = r.key === chosenKey;
        const e = extra(r.value);
        return {
          value: e.out(field),
          stats: { score: r.score, count: r.count, margin: r.margin, options: r.options, meaning: e.meaning, violations: e.violations, ocr, chosen, heuristic: chosen ? base(field) : 0, confirmed: chosen && confirmed.has(field) },
        };
      });
    }
  };
  const one = (field: CalibratedField, value: unknown) => {
    if (value !== null) stats[field] = [{ value, stats: { score: 1, count: 1, margin: 1, options: 1, meaning: 0, violations: 0, ocr, chosen: true, heuristic: base(field), confirmed: confirmed.has(field) } }];
  };
  one('billType', fields.billType.value);
  one('utilityProvider', fields.utilityProvider.value);
  put(['accountNumber'], voteTable(accountVotes, acctKey), account ? acctKey(account.value) : null, (v) => ({ meaning: meaningOf('account', 'id', acctKey(v), acctKey), violations: 0, out: () => v }));
  put(['totalAmount'], voteTable(totalVotes, json), totalValue !== null ? json(total?.value) : null, (v) => ({
    meaning: meaningOf('total', 'money', json(v), json),
    violations: v === total?.value ? partsBreak : 0,
    out: () => round2(v),
  }));
  put(['dueDate'], voteTable(dueVotes, json), dueFinal ? json(dueFinal.value) : null, (v) => ({
    meaning: meaningOf('due', 'date', json(v), json),
    violations: dateViolations({ statement: joint.statement, due: v, period: period?.value ?? null }),
    out: () => v,
  }));
  put(['servicePeriodStart', 'servicePeriodEnd'], voteTable(periodVotes, json), period ? json(period.value) : null, (v) => ({
    meaning: meaningOf('period', 'range', json(v), json),
    violations: dateViolations({ statement: joint.statement, due: fields.dueDate.value, period: v }),
    out: (f) => (f === 'servicePeriodStart' ? v.start : v.end),
  }));
  if (usage) {
    const key = (u: { amount: number; unit: string }) => `${u.unit}:${u.amount}`;
    put(['usageAmount', 'usageUnit'], usage.table.map((r) => ({ ...r, key: key(r.value) })), mainUsage ? key(mainUsage) : null, (v) => ({
      meaning: 0,
      violations: unitFits(v.unit, billType.value) ? 0 : 1,
      out: (f) => (f === 'usageAmount' ? v.amount : v.unit),
    }));
  }
  for (const [field, rows] of Object.entries(stats) as Array<[CalibratedField, ScoredCandidate[]]>) {
    const f = fields[field];
    const mine = rows.find((r) => r.stats.chosen);
    if (f.value === null || !mine) continue;
    f.confidence = calibratedConfidence(field, mine.stats);
    // A value that breaks a rule bills follow (date order, a unit the service does not use) is
    // never stated surer than the rules' own doubt.
    if (mine.stats.violations > 0) f.confidence = Math.min(f.confidence, mine.stats.heuristic);
  }
  // A usage the bill's own charges contradict (they bill another quantity of its unit) is unsure.
  if (usage?.contradicted && mainUsage) {
    for (const field of ['usageAmount', 'usageUnit'] as const) fields[field].confidence = Math.min(fields[field].confidence, CONTRADICTED_CONFIDENCE);
  }
  if (headline !== null && fields.totalAmount.value === headline) fields.totalAmount.confidence = Math.min(fields.totalAmount.confidence, PROMINENT_TOTAL_CONFIDENCE);
  // How well the dates fit together: each date read counts, each rule they break costs.
  const chosen = { statement: joint.statement, due: fields.dueDate.value, period: period?.value ?? null };
  const dateFit = [chosen.statement, chosen.due, chosen.period].filter((d) => d !== null).length - dateViolations(chosen);
  return { fields, checks, confidence: overallConfidence(fields), confirmed, stats, dateFit };
}

/** The confidence of a value the bill contradicts: under the "Please check" threshold (0.8). */
const CONTRADICTED_CONFIDENCE = 0.5;

const KEY_FIELDS: Array<[keyof BillFields, number]> = [
  ['totalAmount', 3],
  ['utilityProvider', 2],
  ['accountNumber', 2],
  ['dueDate', 2],
  ['servicePeriodStart', 1],
  ['servicePeriodEnd', 1],
  ['billType', 1],
  ['usageAmount', 1],
];

export function overallConfidence(fields: BillFields): number {
  let sum = 0;
  let weight = 0;
  for (const [key, w] of KEY_FIELDS) {
    const f = fields[key];
    if (Array.isArray(f)) continue;
    sum += f.confidence * w;
    weight += w;
  }
  return Math.round((sum / weight) * 100) / 100;
}
