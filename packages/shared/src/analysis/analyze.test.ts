import { describe, expect, it } from 'vitest';
import { analyzeBill } from './analyze.ts';
import { GAS_HEATED_HOME, SUMMER_PEAK_HOME, makeHistory, makeMonthlyBill } from './test-fixtures.ts';

const TODAY = '2025-06-01';
const summer = (m: number): number => SUMMER_PEAK_HOME[m - 1] ?? 0;
const gas = (m: number): number => GAS_HEATED_HOME[m - 1] ?? 0;

describe('usage anomalies', () => {
  it('flags a sudden 2.5× spike with a plain-English explanation', () => {
    const history = makeHistory(2024, 3, 12, summer); // Mar 2024 .. Feb 2025
    const bill = makeMonthlyBill(2025, 3, summer(3) * 2.5);
    const a = analyzeBill(bill, history, { today: TODAY });
    const usage = a.usageAnomalies.find((x) => x.metric === 'daily_usage');
    expect(usage).toBeDefined();
    expect(usage?.direction).toBe('high');
    expect(usage?.method).toBe('robust_z');
    expect(usage?.zScore ?? 0).toBeGreaterThan(3.5);
    expect(usage?.ratio).toBeCloseTo(2.5, 1);
    expect(usage?.explanation).toContain('150% above March last year');
    expect(usage?.confidence).toBeGreaterThan(0.9);
    // Extra use priced at the bill's own energy rate: (50 − 20) kWh/day × 31 days × $0.15.
    expect(usage?.excessCost).toBeCloseTo(30 * 31 * 0.15, 0);
  });

  it('does not flag a summer air-conditioning peak that repeats last summer', () => {
    const history = makeHistory(2023, 7, 12, summer); // Jul 2023 .. Jun 2024
    const bill = makeMonthlyBill(2024, 7, summer(7) * 1.05);
    const a = analyzeBill(bill, history, { today: TODAY });
    expect(a.usageAnomalies).toEqual([]);
    expect(a.seasonalExpectation?.basis).toBe('same_month_last_year');
    expect(a.seasonalExpectation?.dailyUsage).toBeCloseTo(38, 0);
    expect(a.peakUsageTimes.peakMonths.map((p) => p.month)).toContain('2024-07');
  });

  it('does not flag a summer peak before a full year of history, from the season’s own bills', () => {
    const history = makeHistory(2023, 8, 11, summer); // Aug 2023 .. Jun 2024: no July yet
    const a = analyzeBill(makeMonthlyBill(2024, 7, summer(7)), history, { today: TODAY });
    expect(a.seasonalExpectation?.basis).toBe('seasonal_profile');
    expect(a.seasonalExpectation?.dailyUsage ?? 0).toBeGreaterThan(33);
    expect(a.usageAnomalies).toEqual([]);
  });

  it('does not flag a gas winter peak when last winter looked the same', () => {
    const history = makeHistory(2023, 1, 24, gas, { billType: 'natural_gas', rate: 1.3 });
    const bill = makeMonthlyBill(2025, 1, gas(1) * 0.97, { billType: 'natural_gas', rate: 1.3 });
    const a = analyzeBill(bill, history, { today: '2025-03-01' });
    expect(a.usageAnomalies).toEqual([]);
    expect(a.weatherImpactAnalysis.status).toBe('ok');
    expect(a.weatherImpactAnalysis.heatingShare ?? 0).toBeGreaterThan(0.5);
  });

  it('does not flag a winter gas peak from the seasonal curve alone when the history has no last January', () => {
    const history = makeHistory(2024, 5, 8, gas, { billType: 'natural_gas', rate: 1.3 }); // May .. Dec 2024
    const bill = makeMonthlyBill(2025, 1, gas(1), { billType: 'natural_gas', rate: 1.3 });
    const a = analyzeBill(bill, history, { today: '2025-03-01' });
    expect(a.seasonalExpectation?.basis).toBe('seasonal_profile');
    expect(a.seasonalExpectation?.dailyUsage).toBeGreaterThan(4.5);
    expect(a.usageAnomalies).toEqual([]);
  });

  it('flags the spike with lower confidence when only one earlier bill exists', () => {
    const long = analyzeBill(makeMonthlyBill(2025, 3, 50), makeHistory(2024, 3, 12, summer), { today: TODAY });
    const short = analyzeBill(makeMonthlyBill(2025, 3, 50), makeHistory(2025, 2, 1, summer), { today: TODAY });
    const l = long.usageAnomalies.find((x) => x.metric === 'daily_usage');
    const s = short.usageAnomalies.find((x) => x.metric === 'daily_usage');
    expect(s?.method).toBe('ratio');
    expect(s?.zScore).toBeNull();
    expect(s?.explanation).toContain('rough check');
    expect(s?.confidence ?? 1).toBeLessThan(l?.confidence ?? 0);
  });

  it('reports nothing unusual, and says why, for a first bill', () => {
    const a = analyzeBill(makeMonthlyBill(2025, 3, 80), [], { today: TODAY });
    expect(a.usageAnomalies).toEqual([]);
    expect(a.seasonalExpectation).toBeNull();
    expect(a.notes.join(' ')).toContain('first bill');
    expect(a.weatherImpactAnalysis.status).toBe('insufficient_history');
  });
});

describe('weather impact', () => {
  it('measures heating and cooling shares once six months of bills exist', () => {
    const a = analyzeBill(makeMonthlyBill(2024, 7, summer(7)), makeHistory(2023, 7, 12, summer), { today: TODAY });
    expect(a.weatherImpactAnalysis.status).toBe('ok');
    expect(a.weatherImpactAnalysis.coolingShare ?? 0).toBeGreaterThan(a.weatherImpactAnalysis.heatingShare ?? 1);
    expect(a.weatherImpactAnalysis.seasonalShare ?? 0).toBeGreaterThan(0.8);
    expect(a.hvacShare?.basis).toBe('bills');
  });

  it('says the history is too short and falls back to the default curve for advice', () => {
    const a = analyzeBill(makeMonthlyBill(2024, 7, 38), makeHistory(2024, 3, 4, summer), { today: TODAY });
    expect(a.weatherImpactAnalysis.status).toBe('insufficient_history');
    expect(a.weatherImpactAnalysis.summary).toContain('we have 5');
    expect(a.hvacShare?.basis).toBe('default_curve');
  });
});

describe('loads and comparisons', () => {
  it('computes base load from the quiet months and the variable load on top', () => {
    const history = makeHistory(2023, 8, 11, summer);
    const bill = makeMonthlyBill(2024, 7, 38);
    const a = analyzeBill(bill, history, { today: TODAY });
    // 10th percentile of 12 daily values between 19 and 38 ≈ 20.
    expect(a.baseLoad?.perDay).toBeGreaterThan(19);
    expect(a.baseLoad?.perDay).toBeLessThan(21);
    expect((a.baseLoad?.perDay ?? 0) + (a.variableLoad?.perDay ?? 0)).toBeCloseTo(38, 1);
    expect(a.comparisons.previousBill?.month).toBe('2024-06');
    expect(a.comparisons.previousBill?.dailyUsage.changePct).toBeCloseTo(38 / 30 - 1, 2);
    expect(a.comparisons.sameMonthLastYear).toBeNull(); // history starts in August 2023
  });

  it('splits fixed and variable charges and prices a unit', () => {
    const bill = makeMonthlyBill(2025, 4, 20); // 600 kWh, $90 energy + $12 customer charge
    const a = analyzeBill(bill, [], { today: TODAY });
    expect(a.costs.fixed).toBe(12);
    expect(a.costs.variable).toBe(90);
    expect(a.costs.variableCostPerUnit).toBeCloseTo(0.15, 4);
    expect(a.costs.costPerUnit).toBeCloseTo(102 / 600, 4);
    expect(a.costs.dailyCost).toBeCloseTo(102 / 30, 2);
  });
});
