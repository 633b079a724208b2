import { describe, expect, it } from 'vitest';
import { errorMessageOf, retryDelayMs, shouldToastFailure } from './subscription-check.ts';

describe('subscription check', () => {
  it('retries after 2 s, 4 s and 8 s, never waiting more than 60 s', () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([2000, 4000, 8000]);
    expect(retryDelayMs(10)).toBe(60_000);
  });

  it('toasts only the initial and the manual check', () => {
    expect((['initial', 'interval', 'manual', 'retry'] as const).map(shouldToastFailure)).toEqual([true, false, true, false]);
  });

  it('reads error messages in the spec’s order', () => {
    expect(errorMessageOf('plain')).toBe('plain');
    expect(errorMessageOf(new Error('boom'))).toBe('boom');
    expect(errorMessageOf({ error: 'inner' })).toBe('inner');
    expect(errorMessageOf({ error: { message: 'nested' } })).toBe('nested');
    expect(errorMessageOf(42)).toBe('Unknown error');
  });
});
