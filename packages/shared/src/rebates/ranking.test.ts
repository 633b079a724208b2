import { describe, expect, it } from 'vitest';
import { annualBillSavings, combinedSavings, markAlternatives, paybackYears, rankRebates } from './ranking.ts';
import { makeRebate } from './test-rebates.ts';
import { usageProfileFromBills, type UsageBill } from './usage.ts';

const TODAY = '2026-11-23';
const georgiaBill = (kwh: number, amount: number, start: string, end: string): UsageBill => ({
  billType: 'electricity',
  utilityProvider: 'Georgia Power Company',
  usageAmount: kwh,
  usageUnit: 'kWh',
  totalAmount: amount,
  currentCharges: amount,
  servicePeriodStart: start,
  servicePeriodEnd: end,
});

describe('usage from bills', () => {
  it('averages kWh per day of service and prices it from the bills', () => {
    const usage = usageProfileFromBills([georgiaBill(643, 123.62, '2025-12-28', '2026-01-27'), georgiaBill(900, 160, '2026-01-27', '2026-02-26')], 'GA');
    expect(usage.monthlyKwh).toBe(Math.round((1543 / 60) * (365.25 / 12)));
    expect(usage.electricityRate).toBeCloseTo(283.62 / 1543, 4);
    expect(usage.annualElectricityCost).toBeCloseTo((usage.monthlyKwh ?? 0) * 12 * (283.62 / 1543), 0);
    expect(usage.utilities).toEqual(['Georgia Power Company']);
  });

  it('without bills there is no usage, and the state price stands in for the rate', () => {
    const usage = usageProfileFromBills([], 'GA');
    expect(usage.monthlyKwh).toBeNull();
    expect(usage.annualElectricityCost).toBeNull();
    expect(usage.electricityRate).toBeGreaterThan(0.05);
  });
});

describe('rankRebates', () => {
  const usage = usageProfileFromBills([georgiaBill(1200, 180, '2026-01-01', '2026-01-31')], 'GA');
  const context = { state: 'GA' as const, utilities: usage.utilities, household: {} };

  it('more usage means more estimated savings for the same programme', () => {
    const small = usageProfileFromBills([georgiaBill(400, 60, '2026-01-01', '2026-01-31')], 'GA');
    expect(annualBillSavings('heat_pump', usage)).toBeGreaterThan(annualBillSavings('heat_pump', small));
    expect(annualBillSavings('heat_pump', usage)).toBeCloseTo((usage.annualElectricityCost ?? 0) * 0.2, 1);
  });

  it('offers only programmes open in the state, not expired and not ruled out', () => {
    const rebates = [
      makeRebate({ id: 'ga-hp', category: 'heat_pump', monetaryValue: 8000, typicalProjectCost: 14000, regions: ['Georgia'], eligibilityCriteria: { states: ['GA'] } }),
      makeRebate({ id: 'expired', category: 'solar', monetaryValue: 6000, regions: ['Nationwide'], expirationDate: '2025-12-31' }),
      makeRebate({ id: 'maine', regions: ['Maine'], eligibilityCriteria: { states: ['ME'] } }),
      makeRebate({ id: 'other-utility', regions: ['Georgia'], eligibilityCriteria: { utilities: ['Jackson EMC'] } }),
      makeRebate({ id: 'nationwide', regions: ['Nationwide'], monetaryValue: 100 }),
    ];
    const picks = rankRebates({ rebates, context, usage, today: TODAY });
    expect(picks.map((p) => p.rebate.id)).toEqual(['ga-hp', 'nationwide']);
    expect(picks[0]).toMatchObject({ rank: 1, priority: 'High', eligibility: 'eligible' });
    expect(picks[0]?.estimatedSavings).toBe(Math.round(8000 + 5 * annualBillSavings('heat_pump', usage)));
    expect(picks[0]?.reasons).toHaveLength(2);
    expect(picks[0]?.reasons[1]).toContain(`${(usage.monthlyKwh ?? 0).toLocaleString('en-US')} kWh a month`);
  });

  it('keeps six picks with the spec priorities; eligible ranks above unknown of equal value', () => {
    const rebates = Array.from({ length: 8 }, (_, i) =>
      makeRebate({ id: `r${i}`, regions: ['Georgia'], monetaryValue: 1000, eligibilityCriteria: i % 2 ? { incomeBands: ['below_80'] } : {} }),
    );
    const picks = rankRebates({ rebates, context, usage, today: TODAY });
    expect(picks).toHaveLength(6);
    expect(picks.map((p) => p.priority)).toEqual(['High', 'High', 'Medium', 'Medium', 'Low', 'Low']);
    expect(picks.slice(0, 4).every((p) => p.eligibility === 'eligible')).toBe(true);
    expect(picks[0]!.matchPercent).toBeGreaterThan(picks[5]!.matchPercent);
  });

  it('stated interests lift a programme', () => {
    const rebates = [makeRebate({ id: 'thermostat', category: 'smart_thermostat', monetaryValue: 100 }), makeRebate({ id: 'lights', category: 'lighting', monetaryValue: 100 })];
    const plain = rankRebates({ rebates, context, usage, today: TODAY });
    const keen = rankRebates({ rebates, context: { ...context, household: { interests: ['smart_thermostat'] } }, usage, today: TODAY });
    expect(plain[0]?.rebate.id).toBe('lights');
    expect(keen[0]?.rebate.id).toBe('thermostat');
  });

  it('payback is what the rebate leaves to pay over the yearly savings', () => {
    expect(paybackYears({ monetaryValue: 8000, typicalProjectCost: 14000 }, 600)).toBe(10);
    expect(paybackYears({ monetaryValue: 8000, typicalProjectCost: 3000 }, 0)).toBe(0);
    expect(paybackYears({ monetaryValue: 100, typicalProjectCost: 3000 }, 0)).toBeNull();
  });
});

describe('rebates that exclude each other', () => {
  const pick = (id: string, provider: string, category: Parameters<typeof makeRebate>[0]['category'], estimatedSavings: number) => ({
    rebate: makeRebate({ id, provider, category }),
    estimatedSavings,
  });

  it('marks the same measure from one provider as alternatives (heat pump and whole-home alike) and counts the best of them once', () => {
    const picks = [
      pick('partial', 'Mass Save', 'heat_pump', 9000),
      pick('whole', 'Mass Save', 'whole_home', 11000),
      pick('credit', 'Internal Revenue Service', 'heat_pump', 2000),
      pick('hpwh', 'Mass Save', 'heat_pump_water_heater', 1500),
    ];
    const marked = markAlternatives(picks);
    expect(Object.fromEntries(marked.map((p) => [p.rebate.id, p.alternativeIds]))).toEqual({ partial: ['whole'], whole: ['partial'], credit: [], hpwh: [] });
    expect(combinedSavings(picks)).toBe(11000 + 2000 + 1500);
  });
});

describe('utilities known by two names', () => {
  it('matches a programme keyed on the brand for a bill stored under the legal name, and the other way round', async () => {
    const { evaluateEligibility } = await import('./eligibility.ts');
    const bill: UsageBill = { ...georgiaBill(600, 120, '2026-01-01', '2026-02-01'), utilityProvider: 'NSTAR Electric Company', providerBrand: 'Eversource Energy' };
    const usage = usageProfileFromBills([bill], 'MA');
    expect(usage.utilities).toEqual(['NSTAR Electric Company', 'Eversource Energy']);
    const ctx = { state: 'MA' as const, utilities: usage.utilities, household: {} };
    expect(evaluateEligibility({ states: ['MA'], utilities: ['Eversource'] }, ctx).status).toBe('eligible');
    expect(evaluateEligibility({ states: ['MA'], utilities: ['NSTAR'] }, ctx).status).toBe('eligible');
    const legalOnly = usageProfileFromBills([{ ...bill, providerBrand: null }], 'MA');
    expect(evaluateEligibility({ states: ['MA'], utilities: ['Eversource'] }, { ...ctx, utilities: legalOnly.utilities }).status).not.toBe('eligible');
  });
});
