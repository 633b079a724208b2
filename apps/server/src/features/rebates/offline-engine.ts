import type { EligibilityResult, Explanation, Household, Rebate, SmartHomeInsights } from '@wattwise/shared/contract/rebates';
import { type EligibilityContext, evaluateEligibility, HOUSEHOLD_QUESTIONS } from '@wattwise/shared/rebates/eligibility';
import { annualBillSavings } from '@wattwise/shared/rebates/ranking';
import type { UsageProfile } from '@wattwise/shared/contract/rebates';

/** Named in every answer, so the user knows no language model wrote it. */
export const OFFLINE_ENGINE = 'Wattwise offline engine (programme data and eligibility rules)';

const money = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;

/**
 * Household facts a person states in plain words ("we rent", "family of 4", "gas furnace",
 * "income under 80% of the area median"). Structured answers from the form win over these.
 */
export function householdFromText(text: string): Household {
  const t = text.toLowerCase();
  const found: Household = {};
  if (/\b(rent|renter|renting|tenant|lease)\b/.test(t)) found.tenure = 'renter';
  else if (/\b(own|owner|homeowner|bought|mortgage)\b/.test(t)) found.tenure = 'owner';
  const size = /\b(?:family|household) of (\d{1,2})\b/.exec(t) ?? /\b(\d{1,2}) (?:people|persons|of us)\b/.exec(t);
  if (size?.[1]) found.householdSize = Math.max(1, Math.min(20, Number(size[1])));
  if (/\b(low[- ]income|below 80|under 80|less than 80)/.test(t)) found.incomeBand = 'below_80';
  else if (/\b(above|over|more than) 150/.test(t)) found.incomeBand = 'above_150';
  else if (/\b(moderate[- ]income|80\s*(?:-|–|to)\s*150)/.test(t)) found.incomeBand = '80_to_150';
  if (/\b(propane)\b/.test(t)) found.heatingFuel = 'propane';
  else if (/\b(heating oil|oil furnace|oil boiler)\b/.test(t)) found.heatingFuel = 'heating_oil';
  else if (/\b(natural gas|gas furnace|gas boiler|gas heat)\b/.test(t)) found.heatingFuel = 'natural_gas';
  else if (/\b(electric (?:heat|baseboard|furnace)|heat pump)\b/.test(t)) found.heatingFuel = 'electricity';
  if (/\b(apartment|condo|multifamily|duplex)\b/.test(t)) found.propertyType = 'multifamily';
  else if (/\b(business|office|shop|store|commercial)\b/.test(t)) found.propertyType = 'commercial';
  return found;
}

export function checkEligibility(rebate: Rebate, ctx: EligibilityContext, scenario: string): EligibilityResult {
  const household = { ...householdFromText(scenario), ...ctx.household };
  const outcome = evaluateEligibility(rebate.eligibilityCriteria, { ...ctx, household });
  const notes = rebate.eligibilityCriteria.notes ?? [];
  const nextSteps: string[] = [];
  if (outcome.status === 'unknown') nextSteps.push(...outcome.missing.map((m) => `Answer: ${HOUSEHOLD_QUESTIONS[m]}`));
  if (outcome.status !== 'not_eligible') {
    nextSteps.push(...notes.map((n) => `Check: ${n}.`));
    nextSteps.push(rebate.applicationUrl ? `Apply with ${rebate.provider} at ${rebate.applicationUrl}.` : `Contact ${rebate.provider} to apply.`);
  } else nextSteps.push('Browse All Rebates for programmes open to your household.');
  const confidence = outcome.status === 'unknown' ? (outcome.missing.length > 1 ? 'Low' : 'Medium') : notes.length > 0 ? 'Medium' : 'High';
  const verdict =
    outcome.status === 'eligible'
      ? 'From what you told us and your bills, you appear eligible.'
      : outcome.status === 'not_eligible'
        ? 'From what you told us and your bills, this programme is not open to you.'
        : 'We need a little more to decide.';
  return {
    isEligible: outcome.status === 'eligible',
    status: outcome.status,
    reasoning: [verdict, ...outcome.reasons].join(' '),
    confidence,
    nextSteps,
    missing: outcome.missing,
    engine: OFFLINE_ENGINE,
  };
}

export function explainRebate(rebate: Rebate, usage: UsageProfile | null): Explanation {
  const parts = [`${rebate.provider} pays up to ${money(rebate.monetaryValue)} toward ${rebate.programName.split(':').pop()?.trim().toLowerCase() ?? 'this upgrade'}.`];
  const rules = rebate.eligibilityCriteria;
  if (rules.states?.length) parts.push(`It is open in ${rules.states.join(', ')}.`);
  if (rules.utilities?.length) parts.push(`You must be a customer of ${rules.utilities.join(', ')}.`);
  if (rules.incomeBands?.length) parts.push('Your household income decides how much you get.');
  if (rules.tenure?.length === 1) parts.push(rules.tenure[0] === 'owner' ? 'Only home owners can apply.' : 'Renters can apply.');
  parts.push(rebate.expirationDate ? `Apply before ${rebate.expirationDate}.` : 'It has no end date.');
  if (usage && usage.annualElectricityCost !== null) {
    const yearly = annualBillSavings(rebate.category, usage);
    if (yearly > 0) parts.push(`With your bills, this upgrade could also save about ${money(yearly)} a year.`);
  }
  return { summary: parts.join(' '), original: rebate.description, engine: OFFLINE_ENGINE };
}

const DEVICE_TIPS: { pattern: RegExp; tip: string; category: Rebate['category']; share: string }[] = [
  { pattern: /thermostat|hvac|heating|cooling|ac\b|air condition|furnace/, tip: 'Set the thermostat back 7–10 °F for 8 hours a day (sleep or work).', category: 'smart_thermostat', share: 'up to 10% of heating and cooling' },
  { pattern: /light|bulb|lamp/, tip: 'Replace the most-used bulbs with LEDs and put outdoor lights on timers.', category: 'lighting', share: 'about 6% of electricity' },
  { pattern: /water heater|shower|hot water/, tip: 'Lower the water heater to 120 °F and fix dripping hot taps.', category: 'heat_pump_water_heater', share: 'up to 10% of water heating' },
  { pattern: /tv|computer|console|charger|standby|plug/, tip: 'Put entertainment and office gear on smart plugs that cut standby power at night.', category: 'appliances', share: 'about 3% of electricity' },
  { pattern: /dryer|washer|laundry|dishwasher|fridge|freezer/, tip: 'Wash in cold water, run full loads and retire a second fridge or freezer.', category: 'appliances', share: 'about 3% of electricity' },
];

export function smartHomeInsights(description: string, rebates: readonly Rebate[], usage: UsageProfile | null): SmartHomeInsights {
  const text = description.toLowerCase();
  const matched = DEVICE_TIPS.filter((d) => d.pattern.test(text));
  const tips = (matched.length > 0 ? matched : DEVICE_TIPS.slice(0, 2)).map((d) => {
    const rebate = rebates.find((r) => r.category === d.category) ?? null;
    const yearly = usage ? annualBillSavings(d.category, usage) : 0;
    return { tip: d.tip, estimatedSavings: yearly > 0 ? `about ${money(yearly)} a year (${d.share})` : d.share, associatedRebateId: rebate?.id ?? null };
  });
  const upgrades = [...rebates]
    .sort((a, b) => b.monetaryValue - a.monetaryValue)
    .slice(0, 3)
    .map((r) => ({ upgrade: r.programName, reason: `Up to ${money(r.monetaryValue)} from ${r.provider}.`, relevantRebateId: r.id }));
  const cost = usage?.annualElectricityCost;
  return {
    overallAssessment:
      cost !== null && cost !== undefined
        ? `Your bills put electricity at about ${money(cost)} a year. The tips below are matched to the devices you described.`
        : 'Upload a bill to see savings in dollars; the tips below are matched to the devices you described.',
    energySavingTips: tips,
    suggestedUpgrades: upgrades,
    engine: OFFLINE_ENGINE,
  };
}
