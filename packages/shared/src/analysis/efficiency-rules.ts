import * as A from './assumptions.ts';
import { classifyCharges } from './charges.ts';
import { num, pct, usd } from './format.ts';
import type { RecommendationCandidate, Rule, RuleContext } from './recommendation-rules.ts';

const rateText = (ctx: RuleContext): string => `$${(ctx.rate ?? 0).toFixed(3)}/${ctx.unit}`;

/** Heating + cooling share, from the bills or the default curve, and where it came from. */
function hvac(ctx: RuleContext): { share: number; source: string } | null {
  const h = ctx.analysis.hvacShare;
  if (!h) return null;
  return { share: h.value, source: h.basis === 'bills' ? 'measured from your bills' : 'from the typical seasonal pattern, as there are too few bills to measure yours' };
}

const smartThermostat: Rule = (ctx) => {
  const { bill, annualUsage, rate } = ctx;
  const h = hvac(ctx);
  if ((bill.billType !== 'electricity' && bill.billType !== 'natural_gas') || !h || annualUsage === null || rate === null) return [];
  if (h.share < A.MIN_HVAC_SHARE_THERMOSTAT) return [];
  const units = annualUsage * h.share * A.SMART_THERMOSTAT_SAVINGS;
  return [{
    recommendationType: 'smart_thermostat',
    title: 'Install a smart thermostat',
    description: `About ${pct(h.share)} of your ${bill.billType === 'natural_gas' ? 'gas' : 'electricity'} goes to heating and cooling (${h.source}). A smart thermostat that sets back the temperature while you sleep or are out saves about ${pct(A.SMART_THERMOSTAT_SAVINGS)} of that.`,
    savings: units * rate,
    costReduced: annualUsage * h.share * rate,
    savingsPeriod: 'annual',
    effort: 'low',
    upfrontCost: A.SMART_THERMOSTAT_COST,
    unitsSaved: units,
    steps: [
      'Check your heating and cooling system’s wiring (a C-wire helps) against the thermostat’s compatibility list.',
      'Choose an ENERGY STAR certified model; look for a utility rebate first.',
      'Install it, or ask an electrician or HVAC technician.',
      'Set back 7–10°F at night and while away, and let it learn your schedule.',
    ],
    calculation: `${num(annualUsage)} ${ctx.unit} a year × ${pct(h.share)} heating and cooling × ${pct(A.SMART_THERMOSTAT_SAVINGS)} × ${rateText(ctx)}.`,
    trigger: `heating/cooling share ${pct(h.share)}`,
  }];
};

const weatherization: Rule = (ctx) => {
  const { bill, annualUsage, rate } = ctx;
  const h = hvac(ctx);
  if ((bill.billType !== 'electricity' && bill.billType !== 'natural_gas') || !h || annualUsage === null || rate === null) return [];
  if (h.share < A.MIN_HVAC_SHARE_WEATHERIZATION) return [];
  const units = annualUsage * h.share * A.WEATHERIZATION_SAVINGS;
  return [{
    recommendationType: 'weatherization',
    title: 'Seal air leaks and top up insulation',
    description: `Heating and cooling take about ${pct(h.share)} of your yearly energy use. Sealing drafts and insulating the attic typically cuts heating and cooling energy by ${pct(A.WEATHERIZATION_SAVINGS)} (ENERGY STAR).`,
    savings: units * rate,
    costReduced: annualUsage * h.share * rate,
    savingsPeriod: 'annual',
    effort: 'medium',
    upfrontCost: A.WEATHERIZATION_COST,
    unitsSaved: units,
    steps: [
      'Book a home energy audit (often free or discounted through the utility) or do a walk-through on a windy day.',
      'Caulk and weatherstrip leaky windows and doors; seal gaps around pipes, wiring and the attic hatch.',
      'Bring attic insulation up to the recommended level for your climate.',
      'Check for state or utility weatherization rebates before buying materials.',
    ],
    calculation: `${num(annualUsage)} ${ctx.unit} a year × ${pct(h.share)} heating and cooling × ${pct(A.WEATHERIZATION_SAVINGS)} × ${rateText(ctx)}.`,
    trigger: `heating/cooling share ${pct(h.share)}`,
  }];
};

const ledLighting: Rule = (ctx) => {
  const { bill, annualUsage, rate } = ctx;
  if (bill.billType !== 'electricity' || bill.usageUnit !== 'kWh' || annualUsage === null || rate === null) return [];
  const bulbs = bill.propertyType === 'commercial' ? A.LED_BULBS_COMMERCIAL : A.LED_BULBS_RESIDENTIAL;
  const perBulb = (A.LED_WATTS_SAVED_PER_BULB * A.LED_HOURS_PER_DAY * 365) / 1000;
  const kwh = Math.min(bulbs * perBulb, annualUsage * A.LED_MAX_SHARE_OF_USAGE);
  return [{
    recommendationType: 'led_lighting',
    title: 'Switch remaining bulbs to LED',
    description: `Each 60 W bulb replaced by a 9 W LED saves about ${num(perBulb)} kWh a year at ${A.LED_HOURS_PER_DAY} hours a day. For ${bulbs} bulbs at your rate of ${rateText(ctx)} that is the saving shown.`,
    savings: kwh * rate,
    costReduced: annualUsage * A.LED_MAX_SHARE_OF_USAGE * rate,
    savingsPeriod: 'annual',
    effort: 'low',
    upfrontCost: bulbs * A.LED_COST_PER_BULB,
    unitsSaved: kwh,
    steps: ['Start with the bulbs that burn longest (kitchen, living room, outdoor).', 'Buy ENERGY STAR LEDs with the same base and a warm colour (2700K) for living spaces.', 'Recycle old CFLs at a hardware store.'],
    calculation: `min(${bulbs} bulbs × ${A.LED_WATTS_SAVED_PER_BULB} W × ${A.LED_HOURS_PER_DAY} h × 365 / 1000, ${pct(A.LED_MAX_SHARE_OF_USAGE)} of ${num(annualUsage)} kWh) × ${rateText(ctx)}.`,
    trigger: 'electricity bill with usage',
  }];
};

const standbyPower: Rule = (ctx) => {
  const { bill, analysis, rate } = ctx;
  const base = analysis.baseLoad;
  if (bill.billType !== 'electricity' || !base || rate === null || base.share < A.STANDBY_MIN_BASE_SHARE) return [];
  const kwh = base.perDay * 365 * A.STANDBY_SAVINGS_OF_BASE_LOAD;
  return [{
    recommendationType: 'standby_power_reduction',
    title: 'Cut always-on power',
    description: `Your base load, what runs even in your quietest months, is ${base.perDay.toFixed(1)} kWh a day, ${pct(base.share)} of this bill. Advanced power strips and unplugging idle devices trim part of it.`,
    savings: kwh * rate,
    costReduced: base.perDay * 365 * rate,
    savingsPeriod: 'annual',
    effort: 'low',
    upfrontCost: A.STANDBY_POWER_STRIP_COST,
    unitsSaved: kwh,
    steps: ['Put the TV, game console and computer on advanced power strips.', 'Retire or unplug an old second fridge or freezer.', 'Check for devices that stay warm when "off".'],
    calculation: `${base.perDay.toFixed(2)} kWh/day base load × 365 × ${pct(A.STANDBY_SAVINGS_OF_BASE_LOAD)} × ${rateText(ctx)}.`,
    trigger: `base load ${pct(base.share)} of use`,
  }];
};

const timeOfUse: Rule = (ctx) => {
  const { bill, analysis, annualUsage, rate } = ctx;
  const variable = analysis.variableLoad;
  if (bill.billType !== 'electricity' || bill.propertyType !== 'residential' || !variable || annualUsage === null || rate === null) return [];
  if (variable.share < A.TOU_MIN_VARIABLE_SHARE) return [];
  const dollars = annualUsage * A.TOU_SHIFTABLE_SHARE * rate * A.TOU_OFF_PEAK_DISCOUNT;
  return [{
    recommendationType: 'time_of_use_plan',
    title: 'Consider a time-of-use rate',
    description: `${pct(variable.share)} of this bill’s use is above your base load, much of it flexible (laundry, dishwasher, EV charging, pre-cooling). If your utility offers a time-of-use rate, running it off-peak pays less. Your bills are monthly, so check your own hourly pattern in the utility’s smart-meter data first.`,
    savings: dollars,
    costReduced: annualUsage * A.TOU_SHIFTABLE_SHARE * rate,
    savingsPeriod: 'annual',
    effort: 'low',
    upfrontCost: 0,
    unitsSaved: null,
    steps: ['Download your hourly use from the utility’s website (smart meter).', 'Ask for the time-of-use rate’s peak hours and prices, and whether a bill comparison is offered.', 'Move dishwasher, laundry and EV charging to off-peak hours.'],
    calculation: `${num(annualUsage)} kWh × ${pct(A.TOU_SHIFTABLE_SHARE)} shifted × ${rateText(ctx)} × ${pct(A.TOU_OFF_PEAK_DISCOUNT)} off-peak discount.`,
    trigger: `variable load ${pct(variable.share)} of use`,
  }];
};

const waterHeaterSetback: Rule = (ctx) => {
  const { bill, analysis, rate } = ctx;
  const base = analysis.baseLoad;
  if (bill.billType !== 'natural_gas' || !base || rate === null) return [];
  const units = base.perDay * 365 * A.WATER_HEATER_SETBACK_SAVINGS;
  return [{
    recommendationType: 'water_heater_setback',
    title: 'Turn the water heater down to 120°F',
    description: `Your summer-level gas use of ${base.perDay.toFixed(2)} ${ctx.unit} a day is mostly water heating. Setting the tank to 120°F saves about ${pct(A.WATER_HEATER_SETBACK_SAVINGS)} of it (DOE: 3–5% per 10°F).`,
    savings: units * rate,
    costReduced: base.perDay * 365 * rate,
    savingsPeriod: 'annual',
    effort: 'low',
    upfrontCost: 0,
    unitsSaved: units,
    steps: ['Find the temperature dial on the gas valve at the bottom of the tank.', 'Turn it to 120°F ("warm"/"A" on many models) and check the tap temperature the next day.', 'Insulate the first metres of hot-water pipe.'],
    calculation: `${base.perDay.toFixed(2)} ${ctx.unit}/day base load × 365 × ${pct(A.WATER_HEATER_SETBACK_SAVINGS)} × ${rateText(ctx)}.`,
    trigger: 'gas base load',
  }];
};

function gallonsPerUnit(unit: string): number | null {
  if (unit === 'gallons') return 1;
  if (unit === 'CCF') return A.GALLONS_PER_CCF;
  if (unit === 'm3') return A.GALLONS_PER_M3;
  return null;
}

const waterSaving: Rule = (ctx) => {
  const { bill, analysis, annualUsage, rate } = ctx;
  const g = gallonsPerUnit(ctx.unit);
  if (bill.billType !== 'water' || annualUsage === null || rate === null || g === null) return [];
  const out: RecommendationCandidate[] = [];
  if (bill.propertyType === 'residential') {
    const units = Math.min(A.LOW_FLOW_GALLONS_PER_YEAR / g, annualUsage * A.LOW_FLOW_MAX_SHARE);
    out.push({
      recommendationType: 'low_flow_fixtures',
      title: 'Fit WaterSense showerheads and faucet aerators',
      description: `WaterSense fixtures save a typical household about ${num(A.LOW_FLOW_GALLONS_PER_YEAR)} gallons a year (EPA), priced here at your rate of ${rateText(ctx)}.`,
      savings: units * rate,
      costReduced: annualUsage * rate,
      savingsPeriod: 'annual',
      effort: 'low',
      upfrontCost: A.LOW_FLOW_COST,
      unitsSaved: units,
      steps: ['Buy a WaterSense labeled showerhead (2.0 gpm or less) and bathroom faucet aerators (1.5 gpm).', 'Unscrew the old ones, wrap the threads with plumber’s tape and screw on the new ones.', 'Ask your water utility about free fixture kits or rebates.'],
      calculation: `min(${num(A.LOW_FLOW_GALLONS_PER_YEAR)} gallons, ${pct(A.LOW_FLOW_MAX_SHARE)} of ${num(annualUsage * g)} gallons a year) × ${rateText(ctx)}.`,
      trigger: 'water bill with usage',
    });
  }
  const outdoor = analysis.weatherImpactAnalysis.status === 'ok' ? (analysis.weatherImpactAnalysis.coolingShare ?? 0) : 0;
  if (outdoor >= 0.1) {
    const units = annualUsage * outdoor * A.IRRIGATION_SAVINGS;
    out.push({
      recommendationType: 'irrigation_efficiency',
      title: 'Water the garden by the weather',
      description: `About ${pct(outdoor)} of your water goes on summer outdoor use. A WaterSense irrigation controller that skips watering after rain saves about ${pct(A.IRRIGATION_SAVINGS)} of it.`,
      savings: units * rate,
      costReduced: annualUsage * outdoor * rate,
      savingsPeriod: 'annual',
      effort: 'medium',
      upfrontCost: A.IRRIGATION_CONTROLLER_COST,
      unitsSaved: units,
      steps: ['Replace the irrigation timer with a WaterSense labeled weather-based controller.', 'Water early in the morning and fix broken sprinkler heads.'],
      calculation: `${num(annualUsage)} ${ctx.unit} × ${pct(outdoor)} summer use × ${pct(A.IRRIGATION_SAVINGS)} × ${rateText(ctx)}.`,
      trigger: `summer outdoor share ${pct(outdoor)}`,
    });
  }
  return out;
};

const demandCharges: Rule = ({ bill, analysis }) => {
  if (bill.billType !== 'electricity' || bill.propertyType !== 'commercial') return [];
  const demand = classifyCharges(bill.charges).filter((c) => /demand/i.test(c.label) && c.amount > 0).reduce((s, c) => s + c.amount, 0);
  if (demand <= 0) return [];
  const annual = (demand * 365) / analysis.period.days;
  return [{
    recommendationType: 'demand_charge_management',
    title: 'Lower your peak demand charge',
    description: `This bill has ${usd(demand)} of demand charges, set by your highest 15–30 minutes of use. Staggering equipment start-up and avoiding simultaneous loads typically shaves ${pct(A.DEMAND_CHARGE_REDUCTION)}.`,
    savings: annual * A.DEMAND_CHARGE_REDUCTION,
    costReduced: annual,
    savingsPeriod: 'annual',
    effort: 'medium',
    upfrontCost: 0,
    unitsSaved: null,
    steps: ['Ask the utility for your interval data to see when the peak happens.', 'Stagger start-up of HVAC, compressors and kitchen equipment by 15–30 minutes.', 'Pre-cool or pre-heat before the peak window.'],
    calculation: `${usd(demand)} demand charges × 365 / ${analysis.period.days} days × ${pct(A.DEMAND_CHARGE_REDUCTION)}.`,
    trigger: 'demand charge on bill',
  }];
};

const internetPlan: Rule = ({ bill, analysis }) => {
  if (bill.billType !== 'internet') return [];
  const out: RecommendationCandidate[] = [];
  const rise = analysis.comparisons.previousBill?.cost.change ?? null;
  if (rise !== null && rise >= A.INTERNET_PRICE_RISE_MIN) {
    out.push({
      recommendationType: 'internet_plan_review',
      title: 'Ask for your old internet price back',
      description: `This bill is ${usd(rise)} higher than the previous one, which usually means a promotional price ended. Providers often restore a lower price when asked, or a competitor offers a new-customer rate.`,
      savings: rise * 12,
      costReduced: analysis.annualEstimate?.cost ?? null,
      savingsPeriod: 'annual',
      effort: 'low',
      upfrontCost: 0,
      unitsSaved: null,
      steps: ['Check the bill for an ended promotion or a new fee.', 'Look up current offers for your address from this provider and competitors.', 'Call the provider’s retention line and ask to match the best offer, or switch.'],
      calculation: `${usd(rise)} monthly increase × 12 months.`,
      trigger: 'price increase vs previous bill',
    });
  }
  const rental = classifyCharges(bill.charges).filter((c) => /modem|router|gateway|equipment/i.test(c.label) && c.amount > 0).reduce((s, c) => s + c.amount, 0);
  if (rental > 0) {
    out.push({
      recommendationType: 'equipment_purchase',
      title: 'Buy your own modem instead of renting',
      description: `You pay ${usd(rental)} a month in equipment rental. A compatible modem-router costs about ${usd(A.MODEM_PURCHASE_COST)} once.`,
      savings: rental * 12,
      costReduced: rental * 12,
      savingsPeriod: 'annual',
      effort: 'low',
      upfrontCost: A.MODEM_PURCHASE_COST,
      unitsSaved: null,
      steps: ['Find the provider’s list of approved modems for your plan speed.', 'Buy one, activate it with the provider and return the rented unit (keep the receipt).'],
      calculation: `${usd(rental)} rental × 12 months.`,
      trigger: 'equipment rental charge',
    });
  }
  return out;
};

/** Rules that suggest using less or paying less, priced with this bill's usage and rate. */
export const EFFICIENCY_RULES: readonly Rule[] = [
  smartThermostat, weatherization, ledLighting, standbyPower, timeOfUse, waterHeaterSetback, waterSaving, demandCharges, internetPlan,
];
