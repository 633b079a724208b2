import { describe, expect, it } from 'vitest';
import type { EligibilityRules } from '../contract/rebates.ts';
import { evaluateEligibility } from './eligibility.ts';

const HEAR_GA: EligibilityRules = { states: ['GA'], incomeBands: ['below_80', '80_to_150'] };
const MASS_SAVE: EligibilityRules = { states: ['MA'], utilities: ['Eversource', 'National Grid'] };
const OWNERS: EligibilityRules = { tenure: ['owner'], incomeBands: ['below_80'] };

describe('evaluateEligibility', () => {
  it('a Georgia household at 90% of area median income is eligible for Georgia HEAR', () => {
    const out = evaluateEligibility(HEAR_GA, { state: 'GA', utilities: [], household: { incomeBand: '80_to_150' } });
    expect(out.status).toBe('eligible');
    expect(out.reasons.join(' ')).toContain('GA');
  });

  it('above 150% of area median income is not eligible, with the reason', () => {
    const out = evaluateEligibility(HEAR_GA, { state: 'GA', utilities: [], household: { incomeBand: 'above_150' } });
    expect(out.status).toBe('not_eligible');
    expect(out.reasons.some((r) => r.includes('above 150%'))).toBe(true);
  });

  it('an unanswered income is unknown and names the missing question', () => {
    const out = evaluateEligibility(HEAR_GA, { state: 'GA', utilities: [], household: {} });
    expect(out.status).toBe('unknown');
    expect(out.missing).toEqual(['incomeBand']);
  });

  it('another state is not eligible even when income is unknown', () => {
    const out = evaluateEligibility(HEAR_GA, { state: 'ME', utilities: [], household: {} });
    expect(out.status).toBe('not_eligible');
  });

  it('a renter is not eligible for an owners-only programme; an owner is', () => {
    expect(evaluateEligibility(OWNERS, { state: 'ME', utilities: [], household: { tenure: 'renter', incomeBand: 'below_80' } }).status).toBe('not_eligible');
    expect(evaluateEligibility(OWNERS, { state: 'ME', utilities: [], household: { tenure: 'owner', incomeBand: 'below_80' } }).status).toBe('eligible');
  });

  it('utility-specific programmes follow the utilities on the bills', () => {
    expect(evaluateEligibility(MASS_SAVE, { state: 'MA', utilities: ['NSTAR Electric d/b/a Eversource Energy'], household: {} }).status).toBe('eligible');
    expect(evaluateEligibility(MASS_SAVE, { state: 'MA', utilities: ['Town of Concord Municipal Light'], household: {} }).status).toBe('not_eligible');
    const none = evaluateEligibility(MASS_SAVE, { state: 'MA', utilities: [], household: {} });
    expect(none).toMatchObject({ status: 'unknown', missing: ['utilities'] });
  });

  it('household size limits', () => {
    const rules: EligibilityRules = { maxHouseholdSize: 4 };
    expect(evaluateEligibility(rules, { state: null, utilities: [], household: { householdSize: 5 } }).status).toBe('not_eligible');
    expect(evaluateEligibility(rules, { state: null, utilities: [], household: { householdSize: 4 } }).status).toBe('eligible');
  });

  it('a programme without rules is open to everyone', () => {
    const out = evaluateEligibility({}, { state: null, utilities: [], household: {} });
    expect(out).toEqual({ status: 'eligible', reasons: ['No household conditions: open to everyone.'], missing: [] });
  });
});
