import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Database } from '../db/client.ts';
import { RateLimitedError } from './errors.ts';
import type { AppEnv } from './types.ts';

/** What a refused caller reads (the same words as the upload limit's). */
export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.';

/** At most `max` calls per caller in a fixed window of `windowSeconds`; `message` is what a refused caller reads. */
export type RateRule = { name: string; max: number; windowSeconds: number; message?: string };

/** A limited route: method, path as Hono matches it, and its rule. */
export type LimitedRoute = { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; rule: RateRule };

/**
 * The app's own rate limits, counted in the `rate_limits` table better-auth keeps its sign-in,
 * sign-up, resend and reset limits in (keys prefixed `app:`), so every server process shares one
 * count and a restart forgets nothing. One statement per call: the window starts at the first
 * call, the count grows atomically, a call past `max` throws 429 with Retry-After set to the
 * seconds until the window ends.
 */
export function createRateLimiter(database: Pick<Database, 'execute'>) {
  return async function hit(rule: RateRule, subject: string, now = Date.now()): Promise<void> {
    const windowMs = rule.windowSeconds * 1000;
    const { rows } = await database.execute(
      `insert into rate_limits (id, key, count, last_request) values ($1, $2, 1, $3)
       on conflict (key) do update set
         count = case when rate_limits.last_request <= $4 then 1 else rate_limits.count + 1 end,
         last_request = case when rate_limits.last_request <= $4 then excluded.last_request else rate_limits.last_request end
       returning count, last_request`,
      [randomUUID(), `app:${rule.name}:${subject}`, now, now - windowMs],
    );
    const count = Number(rows[0]?.count ?? 0);
    if (count <= rule.max) return;
    const windowStart = Number(rows[0]?.last_request ?? now);
    throw new RateLimitedError(rule.message ?? TOO_MANY_REQUESTS, Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)));
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * Middleware applying `routes`' rules: a signed-in caller is counted by user, anyone else by
 * client address (`subjectOf` decides). Runs before the route, so a refused call does no work.
 */
export function limitRoutes(options: {
  limiter: RateLimiter;
  routes: readonly LimitedRoute[];
  subjectOf: (c: Context<AppEnv>) => Promise<string>;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const route = options.routes.find((r) => r.method === c.req.method && pathMatches(r.path, c.req.path));
    if (route) await options.limiter(route.rule, await options.subjectOf(c));
    await next();
  };
}

/** Whether a Hono-style path (`/api/rebates/:id/explain`) matches a request path. */
function pathMatches(routePath: string, requestPath: string): boolean {
  const route = routePath.split('/');
  const request = requestPath.split('/');
  return route.length === request.length && route.every((part, i) => part.startsWith(':') ? (request[i] ?? '') !== '' : part === request[i]);
}

const minute = 60;
const hour = 60 * minute;
/**
 * Endpoints that send mail or call a paid AI model, beyond those limiting themselves (README,
 * Security). `contact` is the contact form's and new tickets' one limit per sender
 * (CONTACT_RATE_LIMIT_*, decision 141).
 */
export const appRateLimits = (contact: { max: number; windowSeconds: number }): readonly LimitedRoute[] => [
  // Mail to the support team and, for a ticket, to the sender.
  { method: 'POST', path: '/api/contact', rule: { name: 'contact', ...contact } },
  { method: 'POST', path: '/api/support/tickets', rule: { name: 'contact', ...contact } },
  // Creates an account and mails its verification and set-password links.
  { method: 'POST', path: '/api/plan-sign-up', rule: { name: 'plan-sign-up', max: 5, windowSeconds: 10 * minute } },
  // Confirmation mail with a calendar invitation.
  { method: 'POST', path: '/api/appointments', rule: { name: 'appointments', max: 30, windowSeconds: hour } },
  // Notifications (and their mail) to the support team and the requester.
  { method: 'POST', path: '/api/support/tickets/:id/messages', rule: { name: 'support', max: 20, windowSeconds: hour } },
  // The AI model when one is configured (the assistant's chat keeps its own limit).
  { method: 'POST', path: '/api/rebates/:id/eligibility', rule: { name: 'rebates-ai', max: 20, windowSeconds: minute } },
  { method: 'POST', path: '/api/rebates/:id/explain', rule: { name: 'rebates-ai', max: 20, windowSeconds: minute } },
  { method: 'POST', path: '/api/rebates/insights', rule: { name: 'rebates-ai', max: 20, windowSeconds: minute } },
];
