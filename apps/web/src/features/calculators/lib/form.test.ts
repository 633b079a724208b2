import { describe, expect, it } from 'vitest';
import { formFromSearch, formToSearch, quickPreviewCents, toSavingsRequest, usd } from './form.ts';

describe('calculator form', () => {
  it('turns non-numeric bills into 0 and trims the ZIP', () => {
    expect(toSavingsRequest({ electricBill: '120.5', gasBill: 'abc', waterBill: '', zipCode: ' 30303 ' })).toEqual({ electricBill: 120.5, gasBill: 0, waterBill: 0, zipCode: '30303' });
  });

  it('round-trips a shared link', () => {
    const form = { electricBill: '150', gasBill: '80', waterBill: '60', zipCode: '94103' };
    expect(formFromSearch(formToSearch(form))).toEqual(form);
    expect(formFromSearch(new URLSearchParams('section=compare'))).toBeNull();
  });

  it('previews 29% of the total bills', () => {
    expect(quickPreviewCents({ electricBill: '150', gasBill: '80', waterBill: '60' })).toBe(8410);
    expect(quickPreviewCents({ electricBill: 'x' })).toBe(0);
  });

  it('formats cents as dollars', () => {
    expect(usd(116_928)).toBe('$1,169.28');
  });
});
