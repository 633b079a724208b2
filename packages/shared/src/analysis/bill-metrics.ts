import { monthKeyOf, toDayNumber } from './dates.ts';
import type { AnalysisBill, CostBreakdown } from './types.ts';

/** Billing period assumed when a bill has no usable service dates (a typical month). */
export const ASSUMED_PERIOD_DAYS = 30;
/** A due date usually falls about three weeks after the period ends; used only to place a dateless bill in a month. */
const DUE_AFTER_PERIOD_END_DAYS = 21;

/** Figures derived from one bill that every rule needs. */
export interface BillMetrics {
  bill: AnalysisBill;
  startDay: number | null;
  endDay: number | null;
  /** Read-to-read days (end − start); assumed 30 without dates. */
  days: number;
  daysAssumed: boolean;
  /** Middle of the period, the day that places the bill in a month. */
  refDay: number | null;
  month: string | null;
  usage: number | null;
  dailyUsage: number | null;
  /** Null when neither the amount due nor the current charges were read. */
  currentCharges: number | null;
  currentChargesBasis: CostBreakdown['currentChargesBasis'];
  dailyCost: number | null;
  costPerUnit: number | null;
}

/**
 * This period's own charges, without any balance carried from earlier bills: the printed
 * current charges, else the amount due less the carried balance, else the amount due; null
 * when nothing was read (never 0 in place of unknown).
 */
export function currentChargesOf(bill: AnalysisBill): {
  amount: number | null;
  basis: CostBreakdown['currentChargesBasis'];
} {
  if (bill.currentCharges != null) return { amount: bill.currentCharges, basis: 'printed' };
  if (bill.totalAmount == null) return { amount: null, basis: 'missing' };
  if (bill.previousBalance != null || bill.payments != null) {
    return { amount: bill.totalAmount - (carriedBalanceOf(bill) ?? 0), basis: 'total_minus_balance' };
  }
  return { amount: bill.totalAmount, basis: 'total' };
}

/** Previous balance less payments (negative when the account is in credit); null when neither was read. */
export function carriedBalanceOf(bill: AnalysisBill): number | null {
  if (bill.previousBalance == null && bill.payments == null) return null;
  return (bill.previousBalance ?? 0) - Math.abs(bill.payments ?? 0);
}

/**
 * Whether two bills may be compared: same account key, or no key on either (the caller
 * narrowed the history already). A null key (unknown account) compares with nothing.
 */
export function isSameAccount(a: AnalysisBill, b: AnalysisBill): boolean {
  if (a.accountKey === undefined && b.accountKey === undefined) return true;
  return a.accountKey != null && a.accountKey === b.accountKey;
}

/** Derives period length, month, daily usage and cost of one bill. */
export function getBillMetrics(bill: AnalysisBill): BillMetrics {
  const startDay = toDayNumber(bill.servicePeriodStart);
  const endDay = toDayNumber(bill.servicePeriodEnd);
  const hasPeriod = startDay !== null && endDay !== null && endDay > startDay;
  const days = hasPeriod ? endDay - startDay : ASSUMED_PERIOD_DAYS;
  let refDay: number | null = null;
  if (hasPeriod) refDay = Math.floor((startDay + endDay) / 2);
  else if (endDay !== null) refDay = endDay - Math.floor(ASSUMED_PERIOD_DAYS / 2);
  else if (startDay !== null) refDay = startDay + Math.floor(ASSUMED_PERIOD_DAYS / 2);
  else {
    const due = toDayNumber(bill.dueDate);
    if (due !== null) refDay = due - DUE_AFTER_PERIOD_END_DAYS - Math.floor(ASSUMED_PERIOD_DAYS / 2);
  }
  const usage = bill.usageAmount != null && bill.usageAmount >= 0 ? bill.usageAmount : null;
  const { amount, basis } = currentChargesOf(bill);
  return {
    bill,
    startDay,
    endDay,
    days,
    daysAssumed: !hasPeriod,
    refDay,
    month: refDay === null ? null : monthKeyOf(refDay),
    usage,
    dailyUsage: usage === null ? null : usage / days,
    currentCharges: amount,
    currentChargesBasis: basis,
    dailyCost: amount === null ? null : amount / days,
    costPerUnit: amount !== null && usage !== null && usage > 0 ? amount / usage : null,
  };
}

/**
 * The other bills of the same account and kind: same account key, same bill type, same unit
 * (when both are known), placed in time, not this bill itself and not a copy of its period;
 * oldest first. Earlier and later bills alike (yearly figures use the account's latest year).
 */
export function selectAccountBills(current: BillMetrics, history: readonly AnalysisBill[]): BillMetrics[] {
  const unit = current.bill.usageUnit;
  return history
    .filter((h) => h.id !== current.bill.id && h.billType === current.bill.billType && isSameAccount(h, current.bill))
    .filter((h) => unit === null || h.usageUnit === null || h.usageUnit === unit)
    .map(getBillMetrics)
    .filter((h) => h.refDay !== null && current.refDay !== null)
    .filter((h) => !(h.startDay === current.startDay && h.endDay === current.endDay && h.startDay !== null))
    .sort((a, b) => (a.refDay ?? 0) - (b.refDay ?? 0));
}

/**
 * The earlier bills of the same account and kind that the statistics may use: those of
 * `selectAccountBills` placed strictly before this bill; oldest first.
 */
export function selectHistory(current: BillMetrics, history: readonly AnalysisBill[]): BillMetrics[] {
  return selectAccountBills(current, history).filter((h) => (h.refDay ?? 0) < (current.refDay ?? 0));
}
