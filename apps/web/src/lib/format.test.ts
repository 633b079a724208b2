import { describe, expect, it } from 'vitest';
import { confidenceLevel, formatChange, formatMonth, formatUsage } from './format.ts';

describe('formatting', () => {
  it('keeps the unit with usage and signs changes', () => {
    expect(formatUsage(824, 'kWh')).toBe('824 kWh');
    expect(formatUsage(null, 'kWh')).toBeNull();
    expect(formatChange(0.123)).toBe('+12%');
    expect(formatChange(-0.08)).toBe('−8%');
    expect(formatMonth('2026-03')).toBe('Mar 2026');
  });

  it('grades confidence', () => {
    expect(confidenceLevel(0.95)).toBe('High');
    expect(confidenceLevel(0.75)).toBe('Medium');
    expect(confidenceLevel(0.4)).toBe('Low');
  });
});

describe('amounts due', () => {
  it('shows a credit as "Credit $75.61" and an unknown amount as null', async () => {
    const { formatAmountDue, formatAmountDueOrNull } = await import('./format.ts');
    expect(formatAmountDue(-75.61)).toBe('Credit $75.61');
    expect(formatAmountDue(1234.5)).toBe('$1,234.50');
    expect(formatAmountDue(0)).toBe('$0.00');
    expect(formatAmountDueOrNull(null)).toBeNull();
  });
});
