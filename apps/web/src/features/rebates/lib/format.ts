const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Rebate amounts are shown in whole dollars (02-tools §3). */
export const wholeDollars = (n: number) => whole.format(n);

/** 'Mar 15, 2026' from 'YYYY-MM-DD', read as a calendar day (no time zone shift). */
export function formatDay(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

export const PROPERTY_TYPE_LABELS: Record<string, string> = { residential: 'Residential', commercial: 'Commercial', multifamily: 'Multifamily' };
export const propertyTypeLabel = (t: string) => PROPERTY_TYPE_LABELS[t] ?? t;
