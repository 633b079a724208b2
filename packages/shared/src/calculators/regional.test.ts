import { describe, expect, it } from 'vitest';
import { estimateAllRegions, estimateRegion } from './regional.ts';

describe('regional estimates', () => {
  it('covers the 50 states and DC across four regions, 132.6 M customers', () => {
    const all = estimateAllRegions();
    expect(all.map((r) => r.region)).toEqual(['west', 'northeast', 'southeast', 'midwest']);
    expect(all.reduce((s, r) => s + r.states.length, 0)).toBe(51);
    expect(all.reduce((s, r) => s + r.totalCustomers, 0)).toBe(132_647_910);
  });

  it('works the Northeast by the calculator’s rule on its typical bill', () => {
    const ne = estimateRegion('northeast');
    // A typical bill over $100 earns the +3 point bonus on the Northeast's base 0.35.
    expect(ne.monthlyBillCents).toBeGreaterThan(10_000);
    expect(ne.averageReduction).toBeCloseTo(ne.monthlyBillCents > 20_000 ? 0.4 : 0.38, 10);
    expect(ne.monthlySavingsCents).toBe(Math.round(ne.monthlyBillCents * ne.averageReduction));
    expect(ne.yearlySavingsCents).toBe(ne.monthlySavingsCents * 12);
    expect(ne.topCompanies[0]?.name).toMatch(/Consolidated Edison|PECO|Massachusetts Electric|Public Service Elec/);
    expect(ne.seasonalPattern).toHaveLength(12);
    expect(ne.seasonalPattern[0]).toBeGreaterThan(ne.seasonalPattern[4] ?? 0);
  });
});
