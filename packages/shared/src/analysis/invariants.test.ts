import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeBill } from './analyze.ts';
import { getBillMetrics, isSameAccount } from './bill-metrics.ts';
import { combineAnnualSavings } from './combine-savings.ts';
import { generateRecommendations } from './recommendations.ts';
import { makeMonthlyBill } from './test-fixtures.ts';
import type { AnalysisBill, BillAnalysis, Recommendation } from './types.ts';

/**
 * Invariants over generated bill histories (issue 9): whatever the bills, the figures of one
 * analysis never contradict each other or the bill. Each property runs on a few hundred
 * random histories of one to three accounts, with values missing at random.
 */

const TODAY = '2026-06-01';
const EPS = 0.011; // figures are rounded to cents and shares to 0.1%

type Spec = {
  billType: 'electricity' | 'natural_gas' | 'water' | 'internet';
  start: number; // months after Jan 2024
  daily: number[];
  rate: number;
  carried: number[];
  drop: { amount: boolean; usage: boolean; period: boolean; charges: boolean; printedCurrent: boolean }[];
  kinds: boolean;
};

const accountSpec = fc.record({
  billType: fc.constantFrom('electricity' as const, 'natural_gas' as const, 'water' as const, 'internet' as const),
  start: fc.integer({ min: 0, max: 12 }),
  daily: fc.array(fc.double({ min: 0.5, max: 80, noNaN: true }), { minLength: 1, maxLength: 15 }),
  rate: fc.double({ min: 0.05, max: 2, noNaN: true }),
  carried: fc.array(fc.constantFrom(0, 0, 0, 55.5, 203.74), { minLength: 15, maxLength: 15 }),
  kinds: fc.boolean(),
});

/** Mostly complete bills, with each value missing about one time in six. */
const dropFlags = fc.record({
  amount: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
  usage: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
  period: fc.integer({ min: 0, max: 7 }).map((n) => n === 0),
  charges: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
  printedCurrent: fc.boolean(),
});
const accountArb: fc.Arbitrary<Spec> = fc
  .tuple(accountSpec, fc.array(dropFlags, { minLength: 15, maxLength: 15 }))
  .map(([a, drop]) => ({ ...a, drop }));

function billsOf(spec: Spec, account: string, index: number): AnalysisBill[] {
  return spec.daily.map((daily, i) => {
    const m0 = spec.start + i;
    const base = makeMonthlyBill(2024 + Math.floor(m0 / 12), (m0 % 12) + 1, daily, { billType: spec.billType, rate: spec.rate });
    const drop = spec.drop[i] ?? { amount: false, usage: false, period: false, charges: false, printedCurrent: false };
    const carried = spec.carried[i] ?? 0;
    const current = base.totalAmount ?? 0;
    const charges = drop.charges
      ? []
      : base.charges.map((c, j) => (spec.kinds ? { ...c, kind: j === 0 ? ('fixed' as const) : ('variable' as const) } : c));
    return {
      ...base,
      id: `${account}-${index}-${i}`,
      accountKey: account,
      usageUnit: spec.billType === 'internet' ? null : base.usageUnit,
      usageAmount: drop.usage || spec.billType === 'internet' ? null : base.usageAmount,
      servicePeriodStart: drop.period ? null : base.servicePeriodStart,
      servicePeriodEnd: drop.period ? null : base.servicePeriodEnd,
      totalAmount: drop.amount ? null : Math.round((current + carried) * 100) / 100,
      previousBalance: carried > 0 ? carried : null,
      payments: carried > 0 ? 0 : null,
      currentCharges: drop.amount ? null : drop.printedCurrent || carried > 0 ? current : null,
      charges,
    };
  });
}

/** One to three accounts (two may share a bill type, as a Texas and a Minnesota utility would). */
const historyArb = fc
  .array(accountArb, { minLength: 1, maxLength: 3 })
  .chain((specs) => {
    const bills = specs.flatMap((s, i) => billsOf(s, `acct-${i}`, i));
    return fc.record({ bills: fc.constant(bills), pick: fc.nat({ max: bills.length - 1 }) });
  })
  .map(({ bills, pick }) => ({ bills, bill: bills[pick] as AnalysisBill }));

function run(bill: AnalysisBill, bills: readonly AnalysisBill[]): { analysis: BillAnalysis; recs: Recommendation[] } {
  const analysis = analyzeBill(bill, bills, { today: TODAY });
  return { analysis, recs: generateRecommendations(bill, analysis) };
}

const sameAccountBills = (bill: AnalysisBill, bills: readonly AnalysisBill[]) =>
  bills.filter((b) => b.id === bill.id || (isSameAccount(b, bill) && b.billType === bill.billType && (bill.usageUnit === null || b.usageUnit === null || b.usageUnit === bill.usageUnit)));

const RUNS = { numRuns: 300, seed: 9 };

describe('analysis invariants over generated bill histories', () => {
  it('shows no figure from a missing input', () => {
    fc.assert(
      fc.property(historyArb, ({ bills, bill }) => {
        const { analysis, recs } = run(bill, bills);
        if (bill.totalAmount === null && bill.currentCharges == null) {
          expect(analysis.missingInputs).toContain('amount');
          expect(analysis.costs.currentCharges).toBeNull();
          expect(analysis.costs.costPerUnit).toBeNull();
          expect(analysis.costs.dailyCost).toBeNull();
          expect(analysis.costs.fixedShare).toBeNull();
          expect(analysis.annualEstimate?.cost ?? null).toBeNull();
          expect(analysis.checksRun.charges).toBe(false);
          expect(analysis.potentialIssues.map((i) => i.code)).not.toContain('charges_mismatch');
          expect(analysis.usageAnomalies.filter((a) => a.metric === 'daily_cost')).toEqual([]);
        }
        if (bill.usageAmount === null) {
          expect(analysis.costs.costPerUnit).toBeNull();
          expect(analysis.baseLoad).toBeNull();
          expect(analysis.variableLoad).toBeNull();
          expect(analysis.usageAnomalies.filter((a) => a.metric === 'daily_usage')).toEqual([]);
          expect(recs.filter((r) => r.environmentalImpact.unitsSavedPerYear !== null && r.recommendationType !== 'water_heater_setback' && r.recommendationType !== 'standby_power_reduction')).toEqual([]);
        }
        if (bill.servicePeriodStart === null) {
          expect(analysis.missingInputs).toContain('service_period');
          expect(analysis.potentialIssues.map((i) => i.code)).not.toContain('service_gap');
          expect(analysis.checksRun.servicePeriod).toBe(false);
        }
      }),
      RUNS,
    );
  });

  it('keeps the shares on one page within 100%', () => {
    fc.assert(
      fc.property(historyArb, ({ bills, bill }) => {
        const { analysis } = run(bill, bills);
        const { baseLoad, variableLoad, hvacShare, costs, weatherImpactAnalysis: w, annualEstimate } = analysis;
        if (baseLoad && variableLoad) expect(baseLoad.share + variableLoad.share).toBeLessThanOrEqual(1 + EPS);
        if (costs.fixedShare !== null) expect(costs.fixedShare).toBeLessThanOrEqual(1);
        expect((w.heatingShare ?? 0) + (w.coolingShare ?? 0)).toBeLessThanOrEqual(1 + EPS);
        if (hvacShare) {
          expect(hvacShare.value).toBeGreaterThan(0);
          const yearlyBase = baseLoad && annualEstimate?.usage ? (baseLoad.perDay * 365) / annualEstimate.usage : 0;
          expect(hvacShare.value + Math.min(1, yearlyBase)).toBeLessThanOrEqual(1 + EPS);
        }
      }),
      RUNS,
    );
  });

  it('never offers a saving larger than the cost it reduces', () => {
    fc.assert(
      fc.property(historyArb, ({ bills, bill }) => {
        const { analysis, recs } = run(bill, bills);
        const yearly = analysis.annualEstimate?.cost ?? null;
        for (const r of recs) {
          expect(r.estimatedSavings).toBeGreaterThan(0);
          expect(r.estimatedSavings).toBeLessThanOrEqual(r.costReduced + EPS);
          if (r.savingsPeriod === 'annual' && yearly !== null) expect(r.costReduced).toBeLessThanOrEqual(yearly + EPS);
          if (r.savingsPeriod === 'one_time' && bill.totalAmount !== null) expect(r.estimatedSavings).toBeLessThanOrEqual(bill.totalAmount + EPS);
        }
        const annual = recs.filter((r) => r.savingsPeriod === 'annual');
        const combined = combineAnnualSavings(annual.map((r) => ({ accountKey: 'a', recommendationType: r.recommendationType, savings: r.estimatedSavings, costReduced: r.costReduced })));
        expect(combined).toBeLessThanOrEqual(annual.reduce((s, r) => s + r.estimatedSavings, 0) + EPS);
        const hvac = annual.filter((r) => r.recommendationType === 'smart_thermostat' || r.recommendationType === 'weatherization');
        if (hvac.length === 2) {
          const together = combineAnnualSavings(hvac.map((r) => ({ accountKey: 'a', recommendationType: r.recommendationType, savings: r.estimatedSavings, costReduced: r.costReduced })));
          expect(together).toBeLessThan(hvac[0]!.estimatedSavings + hvac[1]!.estimatedSavings);
          expect(together).toBeLessThanOrEqual(Math.max(...hvac.map((r) => r.costReduced)) + EPS);
        }
      }),
      RUNS,
    );
  });

  it('puts the yearly cost within the range of the account’s own bills', () => {
    fc.assert(
      fc.property(historyArb, ({ bills, bill }) => {
        const { analysis } = run(bill, bills);
        const cost = analysis.annualEstimate?.cost ?? null;
        if (cost === null) return;
        const daily = sameAccountBills(bill, bills)
          .map(getBillMetrics)
          .filter((m) => !m.daysAssumed || m.bill.id === bill.id)
          .map((m) => m.dailyCost)
          .filter((c): c is number => c !== null);
        // Bills without dates count as 30 days; the range is over cost per day × 365 (a monthly bill × 12).
        const all = sameAccountBills(bill, bills).map(getBillMetrics).map((m) => m.dailyCost).filter((c): c is number => c !== null);
        expect(daily.length).toBeGreaterThan(0);
        expect(cost).toBeGreaterThanOrEqual(Math.min(...all) * 365 - EPS);
        expect(cost).toBeLessThanOrEqual(Math.max(...all) * 365 + EPS);
      }),
      RUNS,
    );
  });

  it('gives every bill of an account with a full year the same yearly cost', () => {
    fc.assert(
      fc.property(accountArb, (spec) => {
        const full = { ...spec, daily: [...spec.daily, ...Array<number>(15).fill(20)].slice(0, 14), drop: spec.drop.map((d) => ({ ...d, amount: false, period: false })) };
        const bills = billsOf(full, 'acct', 0);
        const costs = new Set(bills.map((b) => run(b, bills).analysis.annualEstimate?.cost));
        expect(costs.size).toBe(1);
      }),
      { numRuns: 50, seed: 9 },
    );
  });

  it('never compares or checks gaps across accounts', () => {
    fc.assert(
      fc.property(historyArb, ({ bills, bill }) => {
        const mixed = run(bill, bills);
        const own = run(bill, bills.filter((b) => isSameAccount(b, bill)));
        expect(mixed).toEqual(own);
        const ids = new Set(bills.filter((b) => isSameAccount(b, bill)).map((b) => b.id));
        for (const c of [mixed.analysis.comparisons.previousBill, mixed.analysis.comparisons.sameMonthLastYear]) {
          if (c) expect(ids.has(c.billId)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('compares a bill of an unknown account with nothing', () => {
    fc.assert(
      fc.property(historyArb, ({ bills, bill }) => {
        const { analysis } = run({ ...bill, accountKey: null }, bills);
        expect(analysis.historyUsed).toBe(0);
        expect(analysis.comparisons).toEqual({ previousBill: null, sameMonthLastYear: null });
        expect(analysis.potentialIssues.map((i) => i.code)).not.toContain('service_gap');
        expect(analysis.potentialIssues.map((i) => i.code)).not.toContain('duplicate_bill');
      }),
      { numRuns: 100, seed: 9 },
    );
  });

  it('writes dates in sentences as Mar 15, 2026, never ISO, and never nests parentheses', () => {
    const texts = (v: unknown): string[] =>
      typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(texts) : v && typeof v === 'object' ? Object.values(v).flatMap(texts) : [];
    fc.assert(
      fc.property(historyArb, ({ bills, bill }) => {
        const { analysis, recs } = run(bill, bills);
        const sentences = [
          ...analysis.potentialIssues.flatMap((i) => [i.title, i.detail]),
          ...analysis.usageAnomalies.map((a) => a.explanation),
          ...analysis.notes,
          analysis.weatherImpactAnalysis.summary,
          analysis.peakUsageTimes.note,
          ...recs.flatMap((r) => [r.description, ...r.implementationSteps, r.environmentalImpact.summary]),
        ];
        expect(texts(sentences).filter((t) => /\d{4}-\d{2}-\d{2}/.test(t))).toEqual([]);
        expect(texts(sentences).filter((t) => /\([^)]*\(/.test(t))).toEqual([]);
      }),
      { numRuns: 150, seed: 9 },
    );
  });

  it('gives the same outputs for the same inputs', () => {
    fc.assert(
      fc.property(historyArb, ({ bills, bill }) => {
        const first = run(bill, bills);
        const again = run(structuredClone(bill), structuredClone(bills));
        const reversed = run(bill, [...bills].reverse());
        expect(again).toEqual(first);
        expect(reversed).toEqual(first);
      }),
      { numRuns: 150, seed: 9 },
    );
  });
});
