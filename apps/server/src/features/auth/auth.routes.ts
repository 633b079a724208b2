import { Hono } from 'hono';
import type { Config } from '../../config.ts';
import { getClientIp } from '../../http/client-ip.ts';
import type { AppEnv } from '../../http/types.ts';
import { CAPTCHA_FAILED, CAPTCHA_HEADER, type CaptchaAction, type CaptchaVerifier } from '../../platform/captcha.ts';
import { type Auth, type AuthOutcome, CLIENT_IP_HEADER, getSession, HUMAN_CHECKED_HEADER } from './auth.service.ts';

const CAPTCHA_PATHS: Record<string, CaptchaAction> = {
  '/api/auth/sign-up/email': 'signup',
  '/api/auth/sign-in/email': 'login',
};
/**
 * The better-auth endpoints the product uses (method and path under /api/auth). better-auth
 * and its admin plugin serve some 45 more (user updates, session lists, impersonation,
 * account deletion…) that no screen calls: they answer 404, so none of them is an attack
 * surface until a feature needs it and documents it (http/docs.ts).
 */
export const AUTH_ENDPOINTS_IN_USE: readonly { method: 'GET' | 'POST'; path: RegExp }[] = [
  { method: 'POST', path: /^\/sign-up\/email$/ },
  { method: 'POST', path: /^\/sign-in\/email$/ },
  { method: 'POST', path: /^\/sign-out$/ },
  { method: 'GET', path: /^\/get-session$/ },
  { method: 'POST', path: /^\/send-verification-email$/ },
  { method: 'GET', path: /^\/verify-email$/ },
  { method: 'POST', path: /^\/request-password-reset$/ },
  { method: 'GET', path: /^\/reset-password\/[^/]+$/ },
  { method: 'POST', path: /^\/reset-password$/ },
  // Account settings (issue 18): name, password, address and two-factor authentication.
  { method: 'POST', path: /^\/update-user$/ },
  { method: 'POST', path: /^\/change-password$/ },
  { method: 'POST', path: /^\/change-email$/ },
  { method: 'POST', path: /^\/two-factor\/enable$/ },
  { method: 'POST', path: /^\/two-factor\/disable$/ },
  { method: 'POST', path: /^\/two-factor\/verify-totp$/ },
  { method: 'POST', path: /^\/two-factor\/verify-backup-code$/ },
  { method: 'POST', path: /^\/two-factor\/generate-backup-codes$/ },
];

const isInUse = (method: string, path: string) => AUTH_ENDPOINTS_IN_USE.some((e) => e.method === method && e.path.test(path));

/**
 * Resending the verification mail works without a human check, but only a request that passed
 * one learns that the address is already verified (the spec's message); anyone else gets the
 * same answer for a verified, an unverified and an unknown address.
 */
const OPTIONAL_CAPTCHA_PATHS: Record<string, CaptchaAction> = {
  '/api/auth/send-verification-email': 'login',
};

export { CAPTCHA_FAILED } from '../../platform/captcha.ts';

/** What the auth routes tell the audit log about a security-relevant endpoint's answer (features/account/audit.ts). */
export type AuthAudit = {
  /** Paths (under /api/auth) whose outcome is recorded. */
  paths: ReadonlySet<string>;
  /** Paths that run with a session: the user is looked up before the call. */
  sessionPaths: ReadonlySet<string>;
  record: (outcome: AuthOutcome) => Promise<void>;
};

async function jsonObject(body: Request | Response): Promise<Record<string, unknown> | null> {
  if (!body.headers.get('content-type')?.includes('application/json')) return null;
  const value: unknown = await body.clone().json().catch(() => null);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** Only the fields that name or identify: a password never reaches the audit code. */
function withoutSecrets(body: Record<string, unknown> | null): Record<string, unknown> {
  if (!body) return {};
  const { email, newEmail } = body;
  return { ...(typeof email === 'string' ? { email } : {}), ...(typeof newEmail === 'string' ? { newEmail } : {}) };
}

/**
 * better-auth's endpoints under /api/auth. In front of them: the client address we trust
 * (for database rate limits) and the human check on sign-up and sign-in.
 */
export function createAuthRoutes(deps: { auth: Auth; captcha: CaptchaVerifier; config: Pick<Config, 'trustProxy'>; audit?: AuthAudit }) {
  return new Hono<AppEnv>().on(['GET', 'POST'], '/api/auth/*', async (c) => {
    if (!isInUse(c.req.method, c.req.path.slice('/api/auth'.length))) {
      return c.json({ code: 'NOT_FOUND', message: `No route for ${c.req.method} ${c.req.path}` }, 404);
    }
    const ip = getClientIp(c, deps.config.trustProxy);
    const action = c.req.method === 'POST' ? CAPTCHA_PATHS[c.req.path] : undefined;
    if (action) {
      const ok = await deps.captcha.verify(c.req.header(CAPTCHA_HEADER), { action, ip });
      if (!ok) return c.json(CAPTCHA_FAILED, 400);
    }
    const optionalAction = c.req.method === 'POST' ? OPTIONAL_CAPTCHA_PATHS[c.req.path] : undefined;
    let human = false;
    if (optionalAction && c.req.header(CAPTCHA_HEADER)) {
      human = await deps.captcha.verify(c.req.header(CAPTCHA_HEADER), { action: optionalAction, ip });
      if (!human) return c.json(CAPTCHA_FAILED, 400);
    }
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    headers.delete(HUMAN_CHECKED_HEADER);
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    if (human) headers.set(HUMAN_CHECKED_HEADER, '1');
    const authPath = c.req.path.slice('/api/auth'.length);
    const audited = deps.audit?.paths.has(authPath) ? deps.audit : undefined;
    const requestBody = audited && c.req.method === 'POST' ? withoutSecrets(await jsonObject(c.req.raw)) : {};
    const before = audited?.sessionPaths.has(authPath) ? await getSession(deps.auth, headers, { fresh: true }) : null;
    const started = performance.now();
    const response = await deps.auth.handler(
      c.req.method === 'GET' && c.req.path === '/api/auth/get-session' ? freshSessionCheck(c.req.url, headers) : new Request(c.req.raw, { headers }),
    );
    const floor = c.req.method === 'POST' ? ANSWER_NOT_BEFORE_MS[authPath] : undefined;
    if (floor !== undefined) await new Promise((resolve) => setTimeout(resolve, Math.max(0, floor - (performance.now() - started))));
    if (audited) {
      await audited.record({
        path: authPath,
        status: response.status,
        requestBody,
        responseBody: await jsonObject(response),
        query: new URL(c.req.url).searchParams,
        location: response.headers.get('location'),
        sessionUser: before ? { id: before.user.id, twoFactorEnabled: before.user.twoFactorEnabled === true } : null,
        ip: ip ?? null,
        userAgent: c.req.header('user-agent') ?? null,
      });
    }
    if (response.status === 429) return withRateLimitCode(response);
    return c.req.method === 'POST' && authPath === '/sign-up/email' && response.ok ? sameSignUpAnswer(response) : withoutSessionToken(authPath, response);
  });
}

/**
 * Answers that must take as long for a registered address as for an unknown one (issue 27): the
 * password reset writes a token and queues a mail only for a registered address, so its answer
 * waits until this long after the request came in, whichever path it took.
 * `npm run bench:reset-timing` compares the two (medians of 50 tries each).
 */
export const ANSWER_NOT_BEFORE_MS: Readonly<Record<string, number>> = { '/request-password-reset': 250 };

/**
 * Sign-up answers the same for a new and a registered address (issue 27): better-auth's answer
 * for a registered one carries a made-up user, so neither carries a user; the owner of a
 * registered address gets a mail instead (auth.service.ts, onExistingUserSignUp).
 */
export const SIGN_UP_ANSWER = { token: null, user: null } as const;

function sameSignUpAnswer(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(SIGN_UP_ANSWER), { status: 200, headers });
}

/** Answers that carry the session token in their body: the token lives in the HttpOnly cookie only. */
const TOKEN_PATHS = new Set(['/sign-in/email', '/get-session', '/two-factor/verify-totp', '/two-factor/verify-backup-code']);

/**
 * The session token is the HttpOnly cookie's value; better-auth also puts it in the JSON of
 * sign-in and get-session, where any script on the page could read it. It is taken out.
 */
async function withoutSessionToken(authPath: string, response: Response): Promise<Response> {
  if (!TOKEN_PATHS.has(authPath) || !response.headers.get('content-type')?.includes('application/json')) return response;
  const body: unknown = await response.clone().json().catch(() => null);
  if (typeof body !== 'object' || body === null) return response;
  const copy = { ...(body as Record<string, unknown>) };
  if ('token' in copy) copy.token = null;
  if (typeof copy.session === 'object' && copy.session !== null) {
    const { token: _token, ...session } = copy.session as Record<string, unknown>;
    copy.session = session;
  }
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(copy), { status: response.status, headers });
}

/**
 * The app's own session check (on load, then at most once a minute) always reads the database:
 * a session revoked elsewhere shows as signed out there at once, and the answer renews the
 * signed copy that other reads may trust (docs/decisions/030-session-cookie-cache.md).
 */
function freshSessionCheck(requestUrl: string, headers: Headers): Request {
  const url = new URL(requestUrl);
  url.searchParams.set('disableCookieCache', 'true');
  return new Request(url, { method: 'GET', headers });
}

/**
 * better-auth answers its rate limit with a message only; give it the `code` every other auth
 * error carries (better-auth's `{ code, message }` shape), keeping the status, with a standard Retry-After.
 */
async function withRateLimitCode(response: Response): Promise<Response> {
  const body = (await response.json().catch(() => ({}))) as { code?: unknown; message?: unknown };
  const message = typeof body.message === 'string' ? body.message : 'Too many requests. Please try again later.';
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  // better-auth says X-Retry-After; HTTP's header (RFC 9110 §10.2.3) is Retry-After.
  const retryAfter = headers.get('x-retry-after');
  headers.delete('x-retry-after');
  if (retryAfter && !headers.has('retry-after')) headers.set('retry-after', retryAfter);
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify({ code: typeof body.code === 'string' ? body.code : 'TOO_MANY_REQUESTS', message }), {
    status: 429,
    headers,
  });
}
