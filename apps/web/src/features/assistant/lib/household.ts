import type { BillFigures } from '@wattwise/shared/contract/bills';
import { EXAMPLE_MONTHLY_KWH, goalSuggestion, savingsEstimate } from './personalities.ts';

/** What the Home tab shows of the household: the user's own figures, or the spec's demo household labelled as an example. */
export type HouseholdFigures = {
  example: boolean;
  monthlyKwh: number;
  yearlyKwh: number;
  /** How many bills the yearly figure adds up (12 for the example). */
  yearlyBills: number;
  savings: number;
  goalKwh: number;
  /** The bill the monthly figure comes from. */
  latestBillId: string | null;
};

const DAY_MS = 86_400_000;

/**
 * From the user's read electricity bills in kWh: the latest bill's usage, the usage of the bills
 * that ended within a year of it, and 02-tools §9's savings estimate and goal from the latest.
 * No such bill: 02-tools §3's demo household (1200 kWh a month), marked as an example.
 */
export function householdFigures(bills: readonly BillFigures[]): HouseholdFigures {
  const kwhBills = bills
    .filter((b) => b.status === 'processed' && b.usageUnit === 'kWh' && b.usageAmount !== null && b.usageAmount > 0 && b.servicePeriodEnd)
    .sort((a, b) => (b.servicePeriodEnd ?? '').localeCompare(a.servicePeriodEnd ?? ''));
  const latest = kwhBills[0];
  if (!latest?.usageAmount || !latest.servicePeriodEnd) {
    return { example: true, monthlyKwh: EXAMPLE_MONTHLY_KWH, yearlyKwh: EXAMPLE_MONTHLY_KWH * 12, yearlyBills: 12, savings: savingsEstimate(EXAMPLE_MONTHLY_KWH), goalKwh: goalSuggestion(EXAMPLE_MONTHLY_KWH), latestBillId: null };
  }
  const yearStart = Date.parse(latest.servicePeriodEnd) - 365 * DAY_MS;
  const year = kwhBills.filter((b) => Date.parse(b.servicePeriodEnd ?? '') > yearStart);
  return {
    example: false,
    monthlyKwh: latest.usageAmount,
    yearlyKwh: Math.round(year.reduce((sum, b) => sum + (b.usageAmount ?? 0), 0)),
    yearlyBills: year.length,
    savings: savingsEstimate(latest.usageAmount),
    goalKwh: goalSuggestion(latest.usageAmount),
    latestBillId: latest.id,
  };
}
