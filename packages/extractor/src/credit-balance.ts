import { findAmounts, round2 } from './fields/amount.ts';
import type { BillFields, DocumentText } from './types.ts';

/**
 * A bill whose balance is a credit ("CREDIT BALANCE — NO PAYMENT IS REQUIRED  $75.61", "You
 * have a credit of $75.61") owes nothing: its amount due is the credit as a negative figure
 * (−75.61), never 75.61 owed. Amounts printed as credits ("75.61CR", "75.61-", "($75.61)") are
 * negative already (fields/amount.ts); this covers a credit printed as a plain figure beside
 * words that say it is the balance.
 */

/** Words saying the balance is in the customer's favour. */
const CREDIT_STATEMENT = /\bcredit\s+balance\b|\b(?:you\s+have|there\s+is)\s+a\s+credit\b|\bbalance\s+(?:is\s+)?(?:a\s+)?credit\b|\bcredit\s+(?:on|to)\s+(?:your\s+)?account\b/i;
/** Words saying a credit line is history or a part, not the balance now. */
const NOT_THE_BALANCE = /\b(?:previous|prior|last|beginning|starting|applied|used|transferred|refund(?:ed)?|forward|adjustment|if|when|should|more\s+than|less\s+than|over|under|exceeds?)\b/i;
/** Words saying nothing is to be paid. */
const NOTHING_TO_PAY = /\bno\s+payment\s+(?:is\s+)?(?:required|due|needed|necessary)\b|\bdo\s+not\s+pay\b|\bnothing\s+(?:is\s+)?due\b/i;

export interface CreditReading {
  /** The credit, as a negative amount due. */
  amount: number;
  /** The line that said so. */
  line: string;
}

/** The balance credit the document states, or null when none (or two different ones). */
export function findCreditBalance(doc: DocumentText): CreditReading | null {
  const lines = doc.pages.flatMap((p) => p.lines.map((l) => l.text));
  const found = new Map<number, string>();
  lines.forEach((text, i) => {
    if (!CREDIT_STATEMENT.test(text) || NOT_THE_BALANCE.test(text)) return;
    // The figure on the line, else on the next line (a label above its value).
    for (const candidate of [text, lines[i + 1] ?? '']) {
      const money = findAmounts(candidate).filter((a) => (a.hasCurrency || a.hasCents) && a.value !== 0);
      if (money.length === 0) continue;
      if (money.length === 1 && money[0]) found.set(-Math.abs(money[0].value), text);
      return;
    }
  });
  if (found.size !== 1) return null;
  const [[amount, line]] = [...found.entries()] as [[number, string]];
  return { amount: round2(amount), line };
}

/**
 * Reads the amount due of a credit bill as the negative credit, when what was read is missing,
 * zero or the credit itself taken as owed. Returns a note for the checks, or null when nothing changed.
 */
export function applyCreditBalance(doc: DocumentText, fields: BillFields): string | null {
  const credit = findCreditBalance(doc);
  if (!credit) return null;
  const total = fields.totalAmount.value;
  if (total !== null && total !== 0 && total !== -credit.amount) return null;
  const parts = [fields.previousBalance.value, fields.paymentsReceived.value, fields.currentCharges.value];
  const reconciles = parts.every((v) => v !== null) && Math.abs((parts).reduce((a, b) => a + b, 0) - credit.amount) < 0.005;
  const saysNothingToPay = doc.pages.some((p) => p.lines.some((l) => NOTHING_TO_PAY.test(l.text)));
  fields.totalAmount = { value: credit.amount, confidence: reconciles ? 0.95 : saysNothingToPay ? 0.9 : 0.8 };
  return `amount due ${credit.amount.toFixed(2)} (a credit: "${credit.line.trim().slice(0, 80)}")`;
}
