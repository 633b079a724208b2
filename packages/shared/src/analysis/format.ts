/** Number formats for the plain-English texts of the analysis (US English). */

/** `$1,642.50` */
export const usd = (v: number): string =>
  `$${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** `$254.10`, `−$254.10`: the sign kept (never a negative printed as a positive). */
export const signedUsd = (v: number): string => (v < 0 && Math.abs(v) >= 0.005 ? `−${usd(-v)}` : usd(Math.abs(v) < 0.005 ? 0 : v));
/** An amount due or balance: `$75.61`, or `Credit $75.61` for a credit (a negative amount: nothing is owed). */
export const amountDue = (v: number): string => (v < 0 ? `Credit ${usd(-v)}` : usd(v));
/** `10,221` */
export const num = (v: number): string => Math.round(v).toLocaleString('en-US');
/** `36%` for 0.356 */
export const pct = (v: number): string => `${Math.round(v * 100)}%`;

const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** `Mar 15, 2026` for a day number (docs/design.md: dates in sentences are never ISO). */
export const dateText = (day: number): string => DATE.format(new Date(day * 86_400_000));
