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
