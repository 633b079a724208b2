import type { MiddlewareHandler } from 'hono';

// The session cookie cache (docs/decisions/030-session-cookie-cache.md): a read may trust the
// signed copy of the session that better-auth keeps in a cookie, a write never does. These two
// maps carry, per request, what the session lookup needs from HTTP and what it hands back.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Requests that change something: their session is read from the database. */
const writes = new WeakSet<Headers>();
/** Cookies a session lookup renewed (a fresh cached copy, a pushed-out expiry), for the response. */
const renewed = new WeakMap<Headers, string[]>();

/** True when the request's session must come from the database rather than the cookie cache. */
export function mustReadSessionFresh(headers: Headers): boolean {
  return writes.has(headers);
}

/** Keeps the Set-Cookie values of a session lookup, sent with the request's response. */
export function keepRenewedSessionCookies(headers: Headers, cookies: string[]): void {
  if (cookies.length > 0) renewed.set(headers, cookies);
}

/**
 * Marks writes (every method but GET, HEAD and OPTIONS) so their session is checked in the
 * database, and sends the browser the cookies a session lookup renewed, so its cached copy
 * stays fresh without another lookup.
 */
export function sessionCache(): MiddlewareHandler {
  return async (c, next) => {
    const headers = c.req.raw.headers;
    if (!SAFE_METHODS.has(c.req.method)) writes.add(headers);
    await next();
    for (const cookie of renewed.get(headers) ?? []) c.res.headers.append('set-cookie', cookie);
  };
}
