import { describe, expect, it } from 'vitest';
import { analyzeBill } from './analyze.ts';
import { CO2_KG_PER_KWH, SMART_THERMOSTAT_SAVINGS } from './assumptions.ts';
import { generateRecommendations, paybackMonths } from './recommendations.ts';
import { GAS_HEATED_HOME, SUMMER_PEAK_HOME, makeHistory, makeMonthlyBill } from './test-fixtures.ts';
import type { AnalysisBill, Recommendation } from './types.ts';

const TODAY = '2025-06-01';
const recommend = (bill: AnalysisBill, history: AnalysisBill[] = []): Recommendation[] =>
  generateRecommendations(bill, analyzeBill(bill, history, { today: TODAY }));
const find = (recs: Recommendation[], type: string): Recommendation | undefined => recs.find((r) => r.recommendationType === type);

describe('savings computed from the bill', () => {
  it('prices LED lighting at the bill’s own energy rate, with payback = upfront / monthly savings', () => {
    const recs = recommend(makeMonthlyBill(2025, 4, 20)); // $0.15/kWh energy charge
    const led = find(recs, 'led_lighting');
    // 10 bulbs × 51 W × 3 h × 365 days = 558.45 kWh × $0.15 = $83.77; 10 bulbs × $3 = $30.
    expect(led?.estimatedSavings).toBe(83.77);
    expect(led?.upfrontCost).toBe(30);
    expect(led?.paybackPeriodMonths).toBe(4.3);
    expect(led?.environmentalImpact.co2KgPerYear).toBeCloseTo(558.45 * CO2_KG_PER_KWH, 0);
  });

  it('compares an expensive electricity price with the state’s EIA average', () => {
    // April, 20 kWh/day × 30 days = 600 kWh at $0.23 + $12 = $150 → $0.25/kWh all-in; Georgia averages $0.1369.
    const bill = makeMonthlyBill(2025, 4, 20, { rate: 0.23, stateCode: 'GA' });
    const rec = find(recommend(bill), 'rate_plan_comparison');
    // One bill: the year is this bill's level (the season is not extrapolated beyond what the account's bills show): 20 × 365 = 7,300 kWh.
    expect(rec?.estimatedSavings).toBeCloseTo(7300 * (0.25 - 0.1369) * 0.5, 1);
    expect(rec?.description).toContain('GA residential average of $0.137');
    // $0.17/kWh all-in is below California's $0.2951 average: nothing to compare.
    expect(find(recommend(makeMonthlyBill(2025, 4, 20, { stateCode: 'CA' })), 'rate_plan_comparison')).toBeUndefined();
    expect(find(recommend(makeMonthlyBill(2025, 4, 20, { stateCode: null })), 'rate_plan_comparison')).toBeUndefined();
  });

  it('prices a smart thermostat from the heating and cooling share measured on a year of bills', () => {
    const history = makeHistory(2024, 4, 12, (m) => SUMMER_PEAK_HOME[m - 1] ?? 0);
    const bill = makeMonthlyBill(2025, 4, SUMMER_PEAK_HOME[3] ?? 0);
    const analysis = analyzeBill(bill, history, { today: TODAY });
    const rec = find(generateRecommendations(bill, analysis), 'smart_thermostat');
    // The last 12 months (May 2024 .. April 2025) add up to the yearly use.
    const yearly = [...history.slice(1), bill].reduce((s, b) => s + (b.usageAmount ?? 0), 0);
    expect(analysis.annualEstimate).toEqual(expect.objectContaining({ basis: 'last_12_months', usage: yearly }));
    expect(analysis.hvacShare?.basis).toBe('bills');
    const share = analysis.hvacShare?.value ?? 0;
    expect(share).toBeGreaterThan(0.15);
    expect(rec?.estimatedSavings).toBeCloseTo(yearly * share * SMART_THERMOSTAT_SAVINGS * 0.15, 1);
    expect(rec?.paybackPeriodMonths).toBe(paybackMonths(130, rec?.estimatedSavings ?? 0));
  });

  it('suggests a water heater setback on a gas bill from its base load', () => {
    const history = makeHistory(2024, 3, 12, (m) => GAS_HEATED_HOME[m - 1] ?? 0, { billType: 'natural_gas', rate: 1.3 });
    const bill = makeMonthlyBill(2025, 3, GAS_HEATED_HOME[2] ?? 0, { billType: 'natural_gas', rate: 1.3 });
    const analysis = analyzeBill(bill, history, { today: TODAY });
    const rec = find(generateRecommendations(bill, analysis), 'water_heater_setback');
    expect(rec?.estimatedSavings).toBeCloseTo((analysis.baseLoad?.perDay ?? 0) * 365 * 0.06 * 1.3, 1);
    expect(rec?.environmentalImpact.co2KgPerYear).toBeGreaterThan(0);
    expect(find(generateRecommendations(bill, analysis), 'led_lighting')).toBeUndefined();
  });
});

describe('recommendations triggered by problems', () => {
  it('turns charges that do not add up into a billing dispute for the amount, first in line', () => {
    const bill = makeMonthlyBill(2025, 4, 20, { currentCharges: 110, totalAmount: 110 });
    const recs = recommend(bill);
    const dispute = find(recs, 'billing_dispute');
    expect(dispute?.estimatedSavings).toBe(8);
    expect(dispute?.savingsPeriod).toBe('one_time');
    expect(dispute?.priority).toBe('high');
    expect(dispute?.paybackPeriodMonths).toBe(0);
    expect(dispute?.implementationSteps.join(' ')).toContain('$102.00');
  });

  it('turns a usage spike into an investigation priced at the bill’s rate', () => {
    const history = makeHistory(2024, 3, 12, (m) => SUMMER_PEAK_HOME[m - 1] ?? 0);
    const bill = makeMonthlyBill(2025, 3, 50);
    const analysis = analyzeBill(bill, history, { today: TODAY });
    const rec = find(generateRecommendations(bill, analysis), 'usage_investigation');
    // (50 − 20 kWh/day last March) × 365 × $0.15 = $1,642.50 would be more than the share of the
    // account's year the spike stands for: capped at the yearly cost × (1 − 1/2.5).
    const yearly = analysis.annualEstimate?.cost ?? 0;
    expect(yearly).toBeGreaterThan(0);
    expect(rec?.estimatedSavings).toBeCloseTo(Math.min(30 * 365 * 0.15, yearly * (1 - 1 / 2.5)), 0);
    expect(rec?.estimatedSavings).toBeLessThan(yearly);
    expect(rec?.priority).toBe('high');
  });

  it('flags a leak check for a water spike', () => {
    const history = makeHistory(2024, 3, 12, () => 150, { billType: 'water', rate: 0.01 });
    const bill = makeMonthlyBill(2025, 3, 450, { billType: 'water', rate: 0.01 });
    expect(find(recommend(bill, history), 'leak_detection')?.implementationSteps[0]).toContain('meter');
  });
});

describe('plan reviews and edge cases', () => {
  const internet = (amount: number, month: number, extra: AnalysisBill['charges'] = []): AnalysisBill => ({
    ...makeMonthlyBill(2025, month, 0, { billType: 'internet' }),
    usageAmount: null,
    usageUnit: null,
    rate: null,
    charges: [{ label: 'Internet Service', amount }, ...extra],
    totalAmount: amount + extra.reduce((s, c) => s + c.amount, 0),
  });

  it('gives internet bills plan-review advice: an ended promotion and a rented modem', () => {
    const recs = recommend(internet(80, 4, [{ label: 'Modem Rental', amount: 15 }]), [internet(50, 3, [{ label: 'Modem Rental', amount: 15 }])]);
    expect(recs.map((r) => r.recommendationType).sort()).toEqual(['equipment_purchase', 'internet_plan_review']);
    expect(find(recs, 'internet_plan_review')?.estimatedSavings).toBe(360);
    expect(find(recs, 'equipment_purchase')?.paybackPeriodMonths).toBe(8); // $120 / $15 a month
  });

  it('suggests demand charge management to a business with a demand charge', () => {
    const base = makeMonthlyBill(2025, 4, 300);
    const bill = { ...base, propertyType: 'commercial' as const, charges: [...base.charges, { label: 'Demand Charge 40 kW', amount: 400 }], totalAmount: (base.totalAmount ?? 0) + 400 };
    expect(find(recommend(bill), 'demand_charge_management')?.estimatedSavings).toBeCloseTo((400 * 365) / 30 * 0.1, 1);
  });

  it('never returns a recommendation without a positive saving, and ranks by savings', () => {
    const zero = makeMonthlyBill(2025, 4, 0);
    expect(recommend(zero)).toEqual([]);
    const recs = recommend(makeMonthlyBill(2025, 7, 40, { rate: 0.3, stateCode: 'GA' }), makeHistory(2024, 7, 12, (m) => SUMMER_PEAK_HOME[m - 1] ?? 0));
    expect(recs.length).toBeGreaterThan(2);
    for (const r of recs) expect(r.estimatedSavings).toBeGreaterThan(0);
    const savings = recs.map((r) => r.estimatedSavings);
    expect(savings).toEqual([...savings].sort((a, b) => b - a));
  });
});
