import { describe, expect, it } from 'vitest';
import { clusterProfiles, monthlyShares } from './cluster.ts';
import { ANOMALY_MAX_MAPE, backtest, fitRidge, forecastNextBill, gradeError, judgeAnomalies, type MlBill, predictLinear } from './forecast.ts';

/** A year (or more) of monthly bills whose daily usage follows the season exactly. */
function seasonalBills(months: number, noise: (i: number) => number = () => 0): MlBill[] {
  return Array.from({ length: months }, (_, i) => {
    const start = Date.UTC(2025, i, 1);
    const end = Date.UTC(2025, i + 1, 0);
    const daysIn = Math.round((end - start) / 86_400_000) + 1;
    const mid = (start + end) / 2;
    const angle = (2 * Math.PI * ((mid - Date.UTC(new Date(mid).getUTCFullYear(), 0, 1)) / 86_400_000)) / 365.25;
    const rate = 30 + 10 * Math.cos(angle) + noise(i);
    const usage = rate * daysIn;
    return { periodStart: new Date(start).toISOString().slice(0, 10), periodEnd: new Date(end).toISOString().slice(0, 10), usage, cost: 12 + 0.15 * usage };
  });
}

describe('ridge regression', () => {
  it('recovers a linear relation', () => {
    const x = Array.from({ length: 30 }, (_, i) => [i, (i * 7) % 5]);
    const y = x.map(([a = 0, b = 0]) => 3 + 2 * a - b);
    const model = fitRidge(x, y, 0);
    expect(predictLinear(model, [10, 2])).toBeCloseTo(21, 6);
  });
});

describe('forecastNextBill', () => {
  it('says how many more bills are needed below six', () => {
    expect(forecastNextBill(seasonalBills(4))).toEqual({ status: 'too_few_bills', have: 4, need: 6, more: 2 });
  });

  it('forecasts a seasonal year closely, with an interval around the point and cost from usage', () => {
    const result = forecastNextBill(seasonalBills(24));
    if (result.status !== 'ok') throw new Error('expected a forecast');
    // January 2027: rate 30 + 10·cos(~0.27 rad) ≈ 39.6 kWh a day.
    expect(result.forecast.periodStart).toBe('2027-01-01');
    expect(result.forecast.usage / 31).toBeGreaterThan(37);
    expect(result.forecast.usage / 31).toBeLessThan(42);
    expect(result.forecast.usageLow).toBeLessThanOrEqual(result.forecast.usage);
    expect(result.forecast.usageHigh).toBeGreaterThanOrEqual(result.forecast.usage);
    expect(result.forecast.cost).toBeCloseTo(12 + 0.15 * result.forecast.usage, 1);
    expect(result.metrics?.mape).toBeLessThan(10);
    expect(result.featureImportance.reduce((s, f) => s + f.importance, 0)).toBeCloseTo(1, 6);
    expect(result.featureImportance[0]?.category).not.toBe('time_based');
  });

  it('backtests each bill from the bills before it only', () => {
    const bills = seasonalBills(12, (i) => (i === 8 ? 25 : 0));
    const { points } = backtest(bills);
    expect(points).toHaveLength(8);
    // The spike in September cannot be foreseen, and the bill after it is forecast from it: the two largest errors.
    const errors = points.map((p, i) => ({ i, e: Math.abs(p.actual - p.predicted) })).sort((a, b) => b.e - a.e);
    expect(errors.slice(0, 2).map((x) => x.i).sort()).toEqual([4, 5]);
  });
});

describe('gradeError', () => {
  it('grades against the target as the spec says', () => {
    expect(gradeError(10, 10)).toBe('green');
    expect(gradeError(15, 10)).toBe('yellow');
    expect(gradeError(15.1, 10)).toBe('red');
  });
});

describe('clustering', () => {
  it('spreads a bill over the months it covers', () => {
    const shares = monthlyShares([{ periodStart: '2025-01-17', periodEnd: '2025-02-15', usage: 300 }]);
    expect(shares[0]).toBeCloseTo(15 / 30, 6);
    expect(shares[1]).toBeCloseTo(15 / 30, 6);
  });

  it('separates winter-heavy from summer-heavy profiles, the same way every time', () => {
    const winter = Array.from({ length: 12 }, (_, m) => (m < 3 || m > 9 ? 0.14 : 0.04));
    const summer = Array.from({ length: 12 }, (_, m) => (m >= 5 && m <= 8 ? 0.16 : 0.045));
    const profiles = [
      ...Array.from({ length: 10 }, (_, i) => ({ id: `w${i}`, shares: winter.map((v) => v + i * 0.0005), averageMonthlyUsage: 1200 })),
      ...Array.from({ length: 10 }, (_, i) => ({ id: `s${i}`, shares: summer.map((v) => v + i * 0.0005), averageMonthlyUsage: 700 })),
    ];
    const clusters = clusterProfiles(profiles, 2);
    expect(clusters.map((c) => [c.customers, c.avgUsage])).toEqual([
      [10, 700],
      [10, 1200],
    ]);
    expect(clusterProfiles(profiles, 2)).toEqual(clusters);
  });
});

describe('anomalies judged by the model', () => {
  const bills = (n: number, usageOf: (i: number) => number): MlBill[] =>
    Array.from({ length: n }, (_, i) => ({
      periodStart: new Date(Date.UTC(2025, i, 1)).toISOString().slice(0, 10),
      periodEnd: new Date(Date.UTC(2025, i + 1, 0)).toISOString().slice(0, 10),
      usage: usageOf(i),
      cost: null,
    }));
  const seasonal = (i: number) => Math.round(700 + 250 * Math.cos((2 * Math.PI * i) / 12));

  it('flags the bill outside the stated interval of a good model, not the next one forecast from it', () => {
    const judged = judgeAnomalies(forecastNextBill(bills(24, (i) => (i === 21 ? 1600 : seasonal(i)))));
    expect(judged.judged).toBe(true);
    expect(judged.outside.map((p) => p.date)).toEqual(['2026-10-31']);
  });

  it('judges nothing when the backtest error is above the limit, or with too few backtested bills', () => {
    const noisy = judgeAnomalies(forecastNextBill(bills(12, (i) => [200, 1500, 350, 1900, 120, 900, 2400, 300, 1700, 150, 2000, 400][i] ?? 500)));
    expect(noisy).toEqual({ judged: false, reason: 'model_not_good_enough', outside: [] });
    expect(judgeAnomalies(forecastNextBill(bills(7, seasonal)))).toMatchObject({ judged: false, reason: 'too_few_bills' });
    expect(ANOMALY_MAX_MAPE).toBe(20);
  });
});
