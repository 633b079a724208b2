import { describe, expect, it } from 'vitest';
import { displayFieldValue, needsCheck, parseCorrection } from './fields.ts';

describe('extracted field values', () => {
  it('shows each kind of value the way the design asks', () => {
    expect(displayFieldValue('totalAmount', 1234.5)).toBe('$1,234.50');
    expect(displayFieldValue('dueDate', '2026-03-15')).toBe('Mar 15, 2026');
    expect(displayFieldValue('billType', 'natural_gas')).toBe('Natural Gas');
    expect(displayFieldValue('usageAmount', 10221)).toBe('10,221');
    expect(displayFieldValue('accountNumber', null)).toBe('Not found');
  });

  it('parses corrections by field kind and refuses what does not fit', () => {
    expect(parseCorrection('totalAmount', ' $1,204.10 ')).toBe(1204.1);
    expect(parseCorrection('totalAmount', 'twelve')).toBeNull();
    expect(parseCorrection('usageAmount', '-5')).toBeNull();
    expect(parseCorrection('dueDate', '2026-04-06')).toBe('2026-04-06');
    expect(parseCorrection('dueDate', '04/06/2026')).toBeNull();
    expect(parseCorrection('billType', 'water')).toBe('water');
    expect(parseCorrection('billType', 'steam')).toBeNull();
    expect(parseCorrection('utilityProvider', '  Duke Energy ')).toBe('Duke Energy');
    expect(parseCorrection('utilityProvider', '   ')).toBeNull();
  });
});

describe('needsCheck', () => {
  it('asks to check values read with confidence under 0.8, until confirmed or corrected', () => {
    expect(needsCheck({ value: 97.12, confidence: 0.62, corrected: false })).toBe(true);
    expect(needsCheck({ value: 97.12, confidence: 0.8, corrected: false })).toBe(false);
    expect(needsCheck({ value: 97.12, confidence: 0.62, corrected: true })).toBe(false);
    expect(needsCheck({ value: null, confidence: 0, corrected: false })).toBe(false);
  });
});

describe('credit balances', () => {
  it('shows a negative amount due as a credit, never as owed', () => {
    expect(displayFieldValue('totalAmount', -75.61)).toBe('Credit $75.61');
    expect(displayFieldValue('previousBalance', -12)).toBe('Credit $12.00');
    expect(displayFieldValue('totalAmount', 75.61)).toBe('$75.61');
  });

  it('takes a credit typed as a correction of the amount due, not of the charges', () => {
    expect(parseCorrection('totalAmount', '-75.61')).toBe(-75.61);
    expect(parseCorrection('totalAmount', 'Credit $75.61')).toBe(-75.61);
    expect(parseCorrection('totalAmount', 'Credit -5')).toBeNull();
    expect(parseCorrection('currentCharges', '-75.61')).toBeNull();
  });
});
