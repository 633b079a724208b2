import { describe, expect, it, vi } from 'vitest';
import type { Auth } from '../auth/auth.service.ts';
import { requireBillsUser } from './bills.service.ts';

function fakeAuth(session: { user: { id: string } } | null) {
  // better-auth's answer with returnHeaders: the session and the cookies it would set.
  const getSession = vi.fn(() => Promise.resolve({ headers: new Headers(), response: session }));
  return { auth: { api: { getSession } } as unknown as Auth, getSession };
}

describe('requireBillsUser', () => {
  it('looks the session up once per request, however many middlewares and handlers ask', async () => {
    const { auth, getSession } = fakeAuth({ user: { id: 'user-1' } });
    const headers = new Headers({ cookie: 'session=abc' });
    expect(await Promise.all([requireBillsUser(auth, headers), requireBillsUser(auth, headers)])).toEqual(['user-1', 'user-1']);
    expect(await requireBillsUser(auth, headers)).toBe('user-1');
    expect(getSession).toHaveBeenCalledTimes(1);
    // Another request gets its own lookup.
    await requireBillsUser(auth, new Headers({ cookie: 'session=abc' }));
    expect(getSession).toHaveBeenCalledTimes(2);
  });

  it('answers 401 with the spec message without a session', async () => {
    const { auth } = fakeAuth(null);
    await expect(requireBillsUser(auth, new Headers())).rejects.toMatchObject({
      status: 401,
      message: 'Authentication required for bill processing',
    });
  });
});
