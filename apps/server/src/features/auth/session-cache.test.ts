import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cookiesOf, createTestContext, nextIp, postJson, solveCaptcha, STRONG_PASSWORD, type TestContext, TEST_ORIGIN } from '../../test/test-app.ts';
import { createVerifiedUser } from '../demo/demo.service.ts';

// Also on PostgreSQL: a revoked session is seen through another connection.

// The session cookie cache (docs/decisions/030-session-cookie-cache.md): reads trust the signed
// copy of the session for SESSION_CACHE_SECONDS, writes and admin checks always ask the database.

const WINDOW_SECONDS = 60;

let ctx: TestContext;
let lookups: ReturnType<typeof vi.fn>;
beforeAll(async () => {
  ctx = await createTestContext({ SESSION_CACHE_SECONDS: String(WINDOW_SECONDS) });
  // Counts the session lookups that reach the database.
  const internal = (await ctx.auth.$context).internalAdapter;
  const findSession = internal.findSession.bind(internal);
  lookups = vi.fn(findSession);
  internal.findSession = lookups as typeof internal.findSession;
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

let users = 0;
async function signIn(): Promise<string> {
  const email = `cache-${++users}-${Date.now()}@example.com`;
  await createVerifiedUser(ctx.auth, email, STRONG_PASSWORD);
  const res = await postJson(ctx.app, '/api/auth/sign-in/email', { email, password: STRONG_PASSWORD }, { ip: nextIp(), captcha: await solveCaptcha(ctx.app) });
  expect(res.status).toBe(200);
  return cookiesOf(res);
}

/** The Cookie header a browser sends after a response: set cookies replaced, cleared ones dropped. */
function browserCookies(cookie: string, res: Response): string {
  const jar = new Map(cookie.split('; ').filter(Boolean).map((c) => [c.split('=')[0] ?? '', c] as const));
  for (const set of res.headers.getSetCookie()) {
    const pair = set.split(';')[0] ?? '';
    const name = pair.split('=')[0] ?? '';
    if (/max-age=0\b/i.test(set) || pair.endsWith('=')) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}

const get = (url: string, cookie: string) => ctx.app.request(url, { headers: { cookie } });
const createProperty = (cookie: string) =>
  ctx.app.request('/api/properties', { method: 'POST', headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Cabin' }) });
const signOut = (cookie: string) => postJson(ctx.app, '/api/auth/sign-out', {}, { cookie });
const later = (seconds: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + seconds * 1000);
};

describe('session cookie cache', () => {
  it('answers reads from the signed cookie, without a session query per request', async () => {
    const cookie = await signIn();
    lookups.mockClear();
    for (let i = 0; i < 3; i++) expect((await get('/api/bills', cookie)).status).toBe(200);
    expect(lookups).not.toHaveBeenCalled();
    // A write asks the database.
    expect((await createProperty(cookie)).status).toBe(201);
    expect(lookups).toHaveBeenCalledTimes(1);
  });

  it('refuses a browser that signed out at once', async () => {
    const cookie = await signIn();
    expect((await get('/api/bills', cookie)).status).toBe(200);
    const out = await signOut(cookie);
    expect(out.status).toBe(200);
    const after = browserCookies(cookie, out);
    expect((await get('/api/bills', after)).status).toBe(401);
    expect((await get('/api/recommendations', after)).status).toBe(401);
    expect((await createProperty(after)).status).toBe(401);
  });

  it('refuses cookies copied before sign-out: writes at once, reads once the window has passed', async () => {
    const copied = await signIn();
    expect((await signOut(copied)).status).toBe(200);
    // Writes check the database: the session is gone.
    expect((await createProperty(copied)).status).toBe(401);
    // Reads may still be answered from the signed copy within the window (the documented trade-off)…
    expect((await get('/api/properties', copied)).status).toBe(200);
    // …and never after it.
    later(WINDOW_SECONDS + 1);
    expect((await get('/api/properties', copied)).status).toBe(401);
    expect((await get('/api/bills', copied)).status).toBe(401);
  });

  it("reads the database on the app's session check, which renews the cached copy", async () => {
    const copied = await signIn();
    expect((await signOut(copied)).status).toBe(200);
    const check = await get('/api/auth/get-session', copied);
    expect(check.status).toBe(200);
    expect(await check.json()).toBeNull();

    const cookie = await signIn();
    later(WINDOW_SECONDS + 1);
    const renewed = await get('/api/auth/get-session', cookie);
    expect(((await renewed.json()) as { session?: unknown } | null)?.session).toBeTruthy();
    lookups.mockClear();
    expect((await get('/api/bills', browserCookies(cookie, renewed))).status).toBe(200);
    expect(lookups).not.toHaveBeenCalled();
  });

  it('renews the cached copy on a read after the window, with one database lookup', async () => {
    const cookie = await signIn();
    later(WINDOW_SECONDS + 1);
    lookups.mockClear();
    const res = await get('/api/bills', cookie);
    expect(res.status).toBe(200);
    expect(lookups).toHaveBeenCalledTimes(1);
    expect(res.headers.getSetCookie().join('\n')).toMatch(/session_data=/);
    const renewed = browserCookies(cookie, res);
    expect((await get('/api/bills', renewed)).status).toBe(200);
    expect(lookups).toHaveBeenCalledTimes(1);
  });
});

describe('without the cookie cache (SESSION_CACHE_SECONDS=0)', () => {
  it('refuses copied cookies of a signed-out session on reads too', async () => {
    const other = await createTestContext({ SESSION_CACHE_SECONDS: '0' });
    try {
      const email = `nocache-${Date.now()}@example.com`;
      await createVerifiedUser(other.auth, email, STRONG_PASSWORD);
      const res = await postJson(other.app, '/api/auth/sign-in/email', { email, password: STRONG_PASSWORD }, { ip: nextIp(), captcha: await solveCaptcha(other.app) });
      const copied = cookiesOf(res);
      expect((await other.app.request('/api/bills', { headers: { cookie: copied } })).status).toBe(200);
      expect((await postJson(other.app, '/api/auth/sign-out', {}, { cookie: copied })).status).toBe(200);
      expect((await other.app.request('/api/bills', { headers: { cookie: copied } })).status).toBe(401);
    } finally {
      await other.close();
    }
  });
});
