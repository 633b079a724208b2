import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The client's address: the first X-Forwarded-For hop when TRUST_PROXY says a proxy sets
 * it, else the socket's peer. Requests built in tests have no socket and fall back to the
 * header, which only a test can send to an app without a listening server.
 */
export function getClientIp(c: Context, trustProxy: boolean): string | undefined {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || undefined;
  if (trustProxy && forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? undefined;
  } catch {
    return forwarded;
  }
}
