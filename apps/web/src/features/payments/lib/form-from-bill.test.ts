import { describe, expect, it } from 'vitest';
import { paymentFormFromBill } from './form-from-bill.ts';

const field = (value: string | number | null) => ({ value, confidence: 0.9, corrected: false, originalValue: value, status: value === null ? ('missing' as const) : ('read' as const) });

describe('the payment form from a read bill', () => {
  it('fills what the bill gave: provider, account, the amount due with cents, due date, utility, name and address', () => {
    const form = paymentFormFromBill({
      utilityProvider: 'Georgia Power',
      accountNumber: '12345-67890',
      totalAmount: 357.4,
      dueDate: '2025-06-02',
      billType: 'natural_gas',
      fields: { customerName: field('Jordan Rivera'), serviceAddress: field('12 Peachtree St, Atlanta, GA 30303') } as never,
    });
    expect(form).toEqual({
      provider: 'Georgia Power',
      accountNumber: '12345-67890',
      amount: '357.40',
      dueDate: '2025-06-02',
      utilityType: 'gas',
      customerName: 'Jordan Rivera',
      customerAddress: '12 Peachtree St, Atlanta, GA 30303',
    });
  });

  it('leaves out what the reader did not find instead of inventing it ($0.00, Unknown)', () => {
    const form = paymentFormFromBill({ utilityProvider: 'Unknown', accountNumber: '', totalAmount: null, dueDate: null, billType: 'electricity', fields: {} as never });
    expect(form).toEqual({ utilityType: 'electricity' });
  });
});
