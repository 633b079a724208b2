import { describe, expect, it } from 'vitest';
import { findAmounts, moneyIn, parseAmount } from './amount.ts';

describe('parseAmount', () => {
  it.each([
    ['$1,234.56', 1234.56],
    ['1234.56', 1234.56],
    ['$ 312.84', 312.84],
    ['-$12.00', -12],
    ['$-12.00', -12],
    ['12.00 CR', -12],
    ['12.00CR', -12],
    ['(12.00)', -12],
    ['12.00-', -12],
    ['USD 99.10', 99.1],
    ['$51,872.46', 51872.46],
    ['$.92', 0.92],
    ['$75', 75],
  ])('%s → %s', (text, value) => {
    expect(parseAmount(text)).toBe(value);
  });

  it('repairs OCR slips in digits', () => {
    expect(parseAmount('$1O7.26')).toBe(107.26);
    expect(parseAmount('S107.26')).toBe(107.26);
    expect(parseAmount('$107 26')).toBe(107.26);
    expect(parseAmount('$l,204.5O')).toBe(1204.5);
  });

  it('does not read plain integers, words or dates as money', () => {
    expect(parseAmount('19 therms')).toBeNull();
    expect(parseAmount('Account Summary')).toBeNull();
    expect(parseAmount('04/09/2026')).toBeNull();
  });
});

describe('findAmounts / moneyIn', () => {
  it('finds every amount on a line with positions', () => {
    const found = findAmounts('Previous $45.19  Payments -$45.19  Due $47.19');
    expect(found.map((a) => a.value)).toEqual([45.19, -45.19, 47.19]);
    expect(found[2]?.hasCurrency).toBe(true);
  });
  it('ignores the numbers of a date next to an amount', () => {
    expect(moneyIn('Total amount due by February 8, 2021   $51,872.46').map((a) => a.value)).toEqual([51872.46]);
    expect(moneyIn('Payments Received 03/11/2026  -67.69').map((a) => a.value)).toEqual([-67.69]);
  });
});
