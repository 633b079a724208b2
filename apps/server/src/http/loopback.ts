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
