import { describe, expect, it } from 'vitest';
import { planSchema } from './plan-schemas.ts';
import { ANNUAL_TOGGLE_LABEL, annualSavingsCents, getPlan, planDialogTitle, PLANS } from './plans.ts';

describe('plans', () => {
  it('are valid against their schema, in the order free, basic, pro', () => {
    expect(PLANS.map((p) => planSchema.parse(p).id)).toEqual(['free', 'basic', 'pro']);
  });

  it('carry the spec’s prices and the savings of paying yearly', () => {
    expect(getPlan('basic')).toMatchObject({ monthlyCents: 499, annualCents: 4999 });
    expect(getPlan('pro')).toMatchObject({ monthlyCents: 999, annualCents: 9999 });
    expect(annualSavingsCents(getPlan('basic'))).toBe(989);
    expect(annualSavingsCents(getPlan('pro'))).toBe(1989);
    expect(annualSavingsCents(getPlan('free'))).toBe(0);
  });

  it('limit bills per month: free 1, basic 5, pro unlimited', () => {
    expect(PLANS.map((p) => p.billsPerMonth)).toEqual([1, 5, null]);
  });

  it('list the same seven feature rows on every plan', () => {
    const titles = PLANS.map((p) => p.features.map((f) => f.title));
    expect(titles[0]).toHaveLength(7);
    expect(titles[1]).toEqual(titles[0]);
    expect(titles[2]).toEqual(titles[0]);
  });

  it('title the pricing dialog per plan', () => {
    expect(planDialogTitle('free')).toBe('Get Started with Free Plan');
    expect(planDialogTitle('basic')).toBe('Subscribe to Basic Plan');
    expect(planDialogTitle('pro')).toBe('Subscribe to Pro Plan');
  });
});

describe('the annual toggle', () => {
  it('names a saving every paid plan gives (16.5% on Basic, 16.6% on Pro: Save 16%)', () => {
    expect(ANNUAL_TOGGLE_LABEL).toBe('Annual (Save 16%)');
    for (const plan of PLANS.filter((p) => p.monthlyCents > 0)) expect(annualSavingsCents(plan) / (plan.monthlyCents * 12)).toBeGreaterThanOrEqual(0.16);
  });
});
