import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeBill } from './analyze.ts';
import { usd } from './format.ts';
import { canAdvise, type FieldStatus, type FieldStatuses, type ProvenanceField } from './provenance.ts';
import { generateRecommendations } from './recommendations.ts';
import { makeMonthlyBill } from './test-fixtures.ts';
import type { AnalysisBill, BillAnalysis, Recommendation } from './types.ts';

/**
 * Issue 24: generated bills of every kind whose fields are each, at random, kept, removed,
 * made unsure (read under the "Please check" threshold) or contradicted (read wrong, with
 * confidence). Whatever happens, money advice (a billing error, a refund, past due, a savings
 * amount, a rate figure) never comes from a missing input, figures from unsure inputs are
 * estimates, a refund never exceeds the overcharge, a card's heading is its text's amount, and
 * yearly savings never exceed the yearly cost.
 */

const TODAY = '2026-06-01';
const FIELDS = ['totalAmount', 'currentCharges', 'previousBalance', 'paymentsReceived', 'lateFees', 'usageAmount', 'servicePeriodStart', 'dueDate'] as const;
type Fate = 'keep' | 'remove' | 'unsure' | 'contradict' | 'confirm';
const fate = fc.constantFrom<Fate>('keep', 'keep', 'keep', 'remove', 'unsure', 'contradict', 'confirm');

const billArb = fc.record({
  billType: fc.constantFrom('electricity' as const, 'natural_gas' as const, 'water' as const, 'internet' as const),
  months: fc.integer({ min: 1, max: 14 }),
  daily: fc.double({ min: 1, max: 80, noNaN: true }),
  rate: fc.double({ min: 0.05, max: 1.5, noNaN: true }),
  previous: fc.constantFrom(0, 71.44, 102.18, 325.54),
  paid: fc.boolean(),
  lateFee: fc.constantFrom(0, 0, 5),
  fates: fc.record(Object.fromEntries(FIELDS.map((f) => [f, fate])) as Record<(typeof FIELDS)[number], fc.Arbitrary<Fate>>),
  factor: fc.constantFrom(0.01, 0.5, 3, 40),
  stateCode: fc.constantFrom('CA', 'GA', 'NY'),
});
type BillSpec = typeof billArb extends fc.Arbitrary<infer T> ? T : never;

const ACCOUNT = 'acct-1';

/** A consistent bill (its parts add up to the amount due) and an account history of the same kind. */
function build(spec: BillSpec): { bill: AnalysisBill; history: AnalysisBill[]; truth: AnalysisBill } {
  const history: AnalysisBill[] = [];
  for (let i = 0; i < spec.months; i++) {
    const m0 = 12 + i;
    history.push(makeMonthlyBill(2024 + Math.floor(m0 / 12), (m0 % 12) + 1, spec.daily, { billType: spec.billType, rate: spec.rate, accountKey: ACCOUNT, stateCode: spec.stateCode }));
  }
  const m0 = 12 + spec.months;
  const base = makeMonthlyBill(2024 + Math.floor(m0 / 12), (m0 % 12) + 1, spec.daily, { billType: spec.billType, rate: spec.rate, accountKey: ACCOUNT, stateCode: spec.stateCode });
  const current = base.totalAmount as number;
  const payments = spec.paid ? -spec.previous : 0;
  const total = Math.round((spec.previous + payments + current + spec.lateFee) * 100) / 100;
  const truth: AnalysisBill = {
    ...base,
    ...(spec.billType === 'internet' ? { usageAmount: null, usageUnit: null } : {}),
    totalAmount: total,
    currentCharges: current,
    previousBalance: spec.previous,
    payments,
    lateFees: spec.lateFee === 0 ? null : spec.lateFee,
  };
  const bill: AnalysisBill = { ...truth };
  const statuses: FieldStatuses = {};
  const set = (field: (typeof FIELDS)[number], change: (b: AnalysisBill) => void, status: FieldStatus) => {
    change(bill);
    statuses[field as ProvenanceField] = status;
  };
  for (const field of FIELDS) {
    const what = spec.fates[field];
    const key = field === 'paymentsReceived' ? 'payments' : field;
    const value = (truth as unknown as Record<string, unknown>)[key];
    if (what === 'remove') set(field, (b) => void ((b as unknown as Record<string, unknown>)[key] = null), 'missing');
    else if (what === 'unsure') set(field, () => undefined, 'unsure');
    else if (what === 'confirm') set(field, () => undefined, 'confirmed');
    else if (what === 'contradict' && typeof value === 'number') set(field, (b) => void ((b as unknown as Record<string, unknown>)[key] = Math.round(value * spec.factor * 100) / 100), 'read');
    else if (what === 'contradict' && field === 'dueDate') set(field, (b) => void (b.dueDate = b.servicePeriodStart), 'read');
    else set(field, () => undefined, 'read');
  }
  return { bill: { ...bill, fieldStatus: statuses }, history, truth };
}

const statusOf = (bill: AnalysisBill, field: ProvenanceField, value: unknown): FieldStatus => (value == null ? 'missing' : (bill.fieldStatus?.[field] ?? 'read'));

function run(spec: BillSpec): { bill: AnalysisBill; analysis: BillAnalysis; recs: Recommendation[] } {
  const { bill, history } = build(spec);
  const analysis = analyzeBill(bill, history, { today: TODAY });
  return { bill, analysis, recs: generateRecommendations(bill, analysis) };
}

const issue = (a: BillAnalysis, code: string) => a.potentialIssues.find((i) => i.code === code);
const RUNS = { numRuns: 250, seed: 24 };
/** A few hundred whole analyses: seconds on a busy two-core machine. */
const SLOW = 60_000;

describe('provenance through the whole pipeline (generated bills, fields removed, unsure or contradicted)', () => {
  it('gives no billing error, refund or past due from a missing input', () => {
    fc.assert(
      fc.property(billArb, (spec) => {
        const { bill, analysis, recs } = run(spec);
        const prev = statusOf(bill, 'previousBalance', bill.previousBalance);
        const paid = statusOf(bill, 'paymentsReceived', bill.payments);
        const cur = statusOf(bill, 'currentCharges', bill.currentCharges);
        const due = statusOf(bill, 'totalAmount', bill.totalAmount);
        if ([prev, paid, cur, due].includes('missing')) {
          expect(issue(analysis, 'balance_mismatch')).toBeUndefined();
          expect(analysis.reconciliation?.outcome).toBe('not_checked');
          expect(analysis.reconciliation?.text).toMatch(/could not be checked: the bill's .+ (was|were) not read/);
        }
        if (prev === 'missing' || paid === 'missing') {
          expect(issue(analysis, 'past_due_balance')).toBeUndefined();
          expect(analysis.costs.pastDueBalance).toBeNull();
        }
        if (analysis.costs.currentCharges === null) {
          expect(recs.filter((r) => r.recommendationType === 'billing_dispute')).toEqual([]);
          expect(recs.filter((r) => r.savingsPeriod === 'annual')).toEqual([]);
        }
        if (statusOf(bill, 'usageAmount', bill.usageAmount) === 'missing') {
          expect(issue(analysis, 'rate_jump')).toBeUndefined();
          expect(recs.find((r) => r.recommendationType === 'rate_plan_comparison')).toBeUndefined();
          expect(analysis.costs.costPerUnit).toBeNull();
        }
      }),
      RUNS,
    );
  }, SLOW);

  it('makes figures from unsure inputs estimates, never advice', () => {
    fc.assert(
      fc.property(billArb, (spec) => {
        const { bill, analysis, recs } = run(spec);
        // Every issue with money at stake rests on read or confirmed values.
        for (const i of analysis.potentialIssues) if (i.amount !== undefined) expect(canAdvise(i.status ?? 'read')).toBe(true);
        const parts = [
          statusOf(bill, 'previousBalance', bill.previousBalance),
          statusOf(bill, 'paymentsReceived', bill.payments),
          statusOf(bill, 'currentCharges', bill.currentCharges),
          statusOf(bill, 'totalAmount', bill.totalAmount),
          ...(bill.lateFees == null ? [] : [statusOf(bill, 'lateFees', bill.lateFees)]),
        ];
        if (!parts.includes('missing') && parts.includes('unsure')) {
          expect(analysis.reconciliation?.outcome).toBe('estimate');
          expect(analysis.reconciliation?.text).toMatch(/confirm .+ to see this/);
          expect(issue(analysis, 'balance_mismatch')).toBeUndefined();
        }
        const f = analysis.figures;
        if (f && !canAdvise(f.costPerUnit.status)) {
          expect(issue(analysis, 'rate_jump')).toBeUndefined();
          expect(recs.find((r) => r.recommendationType === 'rate_plan_comparison')).toBeUndefined();
        }
        if (f && !canAdvise(f.currentCharges.status)) expect(recs.find((r) => r.recommendationType === 'billing_dispute')).toBeUndefined();
        if (f && !canAdvise(f.annualCost.status)) expect(recs.filter((r) => r.savingsPeriod === 'annual')).toEqual([]);
        if (f?.costPerUnit.status === 'unsure') expect(f.costPerUnit.unsure.length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  }, SLOW);

  it('never refunds more than the overcharge, nor the whole bill; heading = text; yearly savings within the yearly cost', () => {
    fc.assert(
      fc.property(billArb, (spec) => {
        const { analysis, recs } = run(spec);
        const dispute = recs.find((r) => r.recommendationType === 'billing_dispute');
        if (dispute) {
          const overcharge = analysis.potentialIssues
            .filter((i) => ['charges_mismatch', 'balance_mismatch', 'service_overlap'].includes(i.code))
            .reduce((s, i) => s + (i.amount ?? 0), 0);
          expect(dispute.estimatedSavings).toBeLessThanOrEqual(overcharge + 0.005);
          expect(dispute.estimatedSavings).toBeLessThan(analysis.costs.currentCharges as number);
          expect(dispute.description).toContain(usd(dispute.estimatedSavings));
        }
        const mismatch = issue(analysis, 'balance_mismatch');
        if (mismatch?.amount !== undefined) expect(mismatch.amount).toBeLessThanOrEqual((analysis.reconciliation?.difference ?? 0) + 0.005);
        const late = recs.find((r) => r.recommendationType === 'late_fee_waiver');
        if (late) expect(late.description).toContain(usd(late.estimatedSavings));
        const annual = recs.filter((r) => r.savingsPeriod === 'annual').reduce((s, r) => s + r.estimatedSavings, 0);
        if (annual > 0) expect(annual).toBeLessThanOrEqual((analysis.annualEstimate?.cost ?? 0) + 0.01);
        // A sign is never dropped in the account summary sentence: a negative total is a credit.
        if (analysis.reconciliation && (analysis.reconciliation.expected ?? 0) < 0) expect(analysis.reconciliation.text).toMatch(/Credit \$|−\$/);
      }),
      RUNS,
    );
  }, SLOW);

  it('never flags an internet bill for its due date or period end', () => {
    fc.assert(
      fc.property(billArb.filter((s) => s.billType === 'internet'), (spec) => {
        const { analysis } = run(spec);
        expect(issue(analysis, 'due_before_period_end')).toBeUndefined();
        expect(issue(analysis, 'future_period')).toBeUndefined();
      }),
      { numRuns: 60, seed: 24 },
    );
  }, SLOW);
});
