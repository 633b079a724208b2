import { carriedBalanceFigure, getBillMetrics, isSameAccount, type BillMetrics } from './bill-metrics.ts';
import { classifyCharges, sumCurrentChargeLines } from './charges.ts';
import { toDayNumber } from './dates.ts';
import { amountDue as dueText, dateText, signedUsd, usd } from './format.ts';
import { MONEY_TOLERANCE } from './money.ts';
import { canAdvise, confirmText, deriveFigure, fieldInput, type FieldStatus, notCheckedText, type ProvenanceField } from './provenance.ts';
import { median, round } from './stats.ts';
import type { AnalysisBill, IssueSeverity, PotentialIssue, Reconciliation, ReconciliationPart } from './types.ts';

export { MONEY_TOLERANCE } from './money.ts';
/** Cost per unit more than 25% above the history median is a rate jump. */
export const RATE_JUMP_RATIO = 1.25;
export const MIN_PERIOD_DAYS = 25;
/** Itemised lines covering less than this share of the charges are treated as a partial read. */
export const MIN_LINE_COVERAGE = 0.5;
export const MAX_PERIOD_DAYS = 35;

const money = (v: number): string => signedUsd(v);
const SEVERITY_ORDER: Record<IssueSeverity, number> = { high: 0, medium: 1, low: 2 };
const RECHECK = 'If we misread a line, correct it and we will check again.';

/**
 * Services billed in advance (the period billed runs after the bill is issued): their due date
 * falls inside or before the period by design, so the period/due-date checks do not apply.
 */
export const ADVANCE_BILLED_TYPES: ReadonlySet<AnalysisBill['billType']> = new Set(['internet']);

const PART_LABELS = {
  previousBalance: 'Previous balance',
  paymentsReceived: 'Payments',
  lateFees: 'Late fees',
  currentCharges: 'Current charges',
  totalAmount: 'Amount due',
} as const;

/**
 * The account summary: previous balance − payments (+ late fees, when read) + current charges
 * = amount due. Checked only when every part was read or confirmed; a part read with low
 * confidence makes it an estimate (no billing error, no refund), a part not read leaves it
 * unchecked. Only the printed current charges count (charges worked out from the amount due
 * would make the check agree with itself).
 */
export function reconcileAccountSummary(bill: AnalysisBill): Reconciliation {
  const s = bill.fieldStatus;
  const inputs = {
    previousBalance: fieldInput(bill.previousBalance, s, 'previousBalance'),
    paymentsReceived: fieldInput(bill.payments, s, 'paymentsReceived'),
    currentCharges: fieldInput(bill.currentCharges, s, 'currentCharges'),
    totalAmount: fieldInput(bill.totalAmount, s, 'totalAmount'),
  };
  const fees = fieldInput(bill.lateFees, s, 'lateFees');
  const withFees = fees.value !== null ? { ...inputs, lateFees: fees } : inputs;
  const figure = deriveFigure(withFees, (v) => {
    const lateFees = 'lateFees' in v && typeof v.lateFees === 'number' ? v.lateFees : null;
    const expected = round(v.previousBalance - Math.abs(v.paymentsReceived) + (lateFees ?? 0) + v.currentCharges);
    const sum = `${money(v.previousBalance)} − payments ${usd(Math.abs(v.paymentsReceived))}${lateFees !== null ? ` + late fees ${money(lateFees)}` : ''} + current charges ${money(v.currentCharges)} = ${dueText(expected)}`;
    return { expected, difference: round(v.totalAmount - expected), sum, amountDue: v.totalAmount };
  });
  const parts: ReconciliationPart[] = (Object.keys(withFees) as (keyof typeof withFees)[]).map((field) => {
    const input = (withFees as Record<string, { value: number | null; status: FieldStatus }>)[field] ?? { value: null, status: 'missing' as const };
    return { field, label: PART_LABELS[field], value: input.value, status: input.status };
  });
  const base = { parts, unsure: figure.unsure as ProvenanceField[], missing: figure.missing as ProvenanceField[], status: figure.status };
  if (figure.value === null) return { ...base, outcome: 'not_checked', expected: null, difference: null, text: `The account summary ${notCheckedText(figure.missing)}.` };
  const { expected, difference, sum, amountDue } = figure.value;
  if (!canAdvise(figure.status)) {
    return { ...base, outcome: 'estimate', expected, difference, text: `Estimate: previous balance ${sum}, against an amount due of ${dueText(amountDue)}; ${confirmText(figure.unsure)}.` };
  }
  if (Math.abs(difference) <= MONEY_TOLERANCE) return { ...base, outcome: 'agrees', expected, difference, text: `Previous balance ${sum}, the amount due: the account summary adds up.` };
  return { ...base, outcome: 'mismatch', expected, difference, text: `Previous balance ${sum}, but the bill ${amountDue < 0 ? 'shows' : 'asks for'} ${dueText(amountDue)}.` };
}

function checkCharges(m: BillMetrics, reconciliation: Reconciliation): PotentialIssue[] {
  const bill = m.bill;
  const out: PotentialIssue[] = [];
  const lines = classifyCharges(bill.charges);
  const target = m.currentCharges;
  // Without the amount there is nothing to check the lines against: say nothing rather than 'they add up';
  // from an amount read with low confidence, no billing error either.
  if (target !== null && canAdvise(m.chargesFigure.status) && lines.some((c) => c.category !== 'balance')) {
    const sum = sumCurrentChargeLines(lines);
    const diff = target - sum;
    if (Math.abs(diff) > MONEY_TOLERANCE && target > 0 && sum < MIN_LINE_COVERAGE * target) {
      // Lines explaining less than half the charges point to lines we could not read, not a billing error.
      out.push({
        code: 'charges_incomplete',
        severity: 'low',
        title: 'Some charges could not be itemised',
        detail: `The charge lines we read add up to ${money(sum)} of ${money(target)}. ${RECHECK}`,
        status: m.chargesFigure.status,
      });
    } else if (Math.abs(diff) > MONEY_TOLERANCE) {
      const what = m.currentChargesBasis === 'printed' ? 'current charges' : m.currentChargesBasis === 'total' ? 'amount due' : 'new charges (amount due less the carried balance)';
      const overcharged = diff > 0;
      out.push({
        code: 'charges_mismatch',
        severity: overcharged ? (diff >= Math.max(5, 0.05 * Math.abs(target)) ? 'high' : 'medium') : 'low',
        title: 'Charges don’t add up',
        detail: `The itemised charges add up to ${money(sum)}, but the bill shows ${money(target)} of ${what}: ${usd(Math.abs(diff))} ${overcharged ? 'more than the lines explain' : 'less than the lines'}. ${RECHECK}`,
        ...(overcharged ? { amount: round(diff) } : {}),
        status: m.chargesFigure.status,
      });
    }
  }
  if (reconciliation.outcome === 'mismatch' && reconciliation.difference !== null) {
    const diff = reconciliation.difference;
    const current = bill.currentCharges ?? null;
    // A gap as large as the whole period's charges is a misread line, not an overcharge: no refund from it.
    const plausible = diff > 0 && current !== null && diff < current;
    out.push({
      code: 'balance_mismatch',
      severity: plausible ? 'high' : 'low',
      title: 'Amount due doesn’t match the account summary',
      detail: `${reconciliation.text} ${plausible ? `That is ${usd(diff)} more than the summary explains.` : diff > 0 ? 'The gap is as large as this period’s charges, so a line was most likely misread; check the values we read.' : `That is ${usd(-diff)} less than the summary.`} ${RECHECK}`,
      ...(plausible ? { amount: round(diff) } : {}),
      status: reconciliation.status,
    });
  }
  const carried = carriedBalanceFigure(bill);
  if (carried.value !== null && canAdvise(carried.status) && carried.value > MONEY_TOLERANCE) {
    const current = target === null || !canAdvise(m.chargesFigure.status) ? '' : ` The figures on this page use this period's charges of ${money(target)}, not the amount due.`;
    out.push({
      code: 'past_due_balance',
      severity: 'medium',
      title: 'Past-due balance carried over',
      detail: `This bill carries ${money(carried.value)} from earlier bills that was not paid.${current} Paying it avoids late fees.`,
      amount: round(carried.value),
      status: carried.status,
    });
  }
  const late = lines.filter((c) => /late/i.test(c.label) && c.amount > 0);
  const fees = fieldInput(bill.lateFees, bill.fieldStatus, 'lateFees');
  const lateAmount = late.length ? late.reduce((s, c) => s + c.amount, 0) : canAdvise(fees.status) ? (fees.value ?? null) : null;
  // A late fee as large as the whole amount due is a misread figure, not a fee.
  if (lateAmount !== null && lateAmount > 0 && (bill.totalAmount == null || lateAmount < bill.totalAmount)) {
    out.push({
      code: 'late_fee',
      severity: 'low',
      title: 'Late payment fee',
      detail: `This bill includes ${money(lateAmount)} of late fees. Many utilities waive a first late fee on request; autopay avoids the next one.`,
      amount: round(lateAmount),
      status: late.length ? 'read' : fees.status,
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
        ...(m.dailyCost === null || !canAdvise(m.chargesFigure.status) ? {} : { amount: round(days * m.dailyCost) }),
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
  // Services billed in advance are due before the period they pay for ends, and that period may end after today.
  if (ADVANCE_BILLED_TYPES.has(m.bill.billType)) return out;
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
  // A rate compared is money advice: only from usage and charges read with confidence or confirmed.
  const trusted = (b: BillMetrics) => canAdvise(b.usageFigure.status) && canAdvise(b.chargesFigure.status);
  if (!trusted(m)) return out;
  history = history.filter(trusted);
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
    ...(m.currentCharges === null || !canAdvise(m.chargesFigure.status) ? {} : { amount: round(m.currentCharges) }),
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
    charges: m.currentCharges !== null && canAdvise(m.chargesFigure.status) && lines.some((c) => c.category !== 'balance'),
    servicePeriod: m.startDay !== null && m.endDay !== null && history.some((h) => h.startDay !== null && h.endDay !== null),
  };
}

/** The checks with the list of those that could run (the page says 'the charges add up' only when they were checked). */
export function runBillingChecksWithCoverage(
  m: BillMetrics,
  history: readonly BillMetrics[],
  allBills: readonly AnalysisBill[],
  today: string,
): { issues: PotentialIssue[]; checksRun: { charges: boolean; servicePeriod: boolean }; reconciliation: Reconciliation } {
  const reconciliation = reconcileAccountSummary(m.bill);
  const issues = [
    ...checkDuplicate(m, allBills),
    ...checkCharges(m, reconciliation),
    ...checkPeriod(m, history, toDayNumber(today)),
    ...checkReadsAndRates(m, history),
  ];
  return { issues: issues.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]), checksRun: checksRunFor(m, history), reconciliation };
}
