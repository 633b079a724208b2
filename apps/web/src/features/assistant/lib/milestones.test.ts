import type { BillFigures } from '@wattwise/shared/contract/bills';
import { describe, expect, it } from 'vitest';
import { householdFigures } from './household.ts';
import { specialDayGreeting } from './milestones.ts';

describe('assistant special days', () => {
  it('greets specially on 22 April and 22 October only', () => {
    expect(specialDayGreeting(new Date(2026, 3, 22))).toBe('Happy Earth Day!');
    expect(specialDayGreeting(new Date(2026, 9, 22))).toBe('Happy Energy Day!');
    expect(specialDayGreeting(new Date(2026, 3, 21))).toBeNull();
    expect(specialDayGreeting(new Date(2026, 9, 23))).toBeNull();
  });
});

const bill = (id: string, end: string, usage: number | null, unit = 'kWh'): BillFigures =>
  ({ id, status: 'processed', servicePeriodEnd: end, usageAmount: usage, usageUnit: unit }) as BillFigures;

describe('household figures of the Home tab', () => {
  it('is the labelled example household (1200 kWh a month) without a kWh bill', () => {
    const example = householdFigures([bill('gas', '2026-03-31', 80, 'therms')]);
    expect(example).toEqual({ example: true, monthlyKwh: 1200, yearlyKwh: 14_400, yearlyBills: 12, savings: 259, goalKwh: 1020, latestBillId: null });
  });

  it("is the user's own: the latest bill's usage, a year of bills, the §9 estimate and goal", () => {
    const figures = householdFigures([bill('jan25', '2025-01-31', 2000), bill('mar', '2026-03-31', 750), bill('feb', '2026-02-28', 1300), bill('none', '2026-04-30', null)]);
    // 750 × 0.15 × 12 × 0.12 = 162, rounded down; the goal is 85% of 750.
    expect(figures).toEqual({ example: false, monthlyKwh: 750, yearlyKwh: 2050, yearlyBills: 2, savings: 162, goalKwh: 638, latestBillId: 'mar' });
  });
});
