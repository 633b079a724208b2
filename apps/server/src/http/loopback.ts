import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * True when the request comes from this machine itself: the socket's peer is a loopback address
 * and no proxy says it forwarded the request (a reverse proxy on the same machine connects from
 * loopback on behalf of anyone). Requests without a socket (built in tests) are not local.
 */
export function isLoopbackRequest(c: Context): boolean {
  if (c.req.header('x-forwarded-for') !== undefined || c.req.header('forwarded') !== undefined) return false;
  try {
    return LOOPBACK.test(getConnInfo(c).remote.address ?? '');
  } catch {
    return false;
  }
}
