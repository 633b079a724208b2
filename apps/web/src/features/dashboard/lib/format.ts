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


/** `824 kWh`, `21.5 CCF` (DESIGN.md: usage always with its unit). */
export function formatUsage(amount: number | null | undefined, unit: string | null | undefined): string | null {
  if (amount == null || !Number.isFinite(amount)) return null;
  const value = amount.toLocaleString('en-US', { maximumFractionDigits: 1 });
  return unit ? `${value} ${unit}` : value;
}

/** `+12%` / `−8%` for a relative change such as 0.12. */
export function formatChange(changePct: number | null | undefined): string | null {
  if (changePct == null || !Number.isFinite(changePct)) return null;
  const rounded = Math.round(changePct * 100);
  return rounded > 0 ? `+${rounded}%` : rounded < 0 ? `−${Math.abs(rounded)}%` : '0%';
}

/** `Mar 2026` for a `YYYY-MM` month or an ISO date. */
export function formatMonth(value: string | null | undefined): string | null {
  if (!value) return null;
  const iso = /^\d{4}-\d{2}$/.test(value) ? `${value}-01T00:00:00Z` : /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value;
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? null
    : date.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** Confidence level shown on badges: High from 0.9, Medium from 0.7, else Low. */
export function confidenceLevel(confidence: number): 'High' | 'Medium' | 'Low' {
  if (confidence >= 0.9) return 'High';
  if (confidence >= 0.7) return 'Medium';
  return 'Low';
}

/** `85%` for 0.85. */
export function formatPercent(share: number): string {
  return `${Math.round(share * 100)}%`;
}
