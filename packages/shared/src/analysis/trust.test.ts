import { describe, expect, it } from 'vitest';
import { analyzeBill } from './analyze.ts';
import { generateRecommendations } from './recommendations.ts';
import { makeHistory, makeMonthlyBill } from './test-fixtures.ts';
import type { AnalysisBill } from './types.ts';

const TODAY = '2025-06-01';
const run = (bill: AnalysisBill, history: AnalysisBill[] = []) => {
  const analysis = analyzeBill(bill, history, { today: TODAY });
  return { analysis, recommendations: generateRecommendations(bill, analysis), codes: analysis.potentialIssues.map((i) => i.code) };
};
// April 2025: 600 kWh; $90 energy + $12 customer charge = $102.
const april = (o: Partial<AnalysisBill> = {}): AnalysisBill => makeMonthlyBill(2025, 4, 20, o);

describe('the account summary (reconciliation)', () => {
  it('is not checked when the previous balance was not read: no billing error, no refund', () => {
    // The bill adds up: 98.08 carried − 0 paid + 102 = 200.08, but the balance line was not read.
    const { analysis, recommendations, codes } = run(april({ totalAmount: 200.08, currentCharges: 102, previousBalance: null, payments: 0 }));
    expect(analysis.reconciliation?.outcome).toBe('not_checked');
    expect(analysis.reconciliation?.text).toContain("could not be checked: the bill's previous balance was not read");
    expect(codes).not.toContain('balance_mismatch');
    expect(recommendations.map((r) => r.recommendationType)).not.toContain('billing_dispute');
  });

  it('keeps signs: a balance forward of .00 after paying the last bill adds up', () => {
    const { analysis, codes } = run(april({ totalAmount: 102, currentCharges: 102, previousBalance: 325.54, payments: -325.54 }));
    expect(analysis.reconciliation?.outcome).toBe('agrees');
    expect(codes).not.toContain('past_due_balance');
    expect(codes).not.toContain('balance_mismatch');
  });

  it('prints a negative as negative', () => {
    const { analysis } = run(april({ totalAmount: 102, currentCharges: 102, previousBalance: -254.1, payments: 0 }));
    expect(analysis.reconciliation?.outcome).toBe('mismatch');
    expect(analysis.reconciliation?.text).toContain('−$254.10');
    expect(analysis.reconciliation?.text).not.toMatch(/(^|[^−])\$254\.10/);
  });

  it('is an estimate from an unsure part: no billing error, says what to confirm', () => {
    const bill = april({ totalAmount: 300, currentCharges: 102, previousBalance: 100, payments: 0, fieldStatus: { previousBalance: 'unsure' } });
    const { analysis, recommendations, codes } = run(bill);
    expect(analysis.reconciliation?.outcome).toBe('estimate');
    expect(analysis.reconciliation?.text).toContain('confirm previous balance to see this');
    expect(codes).not.toContain('balance_mismatch');
    expect(recommendations.find((r) => r.recommendationType === 'billing_dispute')).toBeUndefined();
  });

  it('a confirmed mismatch gives a refund no larger than the overcharge, with heading = body', () => {
    const bill = april({ totalAmount: 120, currentCharges: 102, previousBalance: 50, payments: 50, fieldStatus: { previousBalance: 'confirmed' } });
    const { analysis, recommendations } = run(bill);
    expect(analysis.reconciliation?.outcome).toBe('mismatch');
    const dispute = recommendations.find((r) => r.recommendationType === 'billing_dispute');
    expect(dispute?.estimatedSavings).toBe(18);
    expect(dispute?.description).toContain('worth $18.00');
  });

  it('never turns a gap the size of the whole bill into a refund', () => {
    // LAST BILL 325.54 read, payment read as 0, CURRENT 71.44, amount due 71.44: the gap is a misread.
    const bill = april({ totalAmount: 397, currentCharges: 102, previousBalance: 0, payments: 0, charges: [] });
    const { recommendations, analysis } = run(bill);
    const mismatch = analysis.potentialIssues.find((i) => i.code === 'balance_mismatch');
    expect(mismatch?.amount).toBeUndefined();
    expect(mismatch?.severity).toBe('low');
    expect(recommendations.find((r) => r.recommendationType === 'billing_dispute')).toBeUndefined();
  });
});

describe('past due', () => {
  it('is not claimed when the payment line was not read', () => {
    const { analysis, codes } = run(april({ totalAmount: 204.36, currentCharges: 102, previousBalance: 102.18, payments: null }));
    expect(codes).not.toContain('past_due_balance');
    expect(analysis.costs.pastDueBalance).toBeNull();
  });

  it('is never claimed for a balance that was paid', () => {
    expect(run(april({ totalAmount: 102, currentCharges: 102, previousBalance: 102.18, payments: 102.18 })).codes).not.toContain('past_due_balance');
  });

  it('is claimed from a balance and payments read with confidence', () => {
    expect(run(april({ totalAmount: 204.36, currentCharges: 102, previousBalance: 102.18, payments: 0 })).codes).toContain('past_due_balance');
  });
});

describe('advance-billed services', () => {
  it('an internet bill due before its period ends is not flagged', () => {
    const bill = april({ billType: 'internet', usageAmount: null, usageUnit: null, dueDate: '2025-04-15', charges: [{ label: 'Internet service', amount: 102 }] });
    expect(run(bill).codes).not.toContain('due_before_period_end');
    expect(run(april({ dueDate: '2025-04-15' })).codes).toContain('due_before_period_end');
  });
});

describe('money advice only from trusted inputs', () => {
  const history = makeHistory(2024, 4, 12, () => 20, { accountKey: 'a' });

  it('an unsure usage gives no rate comparison, no savings and no usage anomaly', () => {
    // One meter of eleven read: usage far too low, so the price per kWh looks huge.
    const bill = makeMonthlyBill(2025, 4, 0.5, { accountKey: 'a', totalAmount: 6989.24, stateCode: 'CA', fieldStatus: { usageAmount: 'unsure' } });
    const { analysis, recommendations, codes } = run(bill, history);
    expect(analysis.figures?.costPerUnit.status).toBe('unsure');
    expect(analysis.figures?.costPerUnit.unsure).toContain('usageAmount');
    expect(codes).not.toContain('rate_jump');
    expect(analysis.usageAnomalies.filter((a) => a.metric === 'daily_usage')).toEqual([]);
    expect(recommendations.filter((r) => r.savingsPeriod === 'annual')).toEqual([]);
    expect(analysis.notes.join(' ')).toContain('confirm usage to see this');
  });

  it('the same bill with the usage confirmed is advice again', () => {
    const bill = makeMonthlyBill(2025, 4, 20, { accountKey: 'a', stateCode: 'CA', fieldStatus: { usageAmount: 'confirmed' } });
    const { analysis } = run(bill, history);
    expect(analysis.figures?.costPerUnit.status).toBe('read');
  });

  it('charges read with low confidence but agreeing to the cent with a confident amount due are not an estimate', () => {
    const bill = april({ currentCharges: 102, totalAmount: 102, fieldStatus: { currentCharges: 'unsure', totalAmount: 'read' } });
    expect(run(bill).analysis.figures?.currentCharges.status).toBe('read');
    const carried = april({ currentCharges: 102, totalAmount: 152, previousBalance: 50, payments: 0, fieldStatus: { currentCharges: 'unsure' } });
    expect(run(carried).analysis.figures?.currentCharges.status).toBe('read');
    const unsureTotal = april({ currentCharges: 102, totalAmount: 102, fieldStatus: { currentCharges: 'unsure', totalAmount: 'unsure' } });
    expect(run(unsureTotal).analysis.figures?.currentCharges.status).toBe('unsure');
  });

  it('charges this period read from a notice (unsure) are an estimate', () => {
    const bill = april({ currentCharges: 2.24, totalAmount: 6989.24, fieldStatus: { currentCharges: 'unsure' } });
    const { analysis, recommendations } = run(bill);
    expect(analysis.figures?.currentCharges.status).toBe('unsure');
    expect(recommendations).toEqual([]);
  });
});
