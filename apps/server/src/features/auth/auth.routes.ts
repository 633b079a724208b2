import { Hono } from 'hono';
import type { Config } from '../../config.ts';
import { getClientIp } from '../../http/client-ip.ts';
import type { AppEnv } from '../../http/types.ts';
import { CAPTCHA_HEADER, type CaptchaAction, type CaptchaVerifier } from '../../platform/captcha.ts';
import { type Auth, CLIENT_IP_HEADER } from './auth.service.ts';

const CAPTCHA_PATHS: Record<string, CaptchaAction> = {
  '/api/auth/sign-up/email': 'signup',
  '/api/auth/sign-in/email': 'login',
};

export const CAPTCHA_FAILED = {
  code: 'CAPTCHA_FAILED',
  message: 'Security verification failed. Please refresh the page and try again.',
} as const;

/**
 * better-auth's endpoints under /api/auth. In front of them: the client address we trust
 * (for database rate limits) and the human check on sign-up and sign-in.
 */
export function createAuthRoutes(deps: { auth: Auth; captcha: CaptchaVerifier; config: Pick<Config, 'trustProxy'> }) {
  return new Hono<AppEnv>().on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const ip = getClientIp(c, deps.config.trustProxy);
    const action = c.req.method === 'POST' ? CAPTCHA_PATHS[c.req.path] : undefined;
    if (action) {
      const ok = await deps.captcha.verify(c.req.header(CAPTCHA_HEADER), { action, ip });
      if (!ok) return c.json(CAPTCHA_FAILED, 400);
    }
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    const response = await deps.auth.handler(new Request(c.req.raw, { headers }));
    return response.status === 429 ? withRateLimitCode(response) : response;
  });
}

/**
 * better-auth answers its rate limit with a message only; give it the `code` every other auth
 * error carries (better-auth's `{ code, message }` shape), keeping status and Retry-After.
 */
async function withRateLimitCode(response: Response): Promise<Response> {
  const body = (await response.json().catch(() => ({}))) as { code?: unknown; message?: unknown };
  const message = typeof body.message === 'string' ? body.message : 'Too many requests. Please try again later.';
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify({ code: typeof body.code === 'string' ? body.code : 'TOO_MANY_REQUESTS', message }), {
    status: 429,
    headers,
  });
}
