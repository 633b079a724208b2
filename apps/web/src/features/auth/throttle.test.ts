import { AUTH_LAST_ATTEMPT_KEY } from '@wattwise/shared/auth';
import { describe, expect, it } from 'vitest';
import { tryStartAuthAttempt } from './throttle.ts';

function memoryStore() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('tryStartAuthAttempt', () => {
  it('rejects a second attempt within 2 seconds and allows one after', () => {
    const store = memoryStore();
    expect(tryStartAuthAttempt(10_000, store)).toBe(true);
    expect(store.map.get(AUTH_LAST_ATTEMPT_KEY)).toBe('10000');
    expect(tryStartAuthAttempt(11_999, store)).toBe(false);
    expect(tryStartAuthAttempt(12_000, store)).toBe(true);
  });

  it('does not let a rejected attempt extend the wait', () => {
    const store = memoryStore();
    tryStartAuthAttempt(0 + 5_000, store);
    tryStartAuthAttempt(6_000, store);
    expect(tryStartAuthAttempt(7_000, store)).toBe(true);
  });
});
