import { describe, expect, it } from 'vitest';
import { paymentFormFromBill } from './form-from-bill.ts';

describe('the payment form from a read bill', () => {
  it('fills what the bill gave: provider, account, the amount due with cents, due date, utility, name and address', () => {
    const form = paymentFormFromBill({
      utilityProvider: 'Georgia Power',
      accountNumber: '12345-67890',
      totalAmount: 357.4,
      dueDate: '2025-06-02',
      billType: 'natural_gas',
      customerName: 'Jordan Rivera',
      serviceAddress: '12 Peachtree St, Atlanta, GA 30303',
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
    const form = paymentFormFromBill({ utilityProvider: 'Unknown', accountNumber: '', totalAmount: null, dueDate: null, billType: 'electricity', customerName: null, serviceAddress: null });
    expect(form).toEqual({ utilityType: 'electricity' });
  });
});
