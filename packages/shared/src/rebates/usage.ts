import { getStateElectricityPrice } from '../analysis/eia-electricity-prices-2023.ts';
import type { StateCode, UsageProfile } from '../contract/rebates.ts';

/** The parts of a read bill the rebate estimate uses. */
export type UsageBill = {
  billType: string;
  utilityProvider: string;
  usageAmount: number | null;
  usageUnit: string | null;
  totalAmount: number | null;
  currentCharges?: number | null;
  rate?: number | null;
  servicePeriodStart: string | null;
  servicePeriodEnd: string | null;
};

const DAYS_PER_MONTH = 365.25 / 12;

function days(bill: UsageBill): number {
  if (bill.servicePeriodStart && bill.servicePeriodEnd) {
    const d = (Date.parse(bill.servicePeriodEnd) - Date.parse(bill.servicePeriodStart)) / 86_400_000;
    if (Number.isFinite(d) && d >= 20 && d <= 40) return d;
  }
  return DAYS_PER_MONTH;
}

const charges = (b: UsageBill) => b.currentCharges ?? b.totalAmount;

/**
 * A household's usage from its own bills: average monthly kWh (per day of service, so a
 * 28-day and a 33-day bill weigh right), its price per kWh (the bills' own rate or charges
 * per kWh, else the state's EIA average), and yearly electricity and gas costs.
 */
export function usageProfileFromBills(bills: readonly UsageBill[], state: StateCode | null): UsageProfile {
  const electric = bills.filter((b) => b.billType === 'electricity' && b.usageUnit === 'kWh' && b.usageAmount !== null && b.usageAmount > 0);
  const gas = bills.filter((b) => b.billType === 'natural_gas' && charges(b) !== null && (charges(b) ?? 0) > 0);
  const utilities = [...new Set(bills.map((b) => b.utilityProvider).filter((p) => p && p !== 'Unknown'))];

  let monthlyKwh: number | null = null;
  let rate: number | null = null;
  if (electric.length > 0) {
    const kwh = electric.reduce((s, b) => s + (b.usageAmount ?? 0), 0);
    const totalDays = electric.reduce((s, b) => s + days(b), 0);
    monthlyKwh = Math.round((kwh / totalDays) * DAYS_PER_MONTH);
    const priced = electric.filter((b) => charges(b) !== null && (charges(b) ?? 0) > 0);
    const printed = electric.map((b) => b.rate).filter((r): r is number => typeof r === 'number' && r > 0 && r < 2);
    if (priced.length > 0) {
      rate = priced.reduce((s, b) => s + (charges(b) ?? 0), 0) / priced.reduce((s, b) => s + (b.usageAmount ?? 0), 0);
    } else if (printed.length > 0) rate = printed.reduce((s, r) => s + r, 0) / printed.length;
  }
  rate ??= getStateElectricityPrice(state, 'residential');
  const annualElectricityCost = monthlyKwh !== null && rate !== null ? Math.round(monthlyKwh * 12 * rate * 100) / 100 : null;

  let annualGasCost: number | null = null;
  if (gas.length > 0) {
    const perDay = gas.reduce((s, b) => s + (charges(b) ?? 0), 0) / gas.reduce((s, b) => s + days(b), 0);
    annualGasCost = Math.round(perDay * 365.25 * 100) / 100;
  }
  return {
    monthlyKwh,
    electricityRate: rate === null ? null : Math.round(rate * 10_000) / 10_000,
    annualElectricityCost,
    annualGasCost,
    utilities,
    billCount: bills.length,
  };
}
