/** Date handling for generated bills: plain calendar dates (no time zones) and printed formats. */

export interface CalendarDate {
  year: number;
  month: number; // 1-12
  day: number;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function toIso(d: CalendarDate): string {
  return `${d.year}-${pad(d.month)}-${pad(d.day)}`;
}

export function addDays(d: CalendarDate, days: number): CalendarDate {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

export function daysBetween(a: CalendarDate, b: CalendarDate): number {
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function monthName(d: CalendarDate): string {
  return MONTHS[d.month - 1] ?? '';
}

export const DATE_FORMATS = {
  'mdy-slash': (d: CalendarDate) => `${pad(d.month)}/${pad(d.day)}/${d.year}`,
  'mdy-slash-yy': (d: CalendarDate) => `${pad(d.month)}/${pad(d.day)}/${pad(d.year % 100)}`,
  'mdy-nopad-yy': (d: CalendarDate) => `${d.month}/${d.day}/${pad(d.year % 100)}`,
  'mon-d-yyyy': (d: CalendarDate) => `${monthName(d).slice(0, 3)} ${d.day}, ${d.year}`,
  'MON-dd-yyyy': (d: CalendarDate) => `${monthName(d).slice(0, 3).toUpperCase()} ${pad(d.day)} ${d.year}`,
  'dd-mon-yyyy': (d: CalendarDate) => `${pad(d.day)} ${monthName(d).slice(0, 3)} ${d.year}`,
  iso: (d: CalendarDate) => toIso(d),
  'month-d-yyyy': (d: CalendarDate) => `${monthName(d)} ${d.day}, ${d.year}`,
  'dd-MON-yy': (d: CalendarDate) => `${pad(d.day)}-${monthName(d).slice(0, 3).toUpperCase()}-${pad(d.year % 100)}`,
  'dmy-slash': (d: CalendarDate) => `${pad(d.day)}/${pad(d.month)}/${d.year}`,
} as const;

export type DateFormatId = keyof typeof DATE_FORMATS;

/** Formats used on US-style bills (month first or unambiguous). */
export const US_DATE_FORMATS: DateFormatId[] = [
  'mdy-slash', 'mdy-slash-yy', 'mdy-nopad-yy', 'mon-d-yyyy', 'MON-dd-yyyy', 'iso', 'month-d-yyyy', 'dd-MON-yy', 'dd-mon-yyyy',
];
/** Formats used on Canadian-style bills (day first or ISO). */
export const CA_DATE_FORMATS: DateFormatId[] = ['dd-mon-yyyy', 'dmy-slash', 'iso', 'dd-MON-yy'];

export function formatDate(id: DateFormatId, d: CalendarDate): string {
  return DATE_FORMATS[id](d);
}

const RANGE_JOINERS = [' - ', ' to ', ' through ', ' thru ', ' – '] as const;

/**
 * A printed date range. With month-name formats a compact "Jan 5 to Feb 4, 2026" is possible
 * when both dates fall in the same year.
 */
export function formatRange(id: DateFormatId, start: CalendarDate, end: CalendarDate, joinerIndex: number, compact: boolean): string {
  const joiner = RANGE_JOINERS[joinerIndex % RANGE_JOINERS.length] ?? ' - ';
  if (compact && start.year === end.year && (id === 'mon-d-yyyy' || id === 'month-d-yyyy')) {
    const short = id === 'mon-d-yyyy';
    const name = (d: CalendarDate) => (short ? monthName(d).slice(0, 3) : monthName(d));
    return `${name(start)} ${start.day}${joiner}${name(end)} ${end.day}, ${end.year}`;
  }
  return `${formatDate(id, start)}${joiner}${formatDate(id, end)}`;
}

export const RANGE_JOINER_COUNT = RANGE_JOINERS.length;
