import { AUTH_MESSAGES } from '@wattwise/shared/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookiesOf,
  createTestContext,
  FROM_LOOPBACK,
  linkIn,
  nextIp,
  postJson,
  solveCaptcha,
  STRONG_PASSWORD,
  type TestContext,
  TEST_ORIGIN,
  waitForMail,
} from '../../test/test-app.ts';
import { createAdmin, isAdmin, requireAdmin, requireUser } from './auth.service.ts';

// Also on PostgreSQL: sessions and sign-in limits in rows that several processes share.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

let emailCounter = 0;
const newEmail = () => `person${++emailCounter}-${Date.now()}@example.com`;

async function signUp(email: string, password = STRONG_PASSWORD, ip = nextIp()) {
  return postJson(ctx.app, '/api/auth/sign-up/email', { email, password, name: 'Pat', callbackURL: '/auth/callback' }, { ip, captcha: await solveCaptcha(ctx.app) });
}

async function signIn(email: string, password = STRONG_PASSWORD, ip = nextIp()) {
  return postJson(ctx.app, '/api/auth/sign-in/email', { email, password }, { ip, captcha: await solveCaptcha(ctx.app) });
}

async function verify(email: string) {
  const mail = await waitForMail(ctx.database, email, 'Confirm your email');
  const link = linkIn(mail.text, '/api/auth/verify-email');
  return ctx.app.request(link.pathname + link.search);
}

async function getSession(cookie: string) {
  const res = await ctx.app.request('/api/auth/get-session', { headers: { cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as { user: { email: string; role: string; emailVerified: boolean } } | null;
}

describe('sign-up', () => {
  it('needs a solved captcha', async () => {
    const email = newEmail();
    const missing = await postJson(ctx.app, '/api/auth/sign-up/email', { email, password: STRONG_PASSWORD, name: 'Pat' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: 'CAPTCHA_FAILED' });

    const captcha = await solveCaptcha(ctx.app);
    const forged = JSON.parse(Buffer.from(captcha, 'base64').toString()) as { number: number };
    forged.number += 1;
    const wrong = await postJson(ctx.app, '/api/auth/sign-up/email', { email, password: STRONG_PASSWORD, name: 'Pat' }, {
      captcha: Buffer.from(JSON.stringify(forged)).toString('base64'),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: 'CAPTCHA_FAILED' });
  });

  it('accepts a solution only once', async () => {
    const captcha = await solveCaptcha(ctx.app);
    const first = await postJson(ctx.app, '/api/auth/sign-up/email', { email: newEmail(), password: STRONG_PASSWORD, name: 'Pat' }, { captcha });
    expect(first.status).toBe(200);
    const replay = await postJson(ctx.app, '/api/auth/sign-up/email', { email: newEmail(), password: STRONG_PASSWORD, name: 'Pat' }, { captcha });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ code: 'CAPTCHA_FAILED' });
  });

  it('rejects a weak password with the spec message', async () => {
    const res = await signUp(newEmail(), 'alllowercase1!');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'PASSWORD_TOO_WEAK', message: AUTH_MESSAGES.passwordComplexity });
    const short = await signUp(newEmail(), 'Ab1!');
    expect(await short.json()).toMatchObject({ code: 'PASSWORD_TOO_WEAK', message: AUTH_MESSAGES.passwordMin8 });
  });

  it('answers a registered address exactly like a new one; the owner gets a mail instead (no enumeration)', async () => {
    const email = newEmail();
    const first = await signUp(email);
    expect(first.status).toBe(200);
    await verify(email);
    const fresh = await signUp(newEmail());
    const again = await signUp(email.toUpperCase());
    expect(again.status).toBe(fresh.status);
    const [freshBody, againBody] = [await fresh.text(), await again.text()];
    expect(againBody).toBe(freshBody);
    expect(JSON.parse(againBody)).toEqual({ token: null, user: null });
    expect(cookiesOf(again)).not.toContain('session_token');
    const mail = await waitForMail(ctx.database, email, 'You already have a Wattwise account');
    expect(mail.text).toContain('Someone tried to create a Wattwise account with this address');
    // The account is untouched: the old password still signs in.
    expect((await signIn(email)).status).toBe(200);
  });

  it('answers a password reset the same for a registered and an unknown address', async () => {
    const email = newEmail();
    await signUp(email);
    const known = await postJson(ctx.app, '/api/auth/request-password-reset', { email, redirectTo: '/auth/reset-password' });
    const unknown = await postJson(ctx.app, '/api/auth/request-password-reset', { email: newEmail(), redirectTo: '/auth/reset-password' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.text()).toBe(await unknown.text());
    await waitForMail(ctx.database, email, 'Reset your Wattwise password');
  });

  it('mails a verification link through the job queue; the link verifies and redirects to the callback', async () => {
    const email = newEmail();
    const res = await signUp(email);
    expect(res.status).toBe(200);
    expect(cookiesOf(res)).not.toContain('session_token');

    const unverified = await signIn(email);
    expect(unverified.status).toBe(403);
    expect(await unverified.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });

    const verified = await verify(email);
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe('/auth/callback');
    // No automatic sign-in after verification.
    expect(cookiesOf(verified)).not.toContain('session_token');
    const welcome = await waitForMail(ctx.database, email, 'Welcome to Wattwise');
    expect(welcome.text).toMatch(/free bill analysis/i);

    const signedIn = await signIn(email);
    expect(signedIn.status).toBe(200);
    const cookie = cookiesOf(signedIn);
    expect(signedIn.headers.getSetCookie().join('\n')).toMatch(/session_token=.*HttpOnly/i);
    // The token is the HttpOnly cookie's alone: no answer body hands it to the page's scripts.
    const token = decodeURIComponent(/session_token=([^;]+)/.exec(cookie)?.[1] ?? '').split('.')[0] ?? '';
    expect(token.length).toBeGreaterThan(10);
    const signInBody = (await signedIn.clone().json()) as { token: unknown; user: { email: string } };
    expect(signInBody).toMatchObject({ token: null, user: { email } });
    const sessionText = await (await ctx.app.request('/api/auth/get-session', { headers: { cookie } })).text();
    expect(sessionText).not.toContain(token);
    const sessionBody = JSON.parse(sessionText) as { user: { email: string }; session: { userId: string; token?: string } };
    expect(sessionBody.user.email).toBe(email);
    expect(sessionBody.session.userId).toMatch(/\S/);
    expect(sessionBody.session.token).toBeUndefined();
    const session = await getSession(cookie);
    expect(session?.user).toMatchObject({ email, role: 'user', emailVerified: true });
    expect(isAdmin(session?.user)).toBe(false);

    const out = await postJson(ctx.app, '/api/auth/sign-out', {}, { cookie });
    expect(out.status).toBe(200);
    // Sign-out clears both the session cookie and its cached copy (session-cache.test.ts covers copies kept elsewhere).
    expect(out.headers.getSetCookie().filter((c) => /max-age=0/i.test(c)).map((c) => c.split('=')[0])).toEqual(
      expect.arrayContaining([expect.stringContaining('session_token'), expect.stringContaining('session_data')]),
    );
    await expect(requireUser(ctx.auth, new Headers({ cookie }), { fresh: true })).rejects.toMatchObject({ status: 401 });
  });

  it('redirects an invalid verification token to the callback with an error', async () => {
    const res = await ctx.app.request('/api/auth/verify-email?token=nonsense&callbackURL=%2Fauth%2Fcallback');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^\/auth\/callback\?error=/);
  });

  it('resends the verification mail, and says when the email is already verified', async () => {
    const email = newEmail();
    await signUp(email);
    await waitForMail(ctx.database, email, 'Confirm your email');
    const resend = await postJson(ctx.app, '/api/auth/send-verification-email', { email, callbackURL: '/auth/callback' });
    expect(resend.status).toBe(200);
    const deadline = Date.now() + 10_000;
    let count = 0;
    while (Date.now() < deadline && count < 2) {
      const box = await ctx.app.request(`/dev/mailbox?to=${encodeURIComponent(email)}`, {}, FROM_LOOPBACK);
      count = ((await box.text()).match(/Confirm your email/g) ?? []).length;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(count).toBe(2);
    await verify(email);
    const again = await postJson(ctx.app, '/api/auth/send-verification-email', { email }, { captcha: await solveCaptcha(ctx.app) });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: 'EMAIL_ALREADY_VERIFIED' });
  });

  it('without a human check, answers a verified and an unknown address alike', async () => {
    const verified = newEmail();
    await signUp(verified);
    await verify(verified);
    const answers = [];
    for (const email of [verified, newEmail()]) {
      const res = await postJson(ctx.app, '/api/auth/send-verification-email', { email });
      answers.push({ status: res.status, body: await res.json() });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]?.status).toBe(200);
    // A forged "already checked" header from the client counts for nothing.
    const forged = await postJson(ctx.app, '/api/auth/send-verification-email', { email: verified }, { headers: { 'x-wattwise-human-checked': '1' } });
    expect(forged.status).toBe(200);
    const wrongCaptcha = await postJson(ctx.app, '/api/auth/send-verification-email', { email: verified }, { captcha: 'bm90LWEtc29sdXRpb24=' });
    expect(wrongCaptcha.status).toBe(400);
  });
});

describe('resend limits', () => {
  it('answers 429 after three verification mails a minute from one address', async () => {
    const email = newEmail();
    await signUp(email);
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await postJson(ctx.app, '/api/auth/send-verification-email', { email }, { ip })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('sign-in', () => {
  let email: string;
  beforeAll(async () => {
    email = newEmail();
    await signUp(email);
    await verify(email);
  });

  it('answers 401 INVALID_EMAIL_OR_PASSWORD for a wrong password and for an unknown email', async () => {
    const wrong = await signIn(email, 'Wrong-Password-1');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
    const unknown = await signIn(newEmail());
    expect(unknown.status).toBe(401);
  });

  it('needs a captcha', async () => {
    const res = await postJson(ctx.app, '/api/auth/sign-in/email', { email, password: STRONG_PASSWORD });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'CAPTCHA_FAILED' });
  });

  it('limits attempts per client address (stored in the database)', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signIn(email, 'Wrong-Password-1', ip)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    // Even the right password is refused until the window passes, from that address only.
    const limited = await signIn(email, STRONG_PASSWORD, ip);
    expect(limited.status).toBe(429);
    const body = (await limited.json()) as { code?: unknown; message?: unknown };
    expect(body.code).toBe('TOO_MANY_REQUESTS');
    expect(typeof body.message).toBe('string');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('x-retry-after')).toBeNull();
    expect((await signIn(email, STRONG_PASSWORD, nextIp())).status).toBe(200);
    const { rows } = await ctx.database.execute('select count(*)::int as n from rate_limits where key like $1', [`${ip}|%`]);
    expect(rows[0]?.n).toBe(1);
  });
});

describe('session reads', () => {
  it('are not limited with sign-in attempts: a signed-in page polling its session never gets 429', async () => {
    const ip = nextIp();
    const statuses = new Set<number>();
    for (let i = 0; i < 110; i++) {
      const res = await ctx.app.request('/api/auth/get-session', { headers: { origin: TEST_ORIGIN, 'x-forwarded-for': ip } });
      statuses.add(res.status);
    }
    expect([...statuses]).toEqual([200]);
  });
});

describe('password reset', () => {
  it('mails a link; the token sets a new password and revokes old sessions', async () => {
    const email = newEmail();
    await signUp(email);
    await verify(email);
    const oldCookie = cookiesOf(await signIn(email));
    expect(await getSession(oldCookie)).not.toBeNull();

    const request = await postJson(ctx.app, '/api/auth/request-password-reset', { email, redirectTo: '/auth/reset-password' });
    expect(request.status).toBe(200);
    const mail = await waitForMail(ctx.database, email, 'Reset your Wattwise password');
    const link = linkIn(mail.text, '/api/auth/reset-password/');
    const redirect = await ctx.app.request(link.pathname + link.search);
    expect(redirect.status).toBe(302);
    const target = new URL(redirect.headers.get('location') ?? '', TEST_ORIGIN);
    expect(target.pathname).toBe('/auth/reset-password');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();

    const weak = await postJson(ctx.app, '/api/auth/reset-password', { newPassword: 'short', token });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ code: 'PASSWORD_TOO_WEAK' });

    const newPassword = 'Brand-New-Pass-7';
    const reset = await postJson(ctx.app, '/api/auth/reset-password', { newPassword, token });
    expect(reset.status).toBe(200);
    expect(await getSession(oldCookie)).toBeNull();
    expect((await signIn(email)).status).toBe(401);
    expect((await signIn(email, newPassword)).status).toBe(200);
  });
});

describe('create-admin', () => {
  it('promotes an existing user; the session then carries role admin', async () => {
    const email = newEmail();
    await signUp(email);
    await verify(email);
    const before = new Headers({ cookie: cookiesOf(await signIn(email)) });
    expect((await requireUser(ctx.auth, before)).email).toBe(email);
    await expect(requireAdmin(ctx.auth, before)).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });

    const result = await createAdmin(ctx.auth, email);
    expect(result).toMatchObject({ created: false, password: null });
    const cookie = cookiesOf(await signIn(email));
    const session = await getSession(cookie);
    expect(session?.user.role).toBe('admin');
    expect(isAdmin(session?.user)).toBe(true);
    expect((await requireAdmin(ctx.auth, new Headers({ cookie }))).email).toBe(email);
    await expect(requireUser(ctx.auth, new Headers())).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('creates a verified admin with a generated password that signs in', async () => {
    const email = newEmail();
    const result = await createAdmin(ctx.auth, email);
    expect(result.created).toBe(true);
    expect(result.password).toMatch(/.{16,}/);
    const res = await signIn(email, result.password ?? '');
    expect(res.status).toBe(200);
    expect((await getSession(cookiesOf(res)))?.user).toMatchObject({ role: 'admin', emailVerified: true });
  });
});
