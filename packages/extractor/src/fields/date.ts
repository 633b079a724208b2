import { collapseLetterSpacing, fixOcrDigits, normalizeText } from './ocr-text.ts';

/** A calendar date found in text; `year` is null when the text left it out ("Jan 5"). */
export interface DateMatch {
  year: number | null;
  month: number; // 1-12
  day: number;
  start: number;
  end: number;
}

export interface DateRangeMatch {
  start: string; // ISO
  end: string; // ISO
  /** False when nothing but space separated the two dates. */
  explicit: boolean;
  index: number;
  endIndex: number;
}

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
};
const MONTH_NAME =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?(?![a-z])';

/**
 * After a two-digit year: no further digit, time or decimal ("Jan 25, 16.50" is an amount), but a
 * full stop that ends the sentence is fine ("Payment deadline: 11-OCT-26.").
 */
const YY_END = '(?![\\d:,]|\\.\\d)';

// Each pattern fills named groups y, m (number or name), d.
const PATTERNS: RegExp[] = [
  // 2026-01-05, 2026/01/05, 2026.01.05 (year first: always year, month, day)
  /(?<![\d/.-])(?<y>(?:19|20)\d{2})(?<ysep>[-/.])(?<m>\d{1,2})\k<ysep>(?<d>\d{1,2})(?!\d|[/.-]\d)/gi,
  // 01/05/2026, 1-5-26, 01.05.2026
  /(?<![\d/.,$-])(?<m>\d{1,2})\s?(?<sep>[/.-])\s?(?<d>\d{1,2})\s?\k<sep>\s?(?<y>(?:19|20)\d{2}|\d{2})(?![\d/])/gi,
  // 08/2526: OCR lost the second slash of 08/25/26 (never a month and year: 2526 is no year)
  /(?<![\d/.,$-])(?<m>\d{1,2})\/(?<d>\d{2})(?<y>[1-4]\d)(?![\d/])(?<!\/(?:19|20)\d\d)/gi,
  // Jan 5, 2026 / January 05 2026 / JAN 05 2018 / Jan 25,16 / Jan5,2026
  new RegExp(`(?<![a-z])(?<m>${MONTH_NAME})\\s*(?<d>\\d{1,2})(?:st|nd|rd|th)?\\s*,?\\s*(?<y>(?:19|20)\\d{2})(?!\\d)`, 'gi'),
  new RegExp(`(?<![a-z])(?<m>${MONTH_NAME})\\s*(?<d>\\d{1,2})\\s*[,']\\s?(?<y>\\d{2})${YY_END}`, 'gi'),
  // 5 Jan 2026 / 05-Jan-2026
  new RegExp(`(?<![\\d.,])(?<d>\\d{1,2})(?:st|nd|rd|th)?[\\s-]*(?<m>${MONTH_NAME})[\\s,-]*(?<y>(?:19|20)\\d{2})(?!\\d)`, 'gi'),
  // 05-JAN-26 / 5 Jan '26 / 05JAN26 (day first, two-digit year)
  new RegExp(`(?<![\\d.,])(?<d>\\d{1,2})(?:st|nd|rd|th)?(?<dsep>[\\s-]?)(?<m>${MONTH_NAME})(?:\\k<dsep>|\\s?')(?<y>\\d{2})${YY_END}`, 'gi'),
  // Jan 5 (no year), used inside ranges
  new RegExp(`(?<![a-z])(?<m>${MONTH_NAME})\\s*(?<d>\\d{1,2})(?:st|nd|rd|th)?(?![\\d:])(?!\\s*,?\\s*(?:19|20)\\d{2})`, 'gi'),
];

function monthOf(raw: string): number | null {
  if (/^\d+$/.test(raw)) return Number(raw);
  return MONTHS[raw.toLowerCase().replace(/\.$/, '').slice(0, raw.toLowerCase().startsWith('sept') ? 4 : 3)] ?? null;
}

function isValid(year: number | null, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const y = year ?? 2000; // leap year: Feb 29 allowed when the year is unknown
  return day <= new Date(Date.UTC(y, month, 0)).getUTCDate();
}

function fullYear(raw: string): number {
  const n = Number(raw);
  return raw.length === 2 ? 2000 + n : n;
}

/** All dates in `text`, left to right, without overlaps (full dates win over partial ones). */
export function findDates(input: string): DateMatch[] {
  // OCR splits digits of a numeric date ("04/2 1/2026"): close the gap, keeping the length.
  const text = fixOcrDigits(normalizeText(input))
    .replace(/(?<!\d)(\d{1,2}\/\d) (\d\/\d{2,4})(?!\d)/g, '$1$2 ')
    .replace(/(?<!\d)(\d) (\d\/\d{1,2}\/\d{2,4})(?!\d)/g, '$1$2 ');
  const found: DateMatch[] = [];
  const taken: Array<[number, number]> = [];
  for (const re of PATTERNS) {
    for (const m of text.matchAll(re)) {
      const g = m.groups ?? {};
      const start = m.index;
      const end = start + m[0].length;
      if (taken.some(([a, b]) => start < b && end > a)) continue;
      let month = monthOf(g.m ?? '');
      let day = Number(g.d);
      const year = g.y ? fullYear(g.y) : null;
      if (month === null) continue;
      // Numeric dates are US month-first; a first number over 12 can only be a day.
      if (/^\d+$/.test(g.m ?? '') && month > 12 && day <= 12) [month, day] = [day, month];
      if (year !== null && (year < 1990 || year > 2100)) continue;
      if (!isValid(year, month, day)) continue;
      found.push({ year, month, day, start, end });
      taken.push([start, end]);
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

export function toIso(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The year for a date printed without one: the year that puts it closest to `ref`
 * (a statement or due date printed elsewhere on the bill).
 */
export function inferYear(month: number, day: number, ref: string): number {
  const refYear = Number(ref.slice(0, 4));
  const refTime = Date.parse(ref);
  let best = refYear;
  let bestDiff = Infinity;
  for (const y of [refYear - 1, refYear, refYear + 1]) {
    const diff = Math.abs(Date.UTC(y, month - 1, day) - refTime);
    if (diff < bestDiff) [best, bestDiff] = [y, diff];
  }
  return best;
}

/** Parses the first full date in `text` to ISO; `ref` supplies a missing year. */
export function parseDate(text: string, ref?: string): string | null {
  for (const candidate of [text, collapseLetterSpacing(text)]) {
    for (const d of findDates(candidate)) {
      if (d.year !== null) return toIso(d.year, d.month, d.day);
      if (ref) return toIso(inferYear(d.month, d.day, ref), d.month, d.day);
    }
  }
  return null;
}

const RANGE_SEP = /^\s*(?:-|~|to|through|thru|until|and)\s*[:.]?\s*$/i;
/** OCR sometimes loses the dash between two dates: accept plain space between two full dates. */
const IMPLICIT_SEP = /^\s*[|,;:]?\s*$/;

/**
 * Date ranges: "01/05/26 to 02/03/26", "Jan 5 - Feb 3, 2026", "Dec 22, 2015 - Jan 25, 2016".
 * A start printed without a year takes the end's year (or the year before when it would
 * fall after the end).
 */
export function findDateRanges(input: string, ref?: string): DateRangeMatch[] {
  const variants = [input];
  const collapsed = collapseLetterSpacing(input);
  if (collapsed !== input) variants.push(collapsed);
  for (const text of variants) {
    const dates = findDates(text);
    const out: DateRangeMatch[] = [];
    for (let i = 0; i + 1 < dates.length; i++) {
      const a = dates[i];
      const b = dates[i + 1];
      if (!a || !b) continue;
      const between = normalizeText(text.slice(a.end, b.start));
      const explicit = RANGE_SEP.test(between);
      if (!explicit && !(IMPLICIT_SEP.test(between) && a.year !== null && b.year !== null)) continue;
      const endYear = b.year ?? (a.year !== null ? a.year : ref ? inferYear(b.month, b.day, ref) : null);
      if (endYear === null) continue;
      let startYear = a.year;
      if (startYear === null) startYear = a.month > b.month || (a.month === b.month && a.day > b.day) ? endYear - 1 : endYear;
      const start = toIso(startYear, a.month, a.day);
      let endIso = toIso(endYear, b.month, b.day);
      if (b.year === null && endIso < start) endIso = toIso(endYear + 1, b.month, b.day);
      if (endIso <= start) continue;
      const days = (Date.parse(endIso) - Date.parse(start)) / 86_400_000;
      if (days > 400 || (!explicit && (days < 14 || days > 100))) continue;
      out.push({ start, end: endIso, explicit, index: a.start, endIndex: b.end });
      i++;
    }
    if (out.length > 0) return out;
  }
  return [];
}

export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);
}
