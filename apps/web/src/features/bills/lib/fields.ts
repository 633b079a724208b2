import { formatAmountDue, formatDate, formatMoney, MISSING_VALUE } from '@/lib/format.ts';
import { BILL_TYPE_LABELS } from '@/lib/bill-labels.ts';
import type { BillType, ExtractedField, BillField } from '@wattwise/shared/contract/bills';
import { fieldStatusOf, UNSURE_BELOW } from '@wattwise/shared/analysis/provenance';

export const FIELD_LABELS: Record<BillField, string> = {
  utilityProvider: 'Provider',
  accountNumber: 'Account number',
  totalAmount: 'Amount due',
  currentCharges: 'Charges this period',
  previousBalance: 'Balance carried over',
  paymentsReceived: 'Payments received',
  lateFees: 'Late fees',
  dueDate: 'Due date',
  servicePeriodStart: 'Service period start',
  servicePeriodEnd: 'Service period end',
  usageAmount: 'Usage',
  usageUnit: 'Usage unit',
  billType: 'Bill type',
  customerName: 'Customer name',
  serviceAddress: 'Service address',
};

export type FieldKind = 'money' | 'number' | 'date' | 'text';

export function kindOf(field: BillField): FieldKind {
  if (field === 'totalAmount' || field === 'currentCharges' || field === 'previousBalance' || field === 'paymentsReceived' || field === 'lateFees') return 'money';
  if (field === 'usageAmount') return 'number';
  if (field === 'dueDate' || field === 'servicePeriodStart' || field === 'servicePeriodEnd') return 'date';
  return 'text';
}

/** Readable value of an extracted field; empty fields read 'Not found' (never $0.00). */
export function displayFieldValue(field: BillField, value: ExtractedField['value']): string {
  if (value == null || value === '') return MISSING_VALUE;
  switch (kindOf(field)) {
    case 'money':
      if (typeof value !== 'number') return String(value);
      return field === 'totalAmount' || field === 'previousBalance' ? formatAmountDue(value) : formatMoney(value);
    case 'number':
      return typeof value === 'number' ? value.toLocaleString('en-US') : String(value);
    case 'date':
      return formatDate(String(value)) ?? String(value);
    case 'text':
      return field === 'billType' ? (BILL_TYPE_LABELS[value as BillType] ?? String(value)) : String(value);
  }
}

/** Parses what the user typed into the value sent as a correction; null when it is not valid. */
export function parseCorrection(field: BillField, input: string): string | number | null {
  const text = input.trim();
  if (!text) return null;
  switch (kindOf(field)) {
    case 'money':
    case 'number': {
      // A balance may be a credit: "-75.61" or "Credit 75.61".
      if (field === 'totalAmount' || field === 'previousBalance') {
        const credit = /^credit\b/i.test(text);
        const number = Number(text.replace(/^credit\b/i, '').replace(/[$,\s]/g, ''));
        return Number.isFinite(number) && !(credit && number < 0) ? (credit ? -number : number) : null;
      }
      const number = Number(text.replace(/[$,\s]/g, ''));
      return Number.isFinite(number) && number >= 0 ? number : null;
    }
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : null;
    case 'text':
      if (field === 'billType') return text in BILL_TYPE_LABELS ? text : null;
      return text;
  }
}

/** Under this confidence a value read off the bill is shown as 'Please check' and asked for confirmation. */
export const CHECK_BELOW = UNSURE_BELOW;

/** A read value the reader is not sure of (status 'unsure'): shown as 'Please check' until the user confirms or corrects it. */
export function needsCheck(field: { value: unknown; confidence: number; corrected: boolean }): boolean {
  return fieldStatusOf(field) === 'unsure';
}
