/**
 * Everything a layout needs to print one bill: the model, the chosen wording set, date format,
 * money style and fonts, and the per-bill choice of label for each field (fixed per bill, so
 * the same field is worded the same way wherever it appears unless a layout asks for another).
 */
import type { RGB } from 'pdf-lib';
import { daysBetween, formatDate, formatRange, RANGE_JOINER_COUNT, type CalendarDate, type DateFormatId } from './dates.ts';
import type { BillModel } from './model.ts';
import type { FontFamily } from './pdf-kit.ts';
import type { Rng } from './random.ts';
import { COMMON_LABELS, isMeterWording, isTemplate, WORDING_SETS, type WordedField, type WordingId } from './wordings.ts';

export type Phrase = { kind: 'pair'; label: string; value: string } | { kind: 'sentence'; text: string };

type MoneyStyle = 'dollar' | 'dollar-space' | 'bare' | 'code-prefix' | 'code-suffix';
type CreditStyle = 'minus' | 'parens' | 'cr' | 'trailing-minus';

export interface BillContext {
  bill: BillModel;
  rng: Rng;
  wordingId: WordingId;
  dateFormat: DateFormatId;
  family: FontFamily;
  accent: RGB;
  /** Some bills print their field labels in bold. */
  boldLabels: boolean;
  /** Some bills list their key fields in another order than the layout's default. */
  shuffleFields: boolean;
  /** The coupon also prints the amount due after the due date. */
  stubShowsLateAmount: boolean;
  /** The small print says the amount will be drafted (the total is still the amount due). */
  autopayNotice: boolean;
  /** A notice printed right under the charges with another amount ('your bill changes by about $x'), or null. */
  changeNotice: string | null;
  /** Fields whose printed value is unreadable (a fold, a smudge, a photo's glare over the line). */
  unreadable: ReadonlySet<WordedField>;
  /** How many meter rows, from the first, are readable (all when undefined). */
  readableMeters: number | undefined;
  date(d: CalendarDate): string;
  range(start: CalendarDate, end: CalendarDate): string;
  /** A printed amount; `credit` prints it as money taken off (payments, discounts). */
  money(cents: number, credit?: boolean): string;
  /** The per-bill plain label of a field (never a sentence). */
  label(field: WordedField): string;
  /** Another plain label of the same field, for a second mention (stub vs summary). */
  altLabel(field: WordedField): string;
  /** The per-bill wording of a field with its value: a label/value pair or a sentence. */
  phrase(field: WordedField): Phrase;
  common(key: keyof typeof COMMON_LABELS): string;
  unitLabel(unit: string | null): string;
}

const MAIN_VALUE: Partial<Record<WordedField, string>> = { total: '{amount}', due: '{date}', statement: '{date}', period: '{start}' };

/** Damage asked for on top of the drawn bill (none by default; the random draws stay the same). */
export interface BillDamage {
  unreadable?: readonly WordedField[];
  /** Print a notice with this amount in cents next to the charges. */
  noticeCents?: number;
  /** Only the first N meter rows are readable; the readings and usage of the others are smudged. */
  readableMeters?: number;
}

/** What an unreadable value prints as: no digits a reader could take for an amount. */
export const SMUDGE = '#####';

export function createContext(bill: BillModel, rng: Rng, wordingId: WordingId, dateFormat: DateFormatId, family: FontFamily, accent: RGB, damage: BillDamage = {}): BillContext {
  const unreadable = new Set(damage.unreadable ?? []);
  const set = WORDING_SETS[wordingId];
  const metered = bill.billType !== 'internet';
  const options = (field: WordedField) => set[field].filter((w) => metered || field !== 'period' || !isMeterWording(w));
  const chosen = new Map<WordedField, string>();
  const plain = new Map<WordedField, string>();
  const commonChosen = new Map<string, string>();
  const joiner = rng.int(0, RANGE_JOINER_COUNT - 1);
  const compactRange = rng.chance(0.5);
  const moneyStyle: MoneyStyle = bill.currency === 'CAD'
    ? rng.pick(['dollar', 'dollar', 'code-prefix', 'code-suffix'] as const)
    : rng.pick(['dollar', 'dollar', 'dollar', 'dollar-space', 'bare'] as const);
  const creditStyle: CreditStyle = rng.pick(['minus', 'parens', 'cr', 'trailing-minus'] as const);

  const plainOptions = (field: WordedField) => {
    const list = options(field).filter((w) => !isTemplate(w));
    return list.length > 0 ? list : set[field].filter((w) => !isTemplate(w));
  };
  const money = (cents: number, credit = false): string => {
    const abs = Math.abs(cents);
    const digits = `${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
    let text: string;
    switch (moneyStyle) {
      case 'dollar': text = `$${digits}`; break;
      case 'dollar-space': text = `$ ${digits}`; break;
      case 'bare': text = digits; break;
      case 'code-prefix': text = `CAD $${digits}`; break;
      case 'code-suffix': text = `$${digits} CAD`; break;
    }
    const negative = credit ? cents > 0 : cents < 0;
    if (!negative) return text;
    switch (creditStyle) {
      case 'minus': return `-${text}`;
      case 'parens': return `(${text})`;
      case 'cr': return `${text} CR`;
      case 'trailing-minus': return `${text}-`;
    }
  };
  const date = (d: CalendarDate) => formatDate(dateFormat, d);
  const range = (start: CalendarDate, end: CalendarDate) => formatRange(dateFormat, start, end, joiner, compactRange);
  const fill = (template: string, field: WordedField) => template
    .replace('{amount}', money(bill.totalCents))
    .replace('{date}', date(field === 'statement' ? bill.statementDate : bill.dueDate))
    .replace('{start}', date(bill.periodStart))
    .replace('{end}', date(bill.periodEnd));
  const valueOf = (field: WordedField): string => {
    if (unreadable.has(field)) return SMUDGE;
    switch (field) {
      case 'total': return money(bill.totalCents);
      case 'due': return date(bill.dueDate);
      case 'period': return range(bill.periodStart, bill.periodEnd);
      case 'account': return bill.accountNumber;
      case 'statement': return date(bill.statementDate);
      case 'previous': return money(bill.previousCents);
      case 'payments': return money(bill.paymentCents, true);
      case 'current': return money(bill.currentCents);
      case 'afterDue': return money(bill.extras.afterDueCents);
      case 'enclosed': return '';
      case 'days': return String(daysBetween(bill.periodStart, bill.periodEnd));
      case 'usage': return bill.usageAmount === null ? '' : `${bill.usageAmount.toLocaleString('en-US')} ${unitLabel(bill.usageUnit)}`;
    }
  };
  const unitLabel = (unit: string | null) => (unit === 'm3' ? 'm³' : unit ?? '');

  return {
    bill, rng, wordingId, dateFormat, family, accent, date, range, money, unitLabel,
    boldLabels: rng.chance(0.3),
    shuffleFields: rng.chance(0.4),
    stubShowsLateAmount: rng.chance(0.3),
    autopayNotice: rng.chance(0.15),
    changeNotice: damage.noticeCents === undefined ? null : `Rate change notice: from your next bill, your bill changes by about ${money(damage.noticeCents)} a month.`,
    unreadable,
    readableMeters: damage.readableMeters,
    label(field) {
      if (!plain.has(field)) plain.set(field, rng.pick(plainOptions(field)));
      return plain.get(field) ?? '';
    },
    altLabel(field) {
      return rng.pick(plainOptions(field));
    },
    phrase(field) {
      if (!chosen.has(field)) chosen.set(field, rng.pick(options(field)));
      const wording = chosen.get(field) ?? '';
      if (!isTemplate(wording)) return { kind: 'pair', label: wording, value: valueOf(field) };
      const main = MAIN_VALUE[field];
      if (main !== undefined && wording.includes(main)) return { kind: 'sentence', text: fill(wording, field) };
      return { kind: 'pair', label: fill(wording, field), value: valueOf(field) };
    },
    common(key) {
      if (!commonChosen.has(key)) commonChosen.set(key, rng.pick(COMMON_LABELS[key]));
      return commonChosen.get(key) ?? '';
    },
  };
}
