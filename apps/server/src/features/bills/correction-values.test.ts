import { describe, expect, it } from 'vitest';
import { normaliseCorrection } from './bills.service.ts';

describe('corrected amounts', () => {
  it('takes a credit for the amount due or the previous balance ("-75.61", "Credit $75.61")', () => {
    expect(normaliseCorrection('totalAmount', '-75.61')).toBe(-75.61);
    expect(normaliseCorrection('totalAmount', 'Credit $75.61')).toBe(-75.61);
    expect(normaliseCorrection('previousBalance', -12)).toBe(-12);
    expect(normaliseCorrection('totalAmount', '$1,234.50')).toBe(1234.5);
  });

  it('refuses a negative charge, usage or a credit written twice', () => {
    expect(() => normaliseCorrection('currentCharges', '-75.61')).toThrow(/e\.g\. 123\.45/);
    expect(() => normaliseCorrection('usageAmount', -3)).toThrow();
    expect(() => normaliseCorrection('totalAmount', 'Credit -5')).toThrow(/a credit as -123\.45/);
  });
});
