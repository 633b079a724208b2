import type { MiddlewareHandler } from 'hono';
import { errorBody } from './errors.ts';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** What @hono/node-server passes as the app's env: the Node request, with its socket. */
type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } } | undefined;

/**
 * True when the request comes from this machine itself: the socket's peer is a loopback address
 * and no proxy says it forwarded the request (a reverse proxy on the same machine connects from
 * loopback on behalf of anyone). Requests without a socket (built in tests) are not local.
 */
export function isLoopbackRequest(c: { env: unknown; req: { header(name: string): string | undefined } }): boolean {
  if (c.req.header('x-forwarded-for') !== undefined || c.req.header('forwarded') !== undefined) return false;
  const address = (c.env as NodeBindings)?.incoming?.socket?.remoteAddress;
  return typeof address === 'string' && LOOPBACK.test(address);
}

const LOCAL_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The host name of a Host header (no port), lower-cased; `[::1]` keeps its brackets. */
function hostnameOf(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.replace(/:\d+$/, '');
}

/**
 * True when the request names this machine or the server's own public host. A page on
 * attacker.example whose DNS name now points at 127.0.0.1 (DNS rebinding) reaches a local
 * server with `Host: attacker.example`: development-only routes answer it 403.
 */
export function namesThisServer(host: string | undefined, publicUrl: string): boolean {
  if (!host) return false;
  const name = hostnameOf(host);
  return LOCAL_NAMES.has(name) || name === new URL(publicUrl).hostname.toLowerCase();
}

/** The Host the request names: Node's server builds the request URL from the Host header. */
export function requestHost(req: { url: string; header(name: string): string | undefined }): string {
  return req.header('host') ?? new URL(req.url).host;
}

/** Middleware for development-only routes: a Host that is not this machine or PUBLIC_URL's host → 403. */
export function localHostOnly(publicUrl: string): MiddlewareHandler {
  return async (c, next) => {
    if (!namesThisServer(requestHost(c.req), publicUrl)) {
      return c.json(errorBody('FORBIDDEN', 'Development-only routes answer requests for this machine (localhost, 127.0.0.1, [::1]) or PUBLIC_URL only.'), 403);
    }
    await next();
  };
}
