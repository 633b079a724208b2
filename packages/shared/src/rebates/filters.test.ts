import { describe, expect, it } from 'vitest';
import { filterRebates, isExpiringSoon, matchesPropertyTypes, matchesProvider, matchesRegion, oneMonthAfter, topRegions, visiblePropertyTypes } from './filters.ts';
import { makeRebate } from './test-rebates.ts';

const TODAY = '2026-11-23';

describe('status filter', () => {
  const open = makeRebate({ id: 'open' });
  const past = makeRebate({ id: 'past', expirationDate: '2025-12-31' });
  const soon = makeRebate({ id: 'soon', expirationDate: '2026-12-10' });
  const later = makeRebate({ id: 'later', expirationDate: '2027-06-30' });
  const today = makeRebate({ id: 'today', expirationDate: TODAY });
  const all = [open, past, soon, later, today];
  const ids = (status: 'all' | 'active' | 'expiring-soon') => filterRebates(all, { status, region: '', provider: '', propertyTypes: [] }, TODAY).map((r) => r.id);

  it('all keeps everything, active drops only the past', () => {
    expect(ids('all')).toEqual(['open', 'past', 'soon', 'later', 'today']);
    expect(ids('active')).toEqual(['open', 'soon', 'later', 'today']);
  });

  it('expiring soon: within the next month and not past; no expiry is excluded', () => {
    expect(ids('expiring-soon')).toEqual(['soon', 'today']);
    expect(isExpiringSoon(makeRebate({ id: 'edge', expirationDate: '2026-12-23' }), TODAY)).toBe(true);
    expect(isExpiringSoon(makeRebate({ id: 'edge', expirationDate: '2026-12-24' }), TODAY)).toBe(false);
  });

  it('a month after the 31st is the end of the shorter month', () => {
    expect(oneMonthAfter('2026-01-31')).toBe('2026-02-28');
    expect(oneMonthAfter('2028-01-31')).toBe('2028-02-29');
    expect(oneMonthAfter('2026-12-15')).toBe('2027-01-15');
  });
});

describe('region filter', () => {
  it('matches when the region contains the text or the text contains the region, any case', () => {
    expect(matchesRegion(['Georgia'], 'geor')).toBe(true);
    expect(matchesRegion(['Georgia'], 'Atlanta, Georgia')).toBe(true);
    expect(matchesRegion(['Georgia'], 'Maine')).toBe(false);
  });
  it('All States and Nationwide match any location; no regions match everything', () => {
    expect(matchesRegion(['All States'], 'Maine')).toBe(true);
    expect(matchesRegion(['nationwide'], 'Ohio')).toBe(true);
    expect(matchesRegion([], 'Ohio')).toBe(true);
  });
  it('blank text matches; blank regions do not match typed text', () => {
    expect(matchesRegion(['Maine'], '  ')).toBe(true);
    expect(matchesRegion(['  '], 'Ohio')).toBe(false);
  });
});

describe('provider and property types', () => {
  it('provider is a case-insensitive substring', () => {
    expect(matchesProvider('Efficiency Maine Trust', 'maine')).toBe(true);
    expect(matchesProvider('Efficiency Maine Trust', 'Mass')).toBe(false);
    expect(matchesProvider('Anything', '')).toBe(true);
  });
  it('property types match any selected type', () => {
    expect(matchesPropertyTypes(['residential', 'multifamily'], ['commercial', 'multifamily'])).toBe(true);
    expect(matchesPropertyTypes(['residential'], ['commercial'])).toBe(false);
    expect(matchesPropertyTypes(['residential'], [])).toBe(true);
  });
  it('filters combine', () => {
    const rebates = [
      makeRebate({ id: 'a', provider: 'Georgia Power', regions: ['Georgia'], propertyTypes: ['residential'] }),
      makeRebate({ id: 'b', provider: 'Georgia Power', regions: ['Georgia'], propertyTypes: ['commercial'] }),
      makeRebate({ id: 'c', provider: 'Mass Save', regions: ['Massachusetts'], propertyTypes: ['residential'] }),
    ];
    const found = filterRebates(rebates, { status: 'active', region: 'georgia', provider: 'power', propertyTypes: ['residential'] }, TODAY);
    expect(found.map((r) => r.id)).toEqual(['a']);
  });
});

describe('panel and card limits', () => {
  it('lists at most 10 regions, the most common first', () => {
    const rebates = Array.from({ length: 12 }, (_, i) => makeRebate({ id: `r${i}`, regions: [`Region ${String(i).padStart(2, '0')}`, 'Nationwide'] }));
    const regions = topRegions(rebates);
    expect(regions).toHaveLength(10);
    expect(regions[0]).toBe('Nationwide');
  });
  it('shows 3 property types and counts the rest', () => {
    expect(visiblePropertyTypes(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], overflow: 2 });
    expect(visiblePropertyTypes(['a'])).toEqual({ shown: ['a'], overflow: 0 });
  });
});
