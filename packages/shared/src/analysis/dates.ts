/** Calendar helpers on ISO `YYYY-MM-DD` strings, in UTC days so time zones never shift a date. */

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

export const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

/** Day number (days since 1970-01-01) of an ISO date, or null when it is not a real date. */
export function toDayNumber(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const m = ISO_DATE.exec(iso.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return Math.round(ms / DAY_MS);
}

/** ISO date of a day number. */
export function fromDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** `YYYY-MM` of a day number. */
export function monthKeyOf(day: number): string {
  return fromDayNumber(day).slice(0, 7);
}

/** Calendar month (1..12) of a `YYYY-MM` key. */
export function monthNumberOf(monthKey: string): number {
  return Number(monthKey.slice(5, 7));
}

/** Name of the month of a `YYYY-MM` key, e.g. 'March'. */
export function monthNameOf(monthKey: string): string {
  return MONTH_NAMES[monthNumberOf(monthKey) - 1] ?? monthKey;
}

/** 'March 2024' for '2024-03'. */
export function monthLabelOf(monthKey: string): string {
  return `${monthNameOf(monthKey)} ${monthKey.slice(0, 4)}`;
}

/** Number of whole months from key a to key b (b − a). */
export function monthsBetween(a: string, b: string): number {
  const ya = Number(a.slice(0, 4));
  const yb = Number(b.slice(0, 4));
  return (yb - ya) * 12 + (monthNumberOf(b) - monthNumberOf(a));
}

/**
 * "The same bill last year": a bill of the same account whose reference day is 12 months
 * (365 days) before this one's, give or take 20 days. Every screen that says "last year" uses it.
 */
export const YEAR_AGO_DAYS = 365;
export const YEAR_AGO_TOLERANCE_DAYS = 20;

/** Days between `otherDay` and exactly a year before `day`; null when it is not within the tolerance. */
export function yearAgoGap(day: number, otherDay: number): number | null {
  const gap = Math.abs(otherDay - (day - YEAR_AGO_DAYS));
  return gap <= YEAR_AGO_TOLERANCE_DAYS ? gap : null;
}
