import { monthKeyOf, toDayNumber } from './dates.ts';
import { MONEY_TOLERANCE } from './money.ts';
import { canAdvise, deriveFigure, fieldInput, type Figure } from './provenance.ts';
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
  /** Where this period's charges came from: the weakest status of the fields behind them. */
  chargesFigure: Figure<number>;
  /** The usage's status (missing when not read). */
  usageFigure: Figure<number>;
  dailyCost: number | null;
  costPerUnit: number | null;
}

/**
 * This period's own charges, without any balance carried from earlier bills: the printed
 * current charges, else the amount due less the carried balance (only when both the previous
 * balance and the payments were read), else the amount due when neither was printed; null when
 * not known (never 0 in place of unknown). The figure carries the weakest status of its inputs.
 */
export function currentChargesFigure(bill: AnalysisBill): Figure<number> & { basis: CostBreakdown['currentChargesBasis'] } {
  const s = bill.fieldStatus;
  if (bill.currentCharges != null) {
    const printed = deriveFigure({ currentCharges: fieldInput(bill.currentCharges, s, 'currentCharges') }, (v) => v.currentCharges);
    return { ...(printed.status === 'unsure' && corroborated(bill) ? { ...printed, status: 'read' as const, unsure: [] } : printed), basis: 'printed' };
  }
  const totalAmount = fieldInput(bill.totalAmount, s, 'totalAmount');
  if (bill.totalAmount == null) return { ...deriveFigure({ totalAmount }, (v) => v.totalAmount), basis: 'missing' };
  if (bill.previousBalance != null || bill.payments != null) {
    const figure = deriveFigure(
      { totalAmount, previousBalance: fieldInput(bill.previousBalance, s, 'previousBalance'), paymentsReceived: fieldInput(bill.payments, s, 'paymentsReceived') },
      (v) => v.totalAmount - (v.previousBalance - Math.abs(v.paymentsReceived)),
    );
    return { ...figure, basis: figure.value === null ? 'balance_unread' : 'total_minus_balance' };
  }
  // A credit balance says what the account holds, not what this period cost.
  if (bill.totalAmount < 0) return { value: null, status: 'missing', unsure: [], missing: ['currentCharges'], basis: 'missing' };
  return { ...deriveFigure({ totalAmount }, (v) => v.totalAmount), basis: 'total' };
}

/**
 * A printed current charges read with low confidence is corroborated when the amount due, read
 * with confidence, gives the same figure: less the carried balance (both its parts read with
 * confidence), or equal to it when no balance was printed at all. Two readings that agree to the
 * cent are not a guess.
 */
function corroborated(bill: AnalysisBill): boolean {
  const s = bill.fieldStatus;
  const current = bill.currentCharges;
  const total = bill.totalAmount;
  if (current == null || total == null || !canAdvise(fieldInput(total, s, 'totalAmount').status)) return false;
  if (bill.previousBalance == null && bill.payments == null) return Math.abs(total - current) <= MONEY_TOLERANCE;
  const carried = carriedBalanceFigure(bill);
  return carried.value !== null && canAdvise(carried.status) && Math.abs(total - carried.value - current) <= MONEY_TOLERANCE;
}

export function currentChargesOf(bill: AnalysisBill): { amount: number | null; basis: CostBreakdown['currentChargesBasis'] } {
  const figure = currentChargesFigure(bill);
  return { amount: figure.value, basis: figure.basis };
}

/**
 * Previous balance less payments (negative when the account is in credit), only when both were
 * read: a balance whose payment line was not read is not "carried" (it may well be paid).
 */
export function carriedBalanceFigure(bill: AnalysisBill): Figure<number> {
  const s = bill.fieldStatus;
  return deriveFigure(
    { previousBalance: fieldInput(bill.previousBalance, s, 'previousBalance'), paymentsReceived: fieldInput(bill.payments, s, 'paymentsReceived') },
    (v) => v.previousBalance - Math.abs(v.paymentsReceived),
  );
}

export function carriedBalanceOf(bill: AnalysisBill): number | null {
  return carriedBalanceFigure(bill).value;
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
  const chargesFigure = currentChargesFigure(bill);
  const { value: amount, basis } = chargesFigure;
  const usageFigure = deriveFigure({ usageAmount: fieldInput(usage, bill.fieldStatus, 'usageAmount') }, (v) => v.usageAmount);
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
    chargesFigure: { value: chargesFigure.value, status: chargesFigure.status, unsure: chargesFigure.unsure, missing: chargesFigure.missing },
    usageFigure,
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
