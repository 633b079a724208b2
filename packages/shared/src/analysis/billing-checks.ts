import { carriedBalanceOf, getBillMetrics, isSameAccount, type BillMetrics } from './bill-metrics.ts';
import { classifyCharges, sumCurrentChargeLines } from './charges.ts';
import { toDayNumber } from './dates.ts';
import { dateText, usd } from './format.ts';
import { MONEY_TOLERANCE } from './money.ts';
import { median, round } from './stats.ts';
import type { AnalysisBill, IssueSeverity, PotentialIssue } from './types.ts';

export { MONEY_TOLERANCE } from './money.ts';
/** Cost per unit more than 25% above the history median is a rate jump. */
export const RATE_JUMP_RATIO = 1.25;
export const MIN_PERIOD_DAYS = 25;
/** Itemised lines covering less than this share of the charges are treated as a partial read. */
export const MIN_LINE_COVERAGE = 0.5;
export const MAX_PERIOD_DAYS = 35;

const money = (v: number): string => usd(Math.abs(v));
const SEVERITY_ORDER: Record<IssueSeverity, number> = { high: 0, medium: 1, low: 2 };
const RECHECK = 'If we misread a line, correct it and we will check again.';

function checkCharges(m: BillMetrics): PotentialIssue[] {
  const bill = m.bill;
  const out: PotentialIssue[] = [];
  const lines = classifyCharges(bill.charges);
  const target = m.currentCharges;
  // Without the amount there is nothing to check the lines against: say nothing rather than 'they add up'.
  if (target !== null && lines.some((c) => c.category !== 'balance')) {
    const sum = sumCurrentChargeLines(lines);
    const diff = target - sum;
    if (Math.abs(diff) > MONEY_TOLERANCE && target > 0 && sum < MIN_LINE_COVERAGE * target) {
      // Lines explaining less than half the charges point to lines we could not read, not a billing error.
      out.push({
        code: 'charges_incomplete',
        severity: 'low',
        title: 'Some charges could not be itemised',
        detail: `The charge lines we read add up to ${money(sum)} of ${money(target)}. ${RECHECK}`,
      });
    } else if (Math.abs(diff) > MONEY_TOLERANCE) {
      const what = m.currentChargesBasis === 'printed' ? 'current charges' : m.currentChargesBasis === 'total' ? 'amount due' : 'new charges (amount due less the carried balance)';
      const overcharged = diff > 0;
      out.push({
        code: 'charges_mismatch',
        severity: overcharged ? (diff >= Math.max(5, 0.05 * Math.abs(target)) ? 'high' : 'medium') : 'low',
        title: 'Charges don’t add up',
        detail: `The itemised charges add up to ${money(sum)}, but the bill shows ${money(target)} of ${what}: ${money(diff)} ${overcharged ? 'more than the lines explain' : 'less than the lines'}. ${RECHECK}`,
        ...(overcharged ? { amount: round(diff) } : {}),
      });
    }
  }
  const { previousBalance, payments, currentCharges, totalAmount } = bill;
  if (currentCharges != null && totalAmount != null && (previousBalance != null || payments != null)) {
    const expected = (previousBalance ?? 0) - Math.abs(payments ?? 0) + currentCharges;
    const diff = totalAmount - expected;
    if (Math.abs(diff) > MONEY_TOLERANCE) {
      out.push({
        code: 'balance_mismatch',
        severity: diff > 0 ? 'high' : 'low',
        title: 'Amount due doesn’t match the account summary',
        detail: `Previous balance ${money(previousBalance ?? 0)} minus payments ${money(payments ?? 0)} plus current charges ${money(currentCharges)} is ${money(expected)}, but the bill asks for ${money(totalAmount)}. ${RECHECK}`,
        ...(diff > 0 ? { amount: round(diff) } : {}),
      });
    }
  }
  const carried = carriedBalanceOf(bill);
  if (carried !== null && carried > MONEY_TOLERANCE) {
    const current = target === null ? '' : ` The figures on this page use this period's charges of ${money(target)}, not the amount due.`;
    out.push({
      code: 'past_due_balance',
      severity: 'medium',
      title: 'Past-due balance carried over',
      detail: `This bill carries ${money(carried)} from earlier bills that was not paid.${current} Paying it avoids late fees.`,
      amount: round(carried),
    });
  }
  const late = lines.filter((c) => /late/i.test(c.label) && c.amount > 0);
  const lateAmount = late.length ? late.reduce((s, c) => s + c.amount, 0) : (bill.lateFees ?? 0);
  if (lateAmount > 0) {
    const amount = lateAmount;
    out.push({
      code: 'late_fee',
      severity: 'low',
      title: 'Late payment fee',
      detail: `This bill includes ${money(amount)} of late fees. Many utilities waive a first late fee on request; autopay avoids the next one.`,
      amount: round(amount),
    });
  }
  return out;
}

function checkPeriod(m: BillMetrics, history: readonly BillMetrics[], today: number | null): PotentialIssue[] {
  const out: PotentialIssue[] = [];
  const prev = [...history].reverse().find((h) => h.endDay !== null && h.startDay !== null);
  if (prev?.endDay != null && m.startDay !== null && m.endDay !== null) {
    // Read-to-read bills start on the previous end date, calendar bills the day after: both are continuous.
    const gap = m.startDay - prev.endDay;
    if (gap < 0) {
      const days = Math.min(-gap, m.days);
      out.push({
        code: 'service_overlap',
        severity: days >= 2 ? 'high' : 'medium',
        title: 'Service days billed twice',
        detail: `This bill starts ${dateText(m.startDay)}, but your previous bill already ran to ${dateText(prev.endDay)}: ${days} day${days === 1 ? '' : 's'} appear on both.`,
        ...(m.dailyCost === null ? {} : { amount: round(days * m.dailyCost) }),
      });
    } else if (gap > 1) {
      out.push({
        code: 'service_gap',
        severity: 'medium',
        title: 'Service days missing between bills',
        detail: `${gap - 1} day${gap - 1 === 1 ? '' : 's'} between your previous bill (ended ${dateText(prev.endDay)}) and this one (starts ${dateText(m.startDay)}) are on neither bill; expect them on a later bill, or ask the utility.`,
      });
    }
  }
  if (!m.daysAssumed && (m.days < MIN_PERIOD_DAYS || m.days > MAX_PERIOD_DAYS)) {
    out.push({
      code: m.days < MIN_PERIOD_DAYS ? 'short_period' : 'long_period',
      severity: 'low',
      title: m.days < MIN_PERIOD_DAYS ? 'Unusually short billing period' : 'Unusually long billing period',
      detail: `This bill covers ${m.days} days instead of about a month, so its total is ${m.days < MIN_PERIOD_DAYS ? 'lower' : 'higher'} than a usual bill; compare the daily figures instead.`,
    });
  }
  const due = toDayNumber(m.bill.dueDate);
  if (due !== null && m.endDay !== null && due < m.endDay) {
    out.push({
      code: 'due_before_period_end',
      severity: 'medium',
      title: 'Due date before the service period ends',
      detail: `The bill is due ${dateText(due)}, before the service period ends on ${dateText(m.endDay)}. ${RECHECK}`,
    });
  }
  if (today !== null && m.endDay !== null && m.endDay > today) {
    out.push({
      code: 'future_period',
      severity: 'low',
      title: 'Service period ends in the future',
      detail: `The service period ends ${dateText(m.endDay)}, after today. ${RECHECK}`,
    });
  }
  return out;
}

function checkReadsAndRates(m: BillMetrics, history: readonly BillMetrics[]): PotentialIssue[] {
  const out: PotentialIssue[] = [];
  if (m.bill.meterReadings?.some((r) => r.estimated === true)) {
    out.push({
      code: 'estimated_read',
      severity: 'medium',
      title: 'Estimated meter read',
      detail: 'Your meter was estimated, not read, this period. An estimate can over- or under-charge until the next actual read corrects it; if it looks high, send the utility your own reading.',
    });
  }
  const unitCost = (b: BillMetrics): number | null => {
    const variable = classifyCharges(b.bill.charges).filter((c) => c.category === 'variable').reduce((s, c) => s + c.amount, 0);
    return b.usage !== null && b.usage > 0 && variable > 0 ? variable / b.usage : null;
  };
  // Prefer variable charges per unit: all-in cost per unit rises in low-usage months because of fixed charges.
  let basis = 'energy and usage charges';
  let now = unitCost(m);
  let past = history.map(unitCost).filter((v): v is number => v !== null);
  if (now === null || past.length === 0) {
    basis = 'everything on the bill';
    const usualUsage = median(history.map((h) => h.usage).filter((u): u is number => u !== null)) ?? 0;
    now = m.usage !== null && m.usage >= 0.7 * usualUsage ? m.costPerUnit : null;
    past = history.map((h) => h.costPerUnit).filter((v): v is number => v !== null);
  }
  const usual = median(past);
  if (now !== null && usual !== null && usual > 0 && now > RATE_JUMP_RATIO * usual && m.usage !== null) {
    const unit = m.bill.usageUnit ?? 'unit';
    out.push({
      code: 'rate_jump',
      severity: 'medium',
      title: 'Price per unit jumped',
      detail: `You paid $${now.toFixed(3)} per ${unit} (${basis}), ${Math.round((now / usual - 1) * 100)}% more than your usual $${usual.toFixed(3)} over ${past.length} earlier bill${past.length === 1 ? '' : 's'}. Check for a rate change, an expired plan price or a new charge.`,
      amount: round((now - usual) * m.usage),
    });
  }
  return out;
}

function checkDuplicate(m: BillMetrics, all: readonly AnalysisBill[]): PotentialIssue[] {
  if (m.startDay === null || m.endDay === null) return [];
  const twin = all.find((h) => {
    if (h.id === m.bill.id || h.billType !== m.bill.billType || !isSameAccount(h, m.bill)) return false;
    const hm = getBillMetrics(h);
    return hm.startDay === m.startDay && hm.endDay === m.endDay;
  });
  if (!twin) return [];
  return [{
    code: 'duplicate_bill',
    severity: 'high',
    title: 'Same period billed twice',
    detail: `This bill covers the same period (${dateText(m.startDay)} to ${dateText(m.endDay)}) as another bill of this account. If both were charged you may have paid twice; if it is the same bill uploaded again, keep one.`,
    ...(m.currentCharges === null ? {} : { amount: round(m.currentCharges) }),
  }];
}

/**
 * Billing-error checks: charges that don't add up (to the current charges, or previous
 * balance − payments + current charges = total), overlapping or missing service days against
 * the previous bill, period length, due date before period end, rate jumps, estimated reads,
 * late fees and duplicate periods. Sorted high → low severity.
 * `history` is the selected earlier bills; `allBills` the raw list (for duplicates).
 */
export function runBillingChecks(
  m: BillMetrics,
  history: readonly BillMetrics[],
  allBills: readonly AnalysisBill[],
  today: string,
): PotentialIssue[] {
  return runBillingChecksWithCoverage(m, history, allBills, today).issues;
}

/** Which checks could run for this bill: lines against this period's charges, dates against the previous bill's. */
export function checksRunFor(m: BillMetrics, history: readonly BillMetrics[]): { charges: boolean; servicePeriod: boolean } {
  const lines = classifyCharges(m.bill.charges);
  return {
    charges: m.currentCharges !== null && lines.some((c) => c.category !== 'balance'),
    servicePeriod: m.startDay !== null && m.endDay !== null && history.some((h) => h.startDay !== null && h.endDay !== null),
  };
}

/** The checks with the list of those that could run (the page says 'the charges add up' only when they were checked). */
export function runBillingChecksWithCoverage(
  m: BillMetrics,
  history: readonly BillMetrics[],
  allBills: readonly AnalysisBill[],
  today: string,
): { issues: PotentialIssue[]; checksRun: { charges: boolean; servicePeriod: boolean } } {
  const issues = [
    ...checkDuplicate(m, allBills),
    ...checkCharges(m),
    ...checkPeriod(m, history, toDayNumber(today)),
    ...checkReadsAndRates(m, history),
  ];
  return { issues: issues.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]), checksRun: checksRunFor(m, history) };
}
