import { describe, expect, it } from 'vitest';
import { parseSession } from './auth-client.ts';

describe('parseSession', () => {
  it('reads a signed-out answer as null', () => {
    expect(parseSession(null)).toBeNull();
  });

  it('keeps the user fields the app reads and drops the rest', () => {
    const parsed = parseSession({
      user: { id: 'u1', email: 'a@example.com', name: null, role: 'admin', emailVerified: true, image: 'x' },
      session: { expiresAt: '2026-12-01T00:00:00.000Z', token: 't' },
    });
    expect(parsed?.user).toEqual({ id: 'u1', email: 'a@example.com', name: null, role: 'admin', emailVerified: true });
    expect(parsed?.session.expiresAt).toBe('2026-12-01T00:00:00.000Z');
  });

  it.each([
    ['an array', []],
    ['no user', { session: {} }],
    ['a user without email', { user: { id: 'u1' }, session: {} }],
    ['a numeric role', { user: { id: 'u1', email: 'a@example.com', role: 1 }, session: {} }],
    ['a non-string expiry', { user: { id: 'u1', email: 'a@example.com' }, session: { expiresAt: 5 } }],
  ])('rejects %s', (_label, value) => {
    expect(() => parseSession(value)).toThrow(TypeError);
  });
});
