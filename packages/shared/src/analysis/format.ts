/** Number formats for the plain-English texts of the analysis (US English). */

/** `$1,642.50` */
export const usd = (v: number): string =>
  `$${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** `10,221` */
export const num = (v: number): string => Math.round(v).toLocaleString('en-US');
/** `36%` for 0.356 */
export const pct = (v: number): string => `${Math.round(v * 100)}%`;
