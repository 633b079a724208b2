/**
 * The one place figures are formatted for the screen (docs/design.md, 'Type and figures'): money
 * `$1,234.56` with two decimals, usage with its unit (`824 kWh`), dates `Mar 15, 2026`, shares
 * `85%`. A value that was not read is never formatted as zero: callers show `MISSING_VALUE`.
 */

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const preciseMoney = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 });
const dateOnly = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** What a figure that was not read on the bill shows instead of a number. */
export const MISSING_VALUE = 'Not found';

/** `$1,234.56` (docs/design.md). */
export function formatMoney(value: number): string {
  return money.format(value);
}

/** An amount due or balance: `$1,234.56`, or `Credit $75.61` for a credit (negative: nothing is owed). */
export function formatAmountDue(value: number): string {
  return value < 0 ? `Credit ${money.format(-value)}` : money.format(value);
}

/** `formatAmountDue`, or null when the amount is unknown. */
export function formatAmountDueOrNull(value: number | null | undefined): string | null {
  return value == null || !Number.isFinite(value) ? null : formatAmountDue(value);
}

/** `$1,234.56`, or null when the amount is unknown (so it can never read `$0.00`). */
export function formatMoneyOrNull(value: number | null | undefined): string | null {
  return value == null || !Number.isFinite(value) ? null : money.format(value);
}

/**
 * A price per unit: `$0.187/kWh`. Prices of a unit are fractions of a dollar, so three decimals
 * (as utilities print them); never mixed with four-decimal amounts.
 */
export function formatUnitPrice(value: number, unit: string | null | undefined): string {
  const text = `$${value.toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })}`;
  return unit ? `${text}/${unit}` : text;
}

/** Processing costs are fractions of a cent: `$0.0031` keeps them readable, larger sums stay at two decimals. */
export function formatCost(value: number): string {
  return Math.abs(value) < 1 && value !== 0 ? preciseMoney.format(value) : money.format(value);
}

/** `Mar 15, 2026` for an ISO date (`2026-03-15`) or timestamp; null and unparsable dates give null. */
export function formatDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : dateOnly.format(date);
}

/** `Mar 2026` for a `YYYY-MM` month or an ISO date. */
export function formatMonth(value: string | null | undefined): string | null {
  if (!value) return null;
  const iso = /^\d{4}-\d{2}$/.test(value) ? `${value}-01T00:00:00Z` : /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** `824 kWh`, `21.5 CCF` (docs/design.md: usage always with its unit; without a known unit, 'units'). */
export function formatUsage(amount: number | null | undefined, unit: string | null | undefined): string | null {
  if (amount == null || !Number.isFinite(amount)) return null;
  const value = amount.toLocaleString('en-US', { maximumFractionDigits: 1 });
  return `${value} ${unit || 'units'}`;
}

/** `+12%` / `−8%` for a relative change such as 0.12. */
export function formatChange(changePct: number | null | undefined): string | null {
  if (changePct == null || !Number.isFinite(changePct)) return null;
  const rounded = Math.round(changePct * 100);
  return rounded > 0 ? `+${rounded}%` : rounded < 0 ? `−${Math.abs(rounded)}%` : '0%';
}

/** `85%` for 0.85. */
export function formatPercent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** File size in MB to two decimals (01-core §5): `2.35 MB`. */
export function formatFileSize(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** Confidence level shown on badges: High from 0.9, Medium from 0.7, else Low. */
export function confidenceLevel(confidence: number): 'High' | 'Medium' | 'Low' {
  if (confidence >= 0.9) return 'High';
  if (confidence >= 0.7) return 'Medium';
  return 'Low';
}
