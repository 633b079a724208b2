import type { EligibilityRules, EligibilityStatus, Household, StateCode } from '../contract/rebates.ts';

/** What we know about a household: where it is, who serves it (from its bills) and its answers. */
export type EligibilityContext = {
  state: StateCode | null;
  /** Utility names from the user's bills (and any they entered). */
  utilities: readonly string[];
  household: Household;
};

export type EligibilityOutcome = {
  status: EligibilityStatus;
  /** Why: one line per rule that decided, in rule order. */
  reasons: string[];
  /** Household questions (field names of `Household`) a rule needs and nobody answered. */
  missing: (keyof Household | 'utilities' | 'state')[];
};

const INCOME_LABELS: Record<string, string> = {
  below_80: 'below 80% of the area median income',
  '80_to_150': 'between 80% and 150% of the area median income',
  above_150: 'above 150% of the area median income',
};

const label = (value: string) => INCOME_LABELS[value] ?? value.replace(/_/g, ' ');

/**
 * Evaluates a programme's rules against a household, in the spirit of public incentive
 * calculators: each rule either passes, fails (the programme is not for this household), or
 * cannot be decided because its answer is missing. Any failure → not eligible; otherwise any
 * missing answer → unknown; otherwise eligible.
 */
export function evaluateEligibility(rules: EligibilityRules, ctx: EligibilityContext): EligibilityOutcome {
  const reasons: string[] = [];
  const missing: EligibilityOutcome['missing'] = [];
  let failed = false;

  const check = <T extends string>(allowed: readonly T[] | undefined, value: T | undefined, field: EligibilityOutcome['missing'][number], what: string) => {
    if (!allowed || allowed.length === 0) return;
    if (value === undefined) {
      missing.push(field);
      return;
    }
    if (allowed.includes(value)) reasons.push(`Open to ${what} ${label(value)}.`);
    else {
      failed = true;
      reasons.push(`Only for ${what} ${allowed.map(label).join(' or ')}; you answered ${label(value)}.`);
    }
  };

  if (rules.states?.length) {
    if (!ctx.state) missing.push('state');
    else if (rules.states.includes(ctx.state)) reasons.push(`Available in ${ctx.state}, where you are.`);
    else {
      failed = true;
      reasons.push(`Only available in ${rules.states.join(', ')}; you are in ${ctx.state}.`);
    }
  }

  if (rules.utilities?.length) {
    const mine = ctx.utilities.map((u) => u.toLowerCase());
    if (mine.length === 0) missing.push('utilities');
    else {
      const match = rules.utilities.find((u) => mine.some((m) => m.includes(u.toLowerCase()) || u.toLowerCase().includes(m)));
      if (match) reasons.push(`For customers of ${match}, which serves you.`);
      else {
        failed = true;
        reasons.push(`Only for customers of ${rules.utilities.join(' or ')}.`);
      }
    }
  }

  check(rules.propertyTypes, ctx.household.propertyType, 'propertyType', 'properties that are');
  check(rules.tenure, ctx.household.tenure, 'tenure', 'home');
  check(rules.incomeBands, ctx.household.incomeBand, 'incomeBand', 'households with income');
  check(rules.heatingFuels, ctx.household.heatingFuel, 'heatingFuel', 'homes heated with');
  check(rules.filingStatuses, ctx.household.filingStatus, 'filingStatus', 'tax filers who are');

  if (rules.maxHouseholdSize !== undefined) {
    const size = ctx.household.householdSize;
    if (size === undefined) missing.push('householdSize');
    else if (size <= rules.maxHouseholdSize) reasons.push(`Household of ${size} is within the limit of ${rules.maxHouseholdSize}.`);
    else {
      failed = true;
      reasons.push(`Households of at most ${rules.maxHouseholdSize}; yours is ${size}.`);
    }
  }

  const status: EligibilityStatus = failed ? 'not_eligible' : missing.length > 0 ? 'unknown' : 'eligible';
  if (status === 'eligible' && reasons.length === 0) reasons.push('No household conditions: open to everyone.');
  return { status, reasons, missing };
}

/** Questions to ask for each missing answer, in the order a form shows them. */
export const HOUSEHOLD_QUESTIONS: Record<EligibilityOutcome['missing'][number], string> = {
  state: 'Which state is the home in?',
  utilities: 'Which utility serves the home?',
  zip: 'What is the ZIP code?',
  tenure: 'Do you own or rent the home?',
  householdSize: 'How many people live in the household?',
  incomeBand: 'How does your household income compare with the area median income?',
  filingStatus: 'What is your tax filing status?',
  heatingFuel: 'What fuel heats the home?',
  propertyType: 'What kind of property is it?',
  interests: 'Which upgrades interest you?',
};
