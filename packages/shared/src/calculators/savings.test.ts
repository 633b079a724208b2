import { describe, expect, it } from 'vitest';
import { ratesOfState, regionOfState, topUtilitiesOfState } from './regions.ts';
import { baseSavingsRateBp, billInputToCents, billSizeBonusBp, calculateSavings, monthlyFactors, projectMonths, seasonalFactors } from './savings.ts';

describe('savings calculator (02-tools §9)', () => {
  it('picks the base rate from the ZIP’s first digit', () => {
    expect([baseSavingsRateBp('94103'), baseSavingsRateBp('10001'), baseSavingsRateBp('30303'), baseSavingsRateBp('60601')]).toEqual([3200, 3500, 2700, 2900]);
  });

  it('adds the bill-size bonus only above $100 and $200', () => {
    expect([billSizeBonusBp(10_000), billSizeBonusBp(10_001), billSizeBonusBp(20_000), billSizeBonusBp(20_001)]).toEqual([0, 300, 300, 500]);
  });

  it('works the defaults (150 + 80 + 60) for an Atlanta ZIP by hand', () => {
    // Total $290 > $200: rate 0.27 + 0.05 = 0.32; monthly 290 × 0.32 = $92.80.
    const r = calculateSavings({ electricCents: 15_000, gasCents: 8_000, waterCents: 6_000, zipCode: '30303' });
    expect(r.rateBp).toBe(3200);
    expect(r.oneMonth).toBe(9_280);
    expect(r.sixMonths).toBe(56_794); // 92.80 × 6 × 1.02 = 567.936
    expect(r.oneYear).toBe(116_928); // 92.80 × 12 × 1.05 = 1,169.28
    expect(r.fiveYears).toBe(640_320); // 92.80 × 60 × 1.15 = 6,403.20
    expect([r.peakSavings, r.offPeakSavings]).toEqual([5_568, 3_712]); // 60% / 40%
    expect(r.trees).toBe(13.4); // 1,169.28 ÷ 87 = 13.44
    expect(r.co2).toBe(935); // 1,169.28 ÷ 1.25 = 935.4 lb
    expect(r.efficiency).toBe(32);
  });

  it('works a small bill in New York by hand (no bonus)', () => {
    // $90 total: rate 0.35; monthly $31.50; year 31.50 × 12.6 = $396.90.
    const r = calculateSavings({ electricCents: 9_000, gasCents: 0, waterCents: 0, zipCode: '10001' });
    expect([r.oneMonth, r.oneYear, r.efficiency]).toEqual([3_150, 39_690, 35]);
  });

  it('turns non-numeric bill inputs into 0', () => {
    expect([billInputToCents('abc'), billInputToCents(''), billInputToCents('12.345'), billInputToCents(-4), billInputToCents(80)]).toEqual([0, 0, 1235, 0, 8000]);
  });
});

describe('regional rates and seasons', () => {
  it('reads a state’s EIA prices, Wyoming filled from EIA-861 2018', () => {
    expect(ratesOfState('GA')).toMatchObject({ electricUsdPerKwh: 0.137, electricYear: 2023, gasUsdPerTherm: 1.871 });
    expect(ratesOfState('WY')).toMatchObject({ electricUsdPerKwh: 0.112, electricYear: 2018 });
    expect(ratesOfState('XX')).toBeNull();
  });

  it('maps states to the four regions and lists top utilities', () => {
    expect([regionOfState('CA'), regionOfState('NY'), regionOfState('GA'), regionOfState('OH')]).toEqual(['west', 'northeast', 'southeast', 'midwest']);
    expect(topUtilitiesOfState('GA')[0]?.name).toBe('Georgia Power Co');
  });

  it('weights months by degree days with mean 1, flat where NOAA has no normals', () => {
    const ga = monthlyFactors('GA');
    expect(ga.reduce((s, x) => s + x, 0) / 12).toBeCloseTo(1, 10);
    expect(ga[0]).toBeGreaterThan(ga[4] ?? 0); // January above May
    expect(monthlyFactors('HI')).toEqual(Array.from({ length: 12 }, () => 1));
    expect(seasonalFactors('HI')).toEqual({ winter: 1, spring: 1, summer: 1, fall: 1 });
  });

  it('projects 24 months whose running total adds up', () => {
    const points = projectMonths(9_280, 'GA', { year: 2026, month: 11 });
    expect(points).toHaveLength(24);
    expect(points[0]?.month).toBe('2026-11');
    expect(points[2]?.month).toBe('2027-01');
    expect(points.at(-1)?.cumulative).toBe(points.reduce((s, p) => s + p.monthly, 0));
  });
});
