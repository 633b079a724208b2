import type { BillReading, BillType } from '@wattwise/shared/contract/bills';
import type { UTILITY_TYPES } from '@wattwise/shared/contract/payments';

type UtilityType = (typeof UTILITY_TYPES)[number];

/** What 'Read from bill' can fill in the payment form; a field the bill did not give stays as the user left it. */
export type PaymentFormFromBill = Partial<{
  provider: string;
  accountNumber: string;
  amount: string;
  utilityType: UtilityType;
  dueDate: string;
  customerName: string;
  customerAddress: string;
}>;

const UTILITY_OF_BILL: Record<BillType, UtilityType> = { electricity: 'electricity', natural_gas: 'gas', water: 'water', internet: 'internet', other: 'other' };

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() && value !== 'Unknown' ? value.trim() : undefined);

/**
 * The payment form's fields from a read bill (POST /api/bill-readings): the amount is what the
 * bill asks to be paid (its total due), never a figure the reader did not find.
 */
export function paymentFormFromBill(bill: BillReading): PaymentFormFromBill {
  const form: PaymentFormFromBill = {};
  const provider = text(bill.utilityProvider);
  if (provider) form.provider = provider;
  const account = text(bill.accountNumber);
  if (account) form.accountNumber = account;
  if (typeof bill.totalAmount === 'number' && bill.totalAmount > 0) form.amount = bill.totalAmount.toFixed(2);
  if (bill.dueDate) form.dueDate = bill.dueDate;
  if (bill.billType) form.utilityType = UTILITY_OF_BILL[bill.billType];
  const name = text(bill.customerName);
  if (name) form.customerName = name;
  const address = text(bill.serviceAddress);
  if (address) form.customerAddress = address;
  return form;
}
