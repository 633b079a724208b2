import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorBody } from './errors.ts';
import type { AppEnv } from './types.ts';

/** Every request body except a bill upload: JSON forms and auth calls are a few kilobytes. */
export const MAX_BODY_BYTES = 256 * 1024;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a body larger than MAX_BODY_BYTES with 413 before it is read: a declared
 * Content-Length is checked up front, a chunked body is counted as it arrives. Applies to every
 * route, better-auth's included; `exempt` routes enforce their own (larger) limit after
 * checking the sign-in, so an anonymous visitor's upload is never read.
 */
export function limitRequestBodies(options: { exempt: (method: string, path: string) => boolean }): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json(errorBody('PAYLOAD_TOO_LARGE', 'The request body is too large.'), 413),
  });
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || options.exempt(c.req.method, c.req.path)) return next();
    return limit(c, next);
  };
}

/**
 * Cross-site request forgery guard: a write that carries a cookie must come from one of our
 * origins. Browsers send `Origin` on every cross-origin write (and on same-origin ones other
 * than a plain GET/HEAD); where it is missing, `Sec-Fetch-Site` must say same-origin or a
 * direct navigation. A client sending neither is not a browser, so it cannot be tricked into
 * sending someone's cookie. better-auth checks its own routes too; this covers the app's.
 * `exempt` paths authenticate by a signature, never by the cookie (the payments webhook).
 * `signsIn` paths set a session cookie, so they are checked even without one: another site must
 * not sign a visitor into the attacker's account (login CSRF), whose bills the attacker then reads.
 */
export function requireSameOriginWrites(options: {
  origins: string[];
  exempt?: (path: string) => boolean;
  signsIn?: (path: string) => boolean;
}): MiddlewareHandler<AppEnv> {
  const allowed = new Set(options.origins.map((o) => o.replace(/\/+$/, '')));
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || options.exempt?.(c.req.path)) return next();
    if (!c.req.header('cookie') && !options.signsIn?.(c.req.path)) return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const ok =
      origin !== undefined
        ? allowed.has(origin) || origin === new URL(c.req.url).origin
        : site === undefined || site === 'same-origin' || site === 'none';
    if (ok) return next();
    return c.json(errorBody('FORBIDDEN', 'Cross-site request refused.'), 403);
  };
}
