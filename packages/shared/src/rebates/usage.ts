import { getStateElectricityPrice } from '../analysis/eia-electricity-prices-2023.ts';
import type { StateCode, UsageProfile } from '../contract/rebates.ts';

/** The parts of a read bill the rebate estimate uses. */
export type UsageBill = {
  billType: string;
  utilityProvider: string;
  /** The brand the customer knows, when the bill names one beside the legal name. */
  providerBrand?: string | null;
  usageAmount: number | null;
  usageUnit: string | null;
  totalAmount: number | null;
  currentCharges?: number | null;
  rate?: number | null;
  servicePeriodStart: string | null;
  servicePeriodEnd: string | null;
  /** The utility account (one home's meters are added up, each averaged on its own). */
  accountKey?: string | null;
  /** False: the usage was read unsure and not confirmed, so it does not feed savings. */
  usageSure?: boolean;
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
 * A home's usage from its own bills (the caller passes one home's): average monthly kWh of each
 * electricity account (per day of service, so a 28-day and a 33-day bill weigh right) added up
 * over the home's accounts, its price per kWh (the bills' own rate or charges per kWh, else the
 * state's EIA average), and yearly electricity and gas costs. Usage read unsure is left out.
 */
export function usageProfileFromBills(bills: readonly UsageBill[], state: StateCode | null): UsageProfile {
  const electric = bills.filter((b) => b.billType === 'electricity' && b.usageUnit === 'kWh' && b.usageAmount !== null && b.usageAmount > 0 && b.usageSure !== false);
  const gas = bills.filter((b) => b.billType === 'natural_gas' && charges(b) !== null && (charges(b) ?? 0) > 0);
  // Both names of each utility: programmes name the brand ("Eversource") as often as the legal name ("NSTAR Electric Company").
  const utilities = [...new Set(bills.flatMap((b) => [b.utilityProvider, b.providerBrand ?? '']).filter((p) => p && p !== 'Unknown'))];

  let monthlyKwh: number | null = null;
  let rate: number | null = null;
  if (electric.length > 0) {
    const byAccount = new Map<string, UsageBill[]>();
    for (const b of electric) byAccount.set(b.accountKey ?? '', [...(byAccount.get(b.accountKey ?? '') ?? []), b]);
    const perDay = [...byAccount.values()].reduce((sum, own) => sum + own.reduce((s, b) => s + (b.usageAmount ?? 0), 0) / own.reduce((s, b) => s + days(b), 0), 0);
    monthlyKwh = Math.round(perDay * DAYS_PER_MONTH);
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
