import { carriedBalanceFigure, type BillMetrics } from './bill-metrics.ts';
import { canAdvise } from './provenance.ts';
import { MONEY_TOLERANCE } from './money.ts';
import { round } from './stats.ts';
import type { AnalysisChargeLine, ChargeCategory, ClassifiedCharge, CostBreakdown } from './types.ts';

// Order matters: the first matching rule wins. Labels are compared lower-cased.
const LATE_FEE = /late (payment )?(fee|charge)|late payment/;
const BALANCE = /subtotal|previous balance|balance forward|prior balance|payment|amount due|total due|balance due|total amount|^total\b|^balance\b|amount enclosed/;
const CREDIT = /credit|discount|rebate|refund/;
const TAX_FEE = /\btax|\bfees?\b|surcharge|franchise|regulatory|universal service|public purpose|sales tax|\bgross receipts/;
// A per-unit quantity in the label means the line scales with usage.
const PER_UNIT = /\d[\d,.]*\s*(kwh|therms?|ccf|gal|gallons|m3|gb)\b|\bper (kwh|therm|ccf|gallon|gb)|@\s*\$?\d|\bx\s*\$\d/;
const FIXED_STRONG = /customer charge|basic (service )?charge|meter(ing)? charge|fixed charge|base charge|monthly (service )?charge|account charge|connection charge|minimum charge|equipment|modem|router|rental|plan\b|internet service|service plan/;
const VARIABLE = /energy|usage|consumption|supply|generation|distribution|transmission|delivery|fuel|commodity|volumetric|volume|kwh|therm|gas cost|purchased gas|water charge|sewer|wastewater|demand|overage|data\b/;
const FIXED_GENERIC = /service charge|facility charge|facilities charge|standby charge|readiness/;

/**
 * Sorts a charge line into fixed (customer, service, meter, facility…), variable (energy,
 * usage, supply, delivery per unit…), taxes and fees, credits, balance lines (previous
 * balance, payments, totals — not part of this period's charges) or other.
 */
export function classifyCharge(charge: AnalysisChargeLine): ChargeCategory {
  const label = charge.label.toLowerCase();
  if (LATE_FEE.test(label)) return 'taxes_fees';
  if (charge.amount < 0) return 'credit';
  // The bill's own grouping (read with the line) wins over guessing from the label.
  if (charge.kind === 'fixed') return 'fixed';
  if (charge.kind === 'variable') return 'variable';
  if (charge.kind === 'tax') return 'taxes_fees';
  if (charge.kind === 'credit') return 'credit';
  if (BALANCE.test(label)) return 'balance';
  if (CREDIT.test(label)) return 'credit';
  if (TAX_FEE.test(label)) return 'taxes_fees';
  if (PER_UNIT.test(label)) return 'variable';
  if (FIXED_STRONG.test(label)) return 'fixed';
  if (VARIABLE.test(label)) return 'variable';
  if (FIXED_GENERIC.test(label)) return 'fixed';
  return 'other';
}

/** Classifies every line of the bill. */
export function classifyCharges(charges: readonly AnalysisChargeLine[]): ClassifiedCharge[] {
  return charges.map((c) => ({ ...c, category: classifyCharge(c) }));
}

/** Sum of the lines that make up this period's charges (every category except balance lines). */
export function sumCurrentChargeLines(charges: readonly ClassifiedCharge[]): number {
  return charges.filter((c) => c.category !== 'balance').reduce((s, c) => s + c.amount, 0);
}

function sumOf(charges: readonly ClassifiedCharge[], category: ChargeCategory): number {
  return charges.filter((c) => c.category === category).reduce((s, c) => s + c.amount, 0);
}

/**
 * Cost figures of one bill: fixed vs variable charges, all-in and variable cost per unit,
 * the marginal rate used for savings estimates, daily usage and cost.
 */
export function getCostBreakdown(m: BillMetrics): CostBreakdown {
  const charges = classifyCharges(m.bill.charges);
  const fixed = sumOf(charges, 'fixed');
  const variable = sumOf(charges, 'variable');
  const itemised = charges.some((c) => c.category !== 'balance');
  const usage = m.usage !== null && m.usage > 0 ? m.usage : null;
  const variableCostPerUnit = usage !== null && variable > 0 ? variable / usage : null;
  const printedRate = m.bill.rate != null && m.bill.rate > 0 ? m.bill.rate : null;
  let marginalRate: number | null = null;
  let marginalRateBasis: CostBreakdown['marginalRateBasis'] = null;
  if (variableCostPerUnit !== null) [marginalRate, marginalRateBasis] = [variableCostPerUnit, 'variable_charges'];
  else if (printedRate !== null) [marginalRate, marginalRateBasis] = [printedRate, 'printed_rate'];
  else if (m.costPerUnit !== null && m.costPerUnit > 0) [marginalRate, marginalRateBasis] = [m.costPerUnit, 'all_in'];
  // "Past due" is money advice: only from a previous balance and payments both read or confirmed.
  const carriedFigure = carriedBalanceFigure(m.bill);
  const carried = canAdvise(carriedFigure.status) ? carriedFigure.value : null;
  const current = m.currentCharges;
  return {
    currentCharges: current === null ? null : round(current),
    currentChargesBasis: m.currentChargesBasis,
    pastDueBalance: carried !== null && carried > MONEY_TOLERANCE ? round(carried) : null,
    charges,
    fixed: round(fixed),
    variable: round(variable),
    taxesFees: round(sumOf(charges, 'taxes_fees')),
    credits: round(sumOf(charges, 'credit')),
    other: round(sumOf(charges, 'other')),
    fixedShare: itemised && current !== null && current > 0 ? round(Math.min(1, Math.max(0, fixed / current)), 3) : null,
    costPerUnit: m.costPerUnit === null ? null : round(m.costPerUnit, 4),
    variableCostPerUnit: variableCostPerUnit === null ? null : round(variableCostPerUnit, 4),
    marginalRate: marginalRate === null ? null : round(marginalRate, 4),
    marginalRateBasis,
    unit: m.bill.usageUnit,
    dailyUsage: m.dailyUsage === null ? null : round(m.dailyUsage, 3),
    dailyCost: m.dailyCost === null ? null : round(m.dailyCost, 3),
  };
}
