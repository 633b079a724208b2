import type { Citation } from '@wattwise/shared/contract/assistant';
import { type BillKind, MONTH_NAMES } from './intents.ts';

/** What the assistant knows of one read bill (dollars, ISO dates), as printed or corrected. */
export type BillFact = {
  id: string;
  billType: string;
  provider: string;
  /** The brand the customer knows when it differs from the provider's legal name. */
  providerBrand?: string | null;
  totalAmount: number | null;
  usageAmount: number | null;
  usageUnit: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  dueDate: string | null;
  /** The utility account the bill belongs to; null when it could not be told (then compared with no other bill). */
  accountKey: string | null;
  /** The amount was read with confidence or confirmed by the user: money totals use only such amounts. */
  amountSure: boolean;
  stateCode: string | null;
};

const KIND_LABEL: Record<string, string> = { electricity: 'electricity', natural_gas: 'gas', water: 'water', internet: 'internet', other: 'utility' };

export function kindLabel(kind: string | null): string {
  return kind ? (KIND_LABEL[kind] ?? 'utility') : 'utility';
}

export function formatMoney(dollars: number): string {
  const sign = dollars < 0 ? '-' : '';
  return `${sign}$${Math.abs(dollars).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export function formatUsage(amount: number, unit: string | null): string {
  return `${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}${unit ? ` ${unit}` : ''}`;
}

export function formatPercent(fraction: number): string {
  return `${Math.round(Math.abs(fraction) * 100)}%`;
}

function parseDay(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

export function formatDay(iso: string): string {
  return parseDay(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** The calendar month a bill is for: the middle of its service period (or its end); null without a period. */
export function billMonth(bill: BillFact): { month: number; year: number } | null {
  const end = bill.periodEnd ? parseDay(bill.periodEnd) : null;
  const start = bill.periodStart ? parseDay(bill.periodStart) : null;
  const at = start && end ? new Date((start.getTime() + end.getTime()) / 2) : end;
  return at ? { month: at.getUTCMonth() + 1, year: at.getUTCFullYear() } : null;
}

export function monthLabel(m: { month: number; year: number | null }, short = false): string {
  const name = MONTH_NAMES[m.month - 1] ?? '';
  return `${short ? name.slice(0, 3) : name}${m.year ? ` ${m.year}` : ''}`;
}

export function periodDays(bill: BillFact): number | null {
  if (!bill.periodStart || !bill.periodEnd) return null;
  return Math.round((parseDay(bill.periodEnd).getTime() - parseDay(bill.periodStart).getTime()) / 86_400_000);
}

/** "Bluestem REMC electricity bill, Mar 2026". */
export function billLabel(bill: BillFact): string {
  const month = billMonth(bill);
  return `${bill.providerBrand ?? bill.provider} ${kindLabel(bill.billType)} bill${month ? `, ${monthLabel(month, true)}` : bill.dueDate ? `, due ${formatDay(bill.dueDate)}` : ''}`;
}

export function billHref(bill: BillFact): string {
  return `/dashboard/bills/${bill.id}`;
}

export function cite(bill: BillFact, label: string, value: string): Citation {
  return { label, value, billId: bill.id, source: billLabel(bill), href: billHref(bill) };
}

export function amountCitation(bill: BillFact): Citation | null {
  return bill.totalAmount === null ? null : cite(bill, 'Amount due', formatMoney(bill.totalAmount));
}

export function usageCitation(bill: BillFact): Citation | null {
  return bill.usageAmount === null ? null : cite(bill, 'Usage', formatUsage(bill.usageAmount, bill.usageUnit));
}

/** Bills of one kind (all when null), newest period first (the order the service gives them). */
export function ofKind(bills: readonly BillFact[], kind: BillKind | null): BillFact[] {
  return kind ? bills.filter((b) => b.billType === kind) : [...bills];
}

/** Bills of the same utility account as `bill` (never another account's; none when the account is unknown). */
export function sameAccount(bills: readonly BillFact[], bill: BillFact): BillFact[] {
  return bill.accountKey === null ? [] : bills.filter((b) => b.id !== bill.id && b.accountKey === bill.accountKey);
}

/** Ordering key: the period's end, else the due date. */
export function billDate(bill: BillFact): string {
  return bill.periodEnd ?? bill.dueDate ?? '';
}

/** Words of a utility's name that tell it apart ("NSTAR Electric Company" → nstar; "Eversource Energy" → eversource). */
const COMMON_NAME_WORDS = new Set(
  'the of and company co inc llc corp corporation electric electricity energy power gas natural water light utilities utility services service public city county town village district cooperative coop association my bill bills'.split(' '),
);

function nameWords(text: string): string[] {
  return text.toLowerCase().split(/[^a-z0-9&]+/).filter((w) => w.length >= 3 && !COMMON_NAME_WORDS.has(w));
}

/**
 * The bills of the utility a question names, by its legal name or its brand ("my Eversource
 * bill" finds the bills of NSTAR Electric Company d/b/a Eversource Energy); all bills when the
 * question names none of them.
 */
export function billsNamedIn(question: string, bills: BillFact[]): BillFact[] {
  const asked = new Set(nameWords(question));
  if (asked.size === 0) return bills;
  const named = bills.filter((b) => [b.provider, b.providerBrand ?? ''].some((name) => nameWords(name).some((w) => asked.has(w))));
  return named.length > 0 ? named : bills;
}
