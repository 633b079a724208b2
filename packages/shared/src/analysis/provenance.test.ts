import { describe, expect, it } from 'vitest';
import {
  canAdvise,
  confirmText,
  deriveFigure,
  fieldStatusesOf,
  fieldStatusOf,
  notCheckedText,
  statusOfValue,
  UNSURE_BELOW,
  weakestStatus,
} from './provenance.ts';

describe('fieldStatusOf', () => {
  it('maps value, confidence and correction to a status', () => {
    expect(fieldStatusOf({ value: null, confidence: 0.99, corrected: false })).toBe('missing');
    expect(fieldStatusOf({ value: 12, confidence: 0.95, corrected: false })).toBe('read');
    expect(fieldStatusOf({ value: 12, confidence: UNSURE_BELOW, corrected: false })).toBe('read');
    expect(fieldStatusOf({ value: 12, confidence: UNSURE_BELOW - 0.01, corrected: false })).toBe('unsure');
    expect(fieldStatusOf({ value: 12, confidence: null, corrected: false })).toBe('unsure');
    expect(fieldStatusOf({ value: 12, confidence: 0.1, corrected: true })).toBe('confirmed');
    // A correction cannot make a value out of nothing.
    expect(fieldStatusOf({ value: null, confidence: 1, corrected: true })).toBe('missing');
  });
});

describe('fieldStatusesOf (a stored bill)', () => {
  it('reads confidences from the extraction and confirmations from the corrections', () => {
    const statuses = fieldStatusesOf({
      values: { totalAmount: 71.44, previousBalance: null, paymentsReceived: 325.54, usageAmount: 5940, currentCharges: 71.44 },
      extracted: { fields: { totalAmount: { value: 71.44, confidence: 0.97 }, paymentsReceived: { value: 325.54, confidence: 0.62 }, usageAmount: { value: 5940, confidence: 0.14 }, currentCharges: { value: 70, confidence: 0.3 } } },
      corrections: { currentCharges: { value: 71.44, at: '2026-01-01T00:00:00Z' } },
    });
    expect(statuses).toEqual({ totalAmount: 'read', previousBalance: 'missing', paymentsReceived: 'unsure', usageAmount: 'unsure', currentCharges: 'confirmed' });
  });

  it('survives a bill without any stored extraction', () => {
    expect(fieldStatusesOf({ values: { totalAmount: 10 }, extracted: null, corrections: null })).toEqual({ totalAmount: 'unsure' });
  });
});

describe('deriveFigure', () => {
  it('takes the weakest status and lists unsure inputs', () => {
    const f = deriveFigure({ totalAmount: { value: 100, status: 'read' }, usageAmount: { value: 500, status: 'unsure' } }, (v) => v.totalAmount / v.usageAmount);
    expect(f).toEqual({ value: 0.2, status: 'unsure', unsure: ['usageAmount'], missing: [] });
    expect(canAdvise(f.status)).toBe(false);
  });

  it('does not compute from a missing input', () => {
    let called = false;
    const f = deriveFigure({ previousBalance: { value: null, status: 'read' }, totalAmount: { value: 5, status: 'confirmed' } }, () => {
      called = true;
      return 0;
    });
    expect(called).toBe(false);
    expect(f).toEqual({ value: null, status: 'missing', unsure: [], missing: ['previousBalance'] });
  });

  it('advises from read and confirmed inputs only', () => {
    const f = deriveFigure({ a: { value: 1, status: 'read' }, b: { value: 2, status: 'confirmed' } }, (v) => v.a + v.b);
    expect(f.status).toBe('read');
    expect(canAdvise(f.status)).toBe(true);
    expect(canAdvise('unsure')).toBe(false);
    expect(canAdvise('missing')).toBe(false);
    expect(weakestStatus([])).toBe('confirmed');
  });
});

describe('texts', () => {
  it('names the fields', () => {
    expect(notCheckedText(['previousBalance'])).toBe("could not be checked: the bill's previous balance was not read");
    expect(confirmText(['usageAmount'])).toBe('confirm usage to see this');
    expect(confirmText(['usageAmount', 'totalAmount'])).toBe('confirm usage and amount due to see this');
  });

  it('treats a bill built without statuses as read, but never a null as anything but missing', () => {
    expect(statusOfValue(3, undefined, 'totalAmount')).toBe('read');
    expect(statusOfValue(null, { totalAmount: 'confirmed' }, 'totalAmount')).toBe('missing');
  });
});
