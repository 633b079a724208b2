import * as A from './assumptions.ts';
import { num, pct, usd } from './format.ts';
import { getStateElectricityPrice } from './eia-electricity-prices-2023.ts';
import { canAdvise } from './provenance.ts';
import type { AnalysisBill, BillAnalysis, ImplementationEffort } from './types.ts';

export interface RuleContext {
  bill: AnalysisBill;
  analysis: BillAnalysis;
  /** Estimated yearly usage in the bill's unit. */
  annualUsage: number | null;
  /** Marginal price of one unit (variable charges per unit, else printed rate, else all-in). */
  rate: number | null;
  unit: string;
  /** The account's yearly cost (analysis.annualEstimate), null when it could not be worked out. */
  annualCost: number | null;
}

export interface RecommendationCandidate {
  recommendationType: string;
  title: string;
  description: string;
  savings: number;
  /** The cost the saving comes out of (see Recommendation.costReduced); null drops the candidate. */
  costReduced: number | null;
  savingsPeriod: 'annual' | 'one_time';
  effort: ImplementationEffort;
  upfrontCost: number;
  /** Usage saved per year in the bill's unit, for the environmental impact. */
  unitsSaved: number | null;
  steps: string[];
  calculation: string;
  trigger: string;
}

export type Rule = (ctx: RuleContext) => RecommendationCandidate[];


/** Issues whose amount is an overcharge on this bill (a duplicate is resolved by keeping one, not a refund of the whole bill). */
const DISPUTE_CODES = new Set(['charges_mismatch', 'balance_mismatch', 'service_overlap']);

/** The amount due when something is owed; a credit (negative) owes nothing to reduce. */
const owed = (amount: number | null): number | null => (amount !== null && amount > 0 ? amount : null);

/**
 * A refund to ask for: the sum of the overcharges found from values read with confidence or
 * confirmed. Never more than the overcharge, and never the whole of this period's charges (a gap
 * that large is a misread, not a refund). The card's heading and text show the same amount.
 */
const billingDispute: Rule = ({ bill, analysis }) => {
  const issues = analysis.potentialIssues.filter(
    (i) => DISPUTE_CODES.has(i.code) && i.severity !== 'low' && i.amount !== undefined && i.amount > 0 && (i.status === undefined || canAdvise(i.status)),
  );
  const current = analysis.costs.currentCharges;
  if (issues.length === 0 || current === null || (analysis.figures && !canAdvise(analysis.figures.currentCharges.status))) return [];
  const amounts = issues.map((i) => ({ code: i.code, amount: i.amount as number }));
  const amount = round2(amounts.reduce((s, i) => s + i.amount, 0));
  if (!(amount < current)) return [];
  return [{
    recommendationType: 'billing_dispute',
    title: 'Ask your utility to correct this bill',
    description: `We found ${issues.map((i) => i.title.toLowerCase()).join(', ')} on this bill, worth ${usd(amount)}. Ask the utility to check it before you pay the disputed part.`,
    savings: amount,
    costReduced: owed(bill.totalAmount) ?? current,
    savingsPeriod: 'one_time',
    effort: 'low',
    upfrontCost: 0,
    unitsSaved: null,
    steps: [
      'Call or message the customer service number printed on the bill, with your account number ready.',
      ...issues.map((i) => `Explain: ${i.detail}`),
      'Ask for a corrected bill or a credit on the next one, and pay the undisputed part on time.',
      'Write down the date, the agent’s name and the reference number.',
    ],
    calculation: `Sum of the amounts at stake in the issues found: ${amounts.map((i) => `${i.code} ${usd(i.amount)}`).join(' + ')}.`,
    trigger: issues.map((i) => i.code).join(', '),
  }];
};

const round2 = (v: number): number => Math.round(v * 100) / 100;

const lateFee: Rule = ({ bill, analysis }) => {
  const fee = analysis.potentialIssues.find((i) => i.code === 'late_fee');
  if (!fee?.amount) return [];
  // The card's heading and text show the same amount: the fee, never more than the bill it is on.
  const amount = bill.totalAmount == null ? fee.amount : Math.min(fee.amount, bill.totalAmount);
  return [{
    recommendationType: 'late_fee_waiver',
    title: 'Get the late fee waived and set up autopay',
    description: `This bill carries ${usd(amount)} in late fees. Utilities often waive a first one when asked; autopay or a due-date change avoids the next.`,
    savings: amount,
    costReduced: owed(bill.totalAmount) ?? amount,
    savingsPeriod: 'one_time',
    effort: 'low',
    upfrontCost: 0,
    unitsSaved: null,
    steps: ['Call the utility and ask for a one-time courtesy waiver of the late fee.', 'Set up autopay, or ask to move the due date to just after payday.'],
    calculation: `The late fee lines on this bill: ${usd(amount)}.`,
    trigger: 'late_fee',
  }];
};

const INVESTIGATE_STEPS: Record<AnalysisBill['billType'], string[]> = {
  electricity: [
    'Read your meter and compare it with the reading on the bill.',
    'Look for something new or left running: a space heater, a second fridge, a pool or well pump, a heater stuck on.',
    'Switch off the main breaker for a minute while watching the meter: if it still turns, call the utility.',
    'If nothing explains it, ask the utility to test the meter.',
  ],
  natural_gas: [
    'Read your meter and compare it with the reading on the bill.',
    'Check the water heater and furnace settings, and any pilot lights or gas appliances added recently.',
    'If you ever smell gas, leave the building and call the utility’s emergency line.',
    'If nothing explains it, ask the utility to check the meter.',
  ],
  water: [
    'Turn off every tap and appliance, note the meter, and check it again after two hours without use: any change means a leak.',
    'Put a few drops of food colouring in each toilet tank; colour in the bowl within 15 minutes means a leaking flapper.',
    'Check outdoor taps, hoses and irrigation lines for wet spots.',
    'Fix the leak or call a plumber; many utilities adjust a bill after a repaired leak.',
  ],
  internet: ['Check the bill for new services or usage charges and ask the provider to explain them.'],
  other: ['Compare this bill line by line with the previous one and ask the provider about anything new.'],
};

const usageInvestigation: Rule = ({ bill, analysis, rate, annualCost, annualUsage }) => {
  const a = analysis.usageAnomalies.find((x) => x.metric === 'daily_usage' && x.direction === 'high');
  if (!a || rate === null) return [];
  const extraPerYear = (a.value - a.expected) * 365;
  const yearly = annualCost ?? (annualUsage === null ? null : annualUsage * rate);
  // What the spike costs if it kept going: its share of a year at this level, never more than the year's bills.
  const savings = Math.min(extraPerYear * rate, yearly === null ? Infinity : yearly * (1 - 1 / a.ratio));
  const water = bill.billType === 'water';
  return [{
    recommendationType: water ? 'leak_detection' : 'usage_investigation',
    title: water ? 'Check for a water leak' : 'Find out what drove this spike',
    description: `${a.explanation} If whatever caused it keeps running, it would cost about ${usd(savings)} a year.`,
    savings,
    costReduced: yearly,
    savingsPeriod: 'annual',
    effort: 'low',
    upfrontCost: 0,
    unitsSaved: extraPerYear,
    steps: INVESTIGATE_STEPS[bill.billType],
    calculation: `(${a.value} − ${a.expected}) ${bill.usageUnit ?? 'units'}/day above expectation × 365 days × $${rate.toFixed(3)}.`,
    trigger: `usage anomaly (${a.method === 'robust_z' ? `z = ${a.zScore}` : `ratio ${a.ratio}`})`,
  }];
};

const ratePlan: Rule = (ctx) => {
  const { bill, analysis, annualUsage } = ctx;
  // A rate comparison is money advice: not from a price per unit built on unsure values (ctx.rate is null then).
  if (bill.billType !== 'electricity' || bill.usageUnit !== 'kWh' || annualUsage === null || ctx.rate === null) return [];
  const yours = analysis.costs.costPerUnit;
  const state = getStateElectricityPrice(bill.stateCode, bill.propertyType);
  const jump = analysis.potentialIssues.find((i) => i.code === 'rate_jump');
  if (yours !== null && state !== null && yours > state * A.HIGH_PRICE_MARGIN) {
    const gap = yours - state;
    return [{
      recommendationType: 'rate_plan_comparison',
      title: 'Compare electricity plans and suppliers',
      description: `You pay $${yours.toFixed(3)} per kWh all-in, ${pct(yours / state - 1)} above the ${bill.stateCode?.toUpperCase()} ${bill.propertyType} average of $${state.toFixed(3)} (EIA, 2023). A different rate plan or, where your state allows it, another supplier could close part of that gap.`,
      savings: annualUsage * gap * A.PLAN_GAP_CAPTURE,
      costReduced: ctx.annualCost ?? annualUsage * yours,
      savingsPeriod: 'annual',
      effort: 'low',
      upfrontCost: 0,
      unitsSaved: null,
      steps: [
        'Ask your utility which rate plans you qualify for (time-of-use, budget, low-income, or a different commercial tariff).',
        'If your state has retail electricity choice, compare fixed-rate offers on the state’s official comparison site, watching for exit fees.',
        'Compare offers on the all-in price per kWh including fixed charges, using your yearly use.',
      ],
      calculation: `${num(annualUsage)} kWh a year × ($${yours.toFixed(3)} − $${state.toFixed(3)}) × ${pct(A.PLAN_GAP_CAPTURE)} of the gap.`,
      trigger: `cost per kWh above the state average${jump ? '; rate jump' : ''}`,
    }];
  }
  if (jump?.amount && analysis.period.days > 0) {
    const annual = (jump.amount * 365) / analysis.period.days;
    return [{
      recommendationType: 'rate_plan_review',
      title: 'Ask why your price per kWh went up',
      description: `${jump.detail} If a promotional or fixed-rate plan ended, ask for the current best plan.`,
      savings: annual * A.PLAN_GAP_CAPTURE,
      costReduced: ctx.annualCost,
      savingsPeriod: 'annual',
      effort: 'low',
      upfrontCost: 0,
      unitsSaved: null,
      steps: ['Check the bill’s rate section or message for a rate change.', 'Ask the utility or supplier for the plans you can switch to now, and their price per kWh.'],
      calculation: `Rate jump of ${usd(jump.amount)} this period × 365 / ${analysis.period.days} days × ${pct(A.PLAN_GAP_CAPTURE)} recovered.`,
      trigger: 'rate_jump',
    }];
  }
  return [];
};

/** Rules that react to a problem found on this bill. */
export const PROBLEM_RULES: readonly Rule[] = [billingDispute, lateFee, usageInvestigation, ratePlan];
