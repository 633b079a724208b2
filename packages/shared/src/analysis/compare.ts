import type { BillMetrics } from './bill-metrics.ts';
import { yearAgoGap } from './dates.ts';
import { relativeChange, round } from './stats.ts';
import type { BillComparison, Delta } from './types.ts';

function delta(previous: number | null, current: number | null, decimals: number): Delta {
  const change = previous === null || current === null ? null : current - previous;
  const pct = relativeChange(previous, current);
  return {
    previous: previous === null ? null : round(previous, decimals),
    current: current === null ? null : round(current, decimals),
    change: change === null ? null : round(change, decimals),
    changePct: pct === null ? null : round(pct, 3),
  };
}

/** Changes from an earlier bill to this one, totals and per day. */
export function compareBills(current: BillMetrics, earlier: BillMetrics): BillComparison {
  return {
    billId: earlier.bill.id,
    month: earlier.month,
    usage: delta(earlier.usage, current.usage, 2),
    cost: delta(earlier.currentCharges, current.currentCharges, 2),
    days: delta(earlier.days, current.days, 0),
    dailyUsage: delta(earlier.dailyUsage, current.dailyUsage, 3),
    dailyCost: delta(earlier.dailyCost, current.dailyCost, 3),
  };
}

/** The latest earlier bill, and the one a year before this one (±20 days, `yearAgoGap`), when present. */
export function findComparisons(
  current: BillMetrics,
  history: readonly BillMetrics[],
): { previousBill: BillComparison | null; sameMonthLastYear: BillComparison | null } {
  const previous = history.at(-1) ?? null;
  let lastYear: BillMetrics | null = null;
  let bestGap = Infinity;
  if (current.refDay !== null) {
    for (const h of history) {
      const gap = h.refDay === null ? null : yearAgoGap(current.refDay, h.refDay);
      if (gap !== null && gap < bestGap) {
        lastYear = h;
        bestGap = gap;
      }
    }
  }
  return {
    previousBill: previous ? compareBills(current, previous) : null,
    sameMonthLastYear: lastYear ? compareBills(current, lastYear) : null,
  };
}
