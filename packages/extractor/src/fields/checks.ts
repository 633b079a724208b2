import type { BillFields } from '../types.ts';
import { moneyIn } from './amount.ts';
import { daysBetween } from './date.ts';
import type { Layout } from './layout.ts';
import { findLabels, pairValue, type LabelDef } from './pairing.ts';

export interface Check {
  name: string;
  passed: boolean;
  detail?: string;
}

function defs(weight: number, phrases: string[]): LabelDef[] {
  return phrases.map((p) => ({ name: 'x', weight, re: new RegExp(`^[^\\w$(]{0,3}(?:${p})(?![a-z])`, 'i') }));
}

const PREVIOUS = defs(1, [
  'previous (?:balance|amount due|bill(?: amount)?)',
  'amount of (?:your )?last bill',
  'balance from (?:your )?previous bill',
  'prior balance',
  'last bill amount',
]);
const PAYMENTS = defs(1, [
  'payments? received',
  'payments?(?: - thank you| thank you)?',
  'auto ?pay received',
  'total payments',
  'payments? & adjustments',
]);
const CURRENT = defs(1, ['total current charges', 'current charges', 'total new charges', 'new charges', 'current bill']);

function firstValue(layout: Layout, labels: LabelDef[]): number | null {
  for (const hit of findLabels(layout, labels)) {
    const p = pairValue(layout, hit, moneyIn, { below: false });
    if (p) return p.value;
  }
  return null;
}

function bump(f: { confidence: number }, by: number) {
  f.confidence = Math.max(0.05, Math.min(0.99, f.confidence + by));
}

/**
 * Cross-checks between fields. Each passes or fails and moves the confidence of the fields
 * it involves; a passing check marks its fields as confirmed.
 */
export function crossCheck(
  layout: Layout,
  fields: BillFields,
  ctx: { statementDate: string | null; totalVotes: Array<{ value: number; count: number }> },
): { checks: Check[]; confirmed: Set<keyof BillFields> } {
  const checks: Check[] = [];
  const confirmed = new Set<keyof BillFields>();
  const total = fields.totalAmount.value;

  const printedPrevious = firstValue(layout, PREVIOUS);
  const printedPayments = firstValue(layout, PAYMENTS);
  const printedCurrent = firstValue(layout, CURRENT);
  // The parts read by meaning stand; the dictionary labels fill what they left empty.
  if (printedPrevious !== null && fields.previousBalance.value === null) fields.previousBalance = { value: printedPrevious, confidence: 0.7 };
  if (printedPayments !== null && fields.paymentsReceived.value === null) fields.paymentsReceived = { value: -Math.abs(printedPayments), confidence: 0.7 };
  if (printedCurrent !== null && fields.currentCharges.value === null) fields.currentCharges = { value: printedCurrent, confidence: 0.7 };
  const previous = fields.previousBalance.value;
  const payments = fields.paymentsReceived.value;
  const current = fields.currentCharges.value;

  if (total !== null && current !== null) {
    const balance = (previous ?? 0) - Math.abs(payments ?? 0);
    const sums = Math.abs(balance + current - total) < 0.015 || Math.abs(current - total) < 0.015;
    checks.push({ name: 'balance plus current charges equals total', passed: sums, detail: `${balance.toFixed(2)} + ${current.toFixed(2)} vs ${total.toFixed(2)}` });
    if (sums) {
      bump(fields.totalAmount, 0.15);
      confirmed.add('totalAmount');
    } else bump(fields.totalAmount, -0.1);
  }

  const top = ctx.totalVotes[0];
  if (top && total !== null && top.value === total) {
    const agree = top.count >= 2;
    checks.push({ name: 'amount due printed consistently (summary and stub)', passed: agree });
    if (agree) {
      bump(fields.totalAmount, 0.1);
      confirmed.add('totalAmount');
    }
    const others = ctx.totalVotes.slice(1).filter((v) => v.count >= top.count);
    if (others.length > 0) checks.push({ name: 'no conflicting amount due', passed: false, detail: others.map((o) => o.value).join(', ') });
  }

  const start = fields.servicePeriodStart.value;
  const end = fields.servicePeriodEnd.value;
  const due = fields.dueDate.value;
  if (start && end) {
    const days = daysBetween(start, end);
    const plausible = days >= 20 && days <= 66;
    checks.push({ name: 'service period length plausible', passed: plausible, detail: `${days} days` });
    bump(fields.servicePeriodStart, plausible ? 0.05 : -0.2);
    bump(fields.servicePeriodEnd, plausible ? 0.05 : -0.2);
    if (due) {
      const ok = due > end || due >= end;
      const gap = daysBetween(end, due);
      const sane = ok && gap <= 75;
      checks.push({ name: 'due date after service period', passed: sane, detail: `${gap} days after period end` });
      bump(fields.dueDate, sane ? 0.05 : -0.2);
      if (sane && plausible) {
        confirmed.add('servicePeriodStart');
        confirmed.add('servicePeriodEnd');
        confirmed.add('dueDate');
      }
    }
  }
  if (due && ctx.statementDate) {
    const ok = due >= ctx.statementDate && daysBetween(ctx.statementDate, due) <= 60;
    checks.push({ name: 'due date after statement date', passed: ok });
    bump(fields.dueDate, ok ? 0.05 : -0.15);
  }
  return { checks, confirmed };
}
