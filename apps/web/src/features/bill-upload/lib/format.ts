const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const preciseMoney = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});
const dateOnly = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** `$1,234.56` (DESIGN.md). */
export function formatMoney(value: number): string {
  return money.format(value);
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

/** File size in MB to two decimals (01-core §5): `2.35 MB`. */
export function formatFileSize(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}
