import { describe, expect, it } from 'vitest';
import { formFromSearch, formToSearch, toSavingsRequest, usd } from './form.ts';

describe('calculator form', () => {
  it('turns non-numeric bills into 0 and trims the ZIP', () => {
    expect(toSavingsRequest({ electricBill: '120.5', gasBill: 'abc', waterBill: '', zipCode: ' 30303 ' })).toEqual({ electricBill: 120.5, gasBill: 0, waterBill: 0, zipCode: '30303' });
  });

  it('round-trips a shared link', () => {
    const form = { electricBill: '150', gasBill: '80', waterBill: '60', zipCode: '94103' };
    expect(formFromSearch(formToSearch(form))).toEqual(form);
    expect(formFromSearch(new URLSearchParams('section=compare'))).toBeNull();
  });

  it('formats cents as dollars', () => {
    expect(usd(116_928)).toBe('$1,169.28');
  });
});
