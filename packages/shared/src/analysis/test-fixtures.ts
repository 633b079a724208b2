/** Builders for constructed bill histories used by the analysis tests (never by the product). */
import type { AnalysisBill } from './types.ts';

export const ELECTRIC_RATE = 0.15;
export const CUSTOMER_CHARGE = 12;

function iso(y: number, m: number, d: number): string {
  return new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
}

/** A calendar-month bill: period from the 1st to the 1st of the next month (read-to-read). */
export function makeMonthlyBill(
  year: number,
  month: number,
  dailyUsage: number,
  overrides: Partial<AnalysisBill> = {},
): AnalysisBill {
  const start = iso(year, month, 1);
  const end = iso(year, month + 1, 1);
  const days = Math.round((Date.UTC(year, month, 1) - Date.UTC(year, month - 1, 1)) / 86_400_000);
  const billType = overrides.billType ?? 'electricity';
  const rate = overrides.rate ?? ELECTRIC_RATE;
  const usage = Math.round(dailyUsage * days);
  const energy = Math.round(usage * rate * 100) / 100;
  const total = Math.round((energy + CUSTOMER_CHARGE) * 100) / 100;
  return {
    id: `${billType}-${start}`,
    billType,
    propertyType: 'residential',
    totalAmount: total,
    currentCharges: null,
    previousBalance: null,
    payments: null,
    usageAmount: usage,
    usageUnit: billType === 'natural_gas' ? 'therms' : billType === 'water' ? 'gallons' : 'kWh',
    servicePeriodStart: start,
    servicePeriodEnd: end,
    dueDate: iso(year, month + 1, 21),
    charges: [
      { label: 'Customer Charge', amount: CUSTOMER_CHARGE },
      { label: billType === 'natural_gas' ? 'Gas Delivery Charge' : 'Energy Charge', amount: energy },
    ],
    rate,
    stateCode: 'GA',
    ...overrides,
  };
}

/** Consecutive monthly bills from (year, month), daily usage given per calendar month. */
export function makeHistory(
  year: number,
  month: number,
  count: number,
  dailyFor: (calendarMonth: number, index: number) => number,
  overrides: Partial<AnalysisBill> = {},
): AnalysisBill[] {
  const bills: AnalysisBill[] = [];
  for (let i = 0; i < count; i++) {
    const m0 = month - 1 + i;
    const y = year + Math.floor(m0 / 12);
    const m = (m0 % 12) + 1;
    bills.push(makeMonthlyBill(y, m, dailyFor(m, i), overrides));
  }
  return bills;
}

/** Typical air-conditioned home: ~20 kWh/day in spring and autumn, ~38 in July and August. */
export const SUMMER_PEAK_HOME = [24, 22, 20, 19, 21, 30, 38, 38, 29, 21, 20, 23] as const;
/** Gas-heated home, therms/day: heating in winter, ~0.7 (water heating) in summer. */
export const GAS_HEATED_HOME = [5.2, 4.6, 3.4, 2.0, 1.0, 0.7, 0.6, 0.6, 0.7, 1.5, 3.1, 4.8] as const;
