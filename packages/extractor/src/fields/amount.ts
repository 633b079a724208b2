import { findDates } from './date.ts';
import { fixOcrDigits, normalizeText } from './ocr-text.ts';

export interface AmountMatch {
  value: number;
  start: number;
  end: number;
  /** Printed with a currency sign. */
  hasCurrency: boolean;
  /** Printed with cents. */
  hasCents: boolean;
  raw: string;
}

// sign/paren, currency ("$", "CAD $", "C$", "USD "), digits with thousands separators, cents (dot; or a space/comma slip
// after a currency sign), trailing CR / minus / closing paren.
const AMOUNT_RE =
  /(?<![\w.,/$-])(\()?(-\s?)?((?:USD?|CAD?|CDN|C|A|NZ)\s?\$|\$|S(?=\s?\d)|USD\s?|CAD\s?|CDN\s?)?\s?(-\s?)?((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{2}(?!\d)|\.\d(?![\d%])|(?<=[$S]\s?\d{1,3}(?:,\d{3})*)[ ,]\d{2}(?![\d,.]))?|\.\d{2}(?!\d))(?![\d%])(\))?(?:\s?(CR|CREDIT|Cr)\b|(-)(?![\d\w]))?/g;

/** Every money-looking number in `text`, left to right. */
export function findAmounts(input: string): AmountMatch[] {
  // "$112. 07": a text layer that spaces the cents off their point (same length kept).
  const text = fixOcrDigits(normalizeText(input)).replace(/(\$\s?\d[\d,]*)\. (\d{2})(?!\d)/g, '$1.$2 ');
  const out: AmountMatch[] = [];
  for (const m of text.matchAll(AMOUNT_RE)) {
    const [raw, open, minus1, currency, minus2, number = '', close, credit, trailingMinus] = m;
    const start = m.index;
    // "$0.05539" is a price per unit, not money: the number goes on past its cents.
    if (/^\.?\d/.test(text.slice(start + raw.length)) || /^\.\d/.test(text.slice(start + raw.trimEnd().length))) continue;
    let digits = number;
    // "$108 66" / "$108,66": the decimal point was lost or misread.
    const slip = /^(\d{1,3}(?:,\d{3})*|\d+)[ ,](\d{2})$/.exec(digits);
    if (slip && currency) digits = `${slip[1]}.${slip[2]}`;
    const value = Number(digits.replace(/,/g, ''));
    if (!Number.isFinite(value)) continue;
    const negative = Boolean(minus1 ?? minus2 ?? credit ?? trailingMinus ?? (open && close));
    out.push({
      value: round2(negative ? -value : value),
      start,
      end: start + raw.length,
      hasCurrency: Boolean(currency),
      hasCents: /\.\d{2}$/.test(digits),
      raw: raw.trim(),
    });
  }
  return out;
}

/** Parses one printed amount ("$1,234.56", "12.00 CR", "(12.00)"); null when there is none. */
export function parseAmount(text: string): number | null {
  const first = findAmounts(text).find((a) => a.hasCurrency || a.hasCents);
  return first ? first.value : null;
}

/** Money amounts as printed next to a label: with a currency sign or with cents. */
export function findMoney(text: string): AmountMatch[] {
  return findAmounts(text).filter((a) => a.hasCurrency || a.hasCents);
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Money in a text, ignoring numbers that belong to dates ("due by Feb 8, 2021 $53,146.93"). */
export function moneyIn(text: string): Array<{ value: number; start: number; end: number; hasCents: boolean }> {
  let masked = text;
  for (const d of findDates(text)) masked = masked.slice(0, d.start) + ' '.repeat(d.end - d.start) + masked.slice(d.end);
  return findMoney(masked).map((a) => ({ value: a.value, start: a.start, end: a.end, hasCents: a.hasCents }));
}

