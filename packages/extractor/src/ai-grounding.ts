import { findAmounts } from './fields/amount.ts';
import { findDates } from './fields/date.ts';
import { normalizeUnit } from './fields/usage.ts';
import type { BillType } from './types.ts';

/**
 * Whether a value a model answered is printed in the bill's own text (text layer or OCR), after
 * normalising both sides: amounts and usage as numbers, dates as calendar days, account numbers
 * without their separators, names and addresses as words. A model can read; it must not invent,
 * so an answer that is not found is rejected (ai-check.ts).
 */
export type GroundedField =
  | 'billType'
  | 'utilityProvider'
  | 'accountNumber'
  | 'totalAmount'
  | 'dueDate'
  | 'servicePeriodStart'
  | 'servicePeriodEnd'
  | 'usageAmount'
  | 'usageUnit'
  | 'customerName'
  | 'serviceAddress';

/** Words that show a bill is of a type: a type the text gives no sign of is not taken from a model. */
const TYPE_SIGNS: Record<BillType, RegExp | null> = {
  electricity: /\bkwh\b|\belectric/i,
  natural_gas: /\btherms?\b|\bccf\b|\bgas\b/i,
  water: /\bwater\b|\bgallons?\b|\bsewer\b/i,
  internet: /\binternet\b|\bbroadband\b|\bmbps\b|\bwi-?fi\b/i,
  other: null,
};

const words = (text: string) => ` ${text.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, ' ').trim()} `;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function amountFound(value: number, text: string): boolean {
  const printed = findAmounts(text);
  // A credit (negative) may be printed as a plain figure beside "credit balance"; an amount owed must be printed as is.
  return printed.some((a) => a.value === value || (value < 0 && Math.abs(a.value) === -value));
}

function numberFound(value: number, text: string): boolean {
  for (const m of text.matchAll(/(?<![\d.])\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\d.,])\d+(?:\.\d+)?/g)) {
    if (Number(m[0].replace(/,/g, '')) === value) return true;
  }
  return false;
}

function dateFound(iso: string, text: string): boolean {
  const [year, month, day] = iso.split('-').map(Number);
  return findDates(text).some((d) => d.month === month && d.day === day && (d.year === null || d.year === year));
}

/** An account number's characters in order, with spaces, dashes or dots between them allowed. */
function identifierFound(value: string, text: string): boolean {
  const chars = value.replace(/[^A-Za-z0-9]/g, '');
  if (chars.length < 4) return false;
  const pattern = new RegExp(`(?<![A-Za-z0-9])${[...chars].map(escape).join('[\\s.\\-]?')}(?![A-Za-z0-9])`, 'i');
  return pattern.test(text);
}

export function foundInText(field: GroundedField, value: string | number, text: string): boolean {
  switch (field) {
    case 'totalAmount':
      return typeof value === 'number' && amountFound(value, text);
    case 'usageAmount':
      return typeof value === 'number' && numberFound(value, text);
    case 'dueDate':
    case 'servicePeriodStart':
    case 'servicePeriodEnd':
      return typeof value === 'string' && dateFound(value, text);
    case 'accountNumber':
      return identifierFound(String(value), text);
    case 'usageUnit':
      return [...text.matchAll(/[A-Za-z][A-Za-z0-9³.]*(?:\s(?:ft|feet))?/g)].some((m) => normalizeUnit(m[0])?.unit === value);
    case 'billType': {
      const sign = TYPE_SIGNS[value as BillType] as RegExp | null | undefined;
      return Boolean(sign?.test(text));
    }
    case 'utilityProvider':
    case 'customerName':
    case 'serviceAddress': {
      const wanted = words(String(value));
      return wanted.trim().length > 0 && words(text).includes(wanted);
    }
  }
}
