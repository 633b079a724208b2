import type { Rebate, RebateStatusFilter } from '../contract/rebates.ts';

/** The All Rebates filters (01-core §2, §5; 02-tools §4, §5). */
export type RebateFilters = {
  status: RebateStatusFilter;
  region: string;
  provider: string;
  propertyTypes: readonly string[];
};

export const EMPTY_FILTERS: RebateFilters = { status: 'all', region: '', provider: '', propertyTypes: [] };

/** Regions that match every location (01-core §5). */
const EVERYWHERE = ['all states', 'nationwide'];

/** `YYYY-MM-DD` of a date in UTC. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The same day one calendar month later (Jan 31 → Feb 28/29), as `YYYY-MM-DD`. */
export function oneMonthAfter(today: string): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const lastOfNext = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return isoDay(new Date(Date.UTC(y, m, Math.min(d, lastOfNext))));
}

/** Expired: its expiration date is before today. A programme ending today is still open today. */
export function isExpired(rebate: Pick<Rebate, 'expirationDate'>, today: string): boolean {
  return rebate.expirationDate !== null && rebate.expirationDate < today;
}

/** Active: no expiry date, or an expiry date not yet past. */
export function isActive(rebate: Pick<Rebate, 'expirationDate'>, today: string): boolean {
  return !isExpired(rebate, today);
}

/** Expiring soon: has an expiry date, not past, and within the next month. No expiry never counts. */
export function isExpiringSoon(rebate: Pick<Rebate, 'expirationDate'>, today: string): boolean {
  return rebate.expirationDate !== null && rebate.expirationDate >= today && rebate.expirationDate <= oneMonthAfter(today);
}

/**
 * Region rule: a rebate without regions matches every location; otherwise one of its regions
 * contains the typed text, or the text contains the region (case-insensitive), or the region
 * is All States / Nationwide. Blank text matches everything.
 */
export function matchesRegion(regions: readonly string[], location: string): boolean {
  const wanted = location.trim().toLowerCase();
  if (!wanted || regions.length === 0) return true;
  return regions.some((raw) => {
    const region = raw.trim().toLowerCase();
    if (!region) return false;
    return EVERYWHERE.includes(region) || region.includes(wanted) || wanted.includes(region);
  });
}

/** Provider: case-insensitive substring; blank matches everything. */
export function matchesProvider(provider: string, wanted: string): boolean {
  const text = wanted.trim().toLowerCase();
  return !text || provider.toLowerCase().includes(text);
}

/** Property types: any selected type; none selected matches everything. */
export function matchesPropertyTypes(types: readonly string[], selected: readonly string[]): boolean {
  if (selected.length === 0) return true;
  const have = new Set(types.map((t) => t.toLowerCase()));
  return selected.some((t) => have.has(t.toLowerCase()));
}

export function matchesStatus(rebate: Pick<Rebate, 'expirationDate'>, status: RebateStatusFilter, today: string): boolean {
  switch (status) {
    case 'all':
      return true;
    case 'active':
      return isActive(rebate, today);
    case 'expiring-soon':
      return isExpiringSoon(rebate, today);
  }
}

export function filterRebates<T extends Pick<Rebate, 'expirationDate' | 'regions' | 'provider' | 'propertyTypes'>>(
  rebates: readonly T[],
  filters: RebateFilters,
  today: string,
): T[] {
  return rebates.filter(
    (r) =>
      matchesStatus(r, filters.status, today) &&
      matchesRegion(r.regions, filters.region) &&
      matchesProvider(r.provider, filters.provider) &&
      matchesPropertyTypes(r.propertyTypes, filters.propertyTypes),
  );
}

/** The panel's region choices: the most common regions first, at most `limit` (10 in the spec). */
export function topRegions(rebates: readonly Pick<Rebate, 'regions'>[], limit = 10): string[] {
  const counts = new Map<string, number>();
  for (const r of rebates) for (const region of new Set(r.regions)) counts.set(region, (counts.get(region) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([region]) => region);
}

/** A card's property types: at most `limit` (3 in the spec) and how many more there are. */
export function visiblePropertyTypes(types: readonly string[], limit = 3): { shown: string[]; overflow: number } {
  return { shown: types.slice(0, limit), overflow: Math.max(0, types.length - limit) };
}
