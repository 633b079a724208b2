import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * The one client for addresses a user typed (their Home Assistant): a user must not make the
 * server talk to itself, to the cloud metadata service or to the operator's private network.
 *
 * - http and https only, no user name or password in the URL;
 * - the host name is resolved once, every address it resolves to is checked, and the
 *   connection goes to that checked address (the socket's lookup is pinned to it), so a DNS
 *   answer that changes between the check and the connection (DNS rebinding) changes nothing;
 * - loopback, private, link-local, carrier-grade NAT and unique-local addresses are refused
 *   unless `allowPrivate` (SMART_HOME_ALLOW_PRIVATE=true: a household server whose Home
 *   Assistant is on the same LAN); metadata endpoints, unspecified, multicast and reserved
 *   addresses are refused always;
 * - redirects are answered as errors, never followed; answers over `maxBytes` and requests
 *   over `timeoutMs` (connection included) are cut off.
 */
export type GuardedHttpOptions = {
  allowPrivate: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  /** Name resolution (tests give their own); every address of the name is checked. */
  resolve?: (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;
};

export type GuardedResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; json(): unknown };

export type GuardedRequest = { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string };

/** A checked destination: where to connect and what to call it (Host header, TLS name). */
export type PinnedTarget = { url: URL; hostname: string; address: string; family: 4 | 6; port: number };

export class BlockedAddressError extends Error {}
export class GuardedHttpError extends Error {}

/** Always refused, whatever SMART_HOME_ALLOW_PRIVATE says. */
const ALWAYS_BLOCKED = new net.BlockList();
ALWAYS_BLOCKED.addSubnet('0.0.0.0', 8, 'ipv4');
ALWAYS_BLOCKED.addAddress('169.254.169.254', 'ipv4'); // AWS, GCP, Azure, OpenStack metadata
ALWAYS_BLOCKED.addAddress('169.254.170.2', 'ipv4'); // AWS ECS task metadata
ALWAYS_BLOCKED.addAddress('100.100.100.200', 'ipv4'); // Alibaba Cloud metadata
ALWAYS_BLOCKED.addSubnet('192.0.0.0', 24, 'ipv4');
ALWAYS_BLOCKED.addSubnet('198.18.0.0', 15, 'ipv4');
ALWAYS_BLOCKED.addSubnet('224.0.0.0', 4, 'ipv4');
ALWAYS_BLOCKED.addSubnet('240.0.0.0', 4, 'ipv4');
ALWAYS_BLOCKED.addAddress('::', 'ipv6');
ALWAYS_BLOCKED.addAddress('fd00:ec2::254', 'ipv6'); // AWS metadata over IPv6
ALWAYS_BLOCKED.addSubnet('ff00::', 8, 'ipv6');
ALWAYS_BLOCKED.addSubnet('64:ff9b::', 96, 'ipv6'); // NAT64: an IPv4 address in disguise
ALWAYS_BLOCKED.addSubnet('2002::', 16, 'ipv6'); // 6to4: likewise

/** Refused unless private addresses are allowed. */
const PRIVATE = new net.BlockList();
PRIVATE.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('100.64.0.0', 10, 'ipv4');
PRIVATE.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('169.254.0.0', 16, 'ipv4');
PRIVATE.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE.addAddress('::1', 'ipv6');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');
PRIVATE.addSubnet('fe80::', 10, 'ipv6');

/** Why an address is refused, or null when it may be reached. IPv4-mapped IPv6 counts as its IPv4. */
export function refusedAddress(address: string, allowPrivate: boolean): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = net.isIPv4(ip) ? 'ipv4' : net.isIPv6(ip) ? 'ipv6' : null;
  if (!family) return 'not an IP address';
  if (ALWAYS_BLOCKED.check(ip, family)) return 'a metadata, reserved or multicast address';
  if (!allowPrivate && PRIVATE.check(ip, family)) return 'a loopback, private or link-local address (SMART_HOME_ALLOW_PRIVATE is off)';
  return null;
}

const systemResolve = async (hostname: string) => (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? (6 as const) : (4 as const) }));

export function createGuardedHttp(options: GuardedHttpOptions) {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const resolve = options.resolve ?? systemResolve;

  /** Parses and checks a URL and pins the address to connect to; throws BlockedAddressError. */
  async function pin(raw: string | URL, protocols: readonly string[] = ['http:', 'https:']): Promise<PinnedTarget> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new BlockedAddressError('The address is not a valid URL.');
    }
    if (!protocols.includes(url.protocol)) throw new BlockedAddressError(`Only ${protocols.map((p) => p.replace(':', '')).join(' and ')} addresses are allowed.`);
    if (url.username || url.password) throw new BlockedAddressError('The address must not contain a user name or password.');
    const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const literal = net.isIP(hostname);
    const addresses = literal ? [{ address: hostname, family: literal === 6 ? (6 as const) : (4 as const) }] : await resolve(hostname).catch(() => []);
    if (addresses.length === 0) throw new BlockedAddressError(`${hostname} could not be resolved.`);
    for (const a of addresses) {
      const why = refusedAddress(a.address, options.allowPrivate);
      if (why) throw new BlockedAddressError(`${hostname} resolves to ${a.address}, ${why}.`);
    }
    const first = addresses[0] as { address: string; family: 4 | 6 };
    const secure = url.protocol === 'https:' || url.protocol === 'wss:';
    return { url, hostname, address: first.address, family: first.family, port: url.port ? Number(url.port) : secure ? 443 : 80 };
  }

  /** A `lookup` for sockets that answers the pinned address whatever name is asked. */
  const pinnedLookup = (target: PinnedTarget): net.LookupFunction =>
    ((_hostname: string, opts: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
      if (opts.all) callback(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    }) as net.LookupFunction;

  /** One request to a user-supplied URL; the whole answer is read (up to maxBytes). */
  async function request(raw: string, init: GuardedRequest = {}): Promise<GuardedResponse> {
    const target = await pin(raw);
    const secure = target.url.protocol === 'https:';
    return new Promise<GuardedResponse>((resolvePromise, reject) => {
      const req = (secure ? https : http).request(
        {
          host: target.hostname,
          port: target.port,
          path: `${target.url.pathname}${target.url.search}`,
          method: init.method ?? 'GET',
          headers: { ...init.headers, ...(init.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(init.body)) }) },
          lookup: pinnedLookup(target),
          // A fresh connection each time: a pooled socket would skip the pinned lookup's check.
          agent: false,
          ...(secure ? { servername: net.isIP(target.hostname) ? undefined : target.hostname } : {}),
        },
        (res) => {
          const status = res.statusCode ?? 0;
          if (status >= 300 && status < 400) {
            res.resume();
            req.destroy();
            reject(new GuardedHttpError(`The server answered with a redirect (${status}); redirects are not followed. Use its final address.`));
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          let tooLarge = false;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) {
              tooLarge = true;
              reject(new GuardedHttpError(`The answer is larger than ${maxBytes} bytes.`));
              req.destroy();
              return;
            }
            chunks.push(chunk);
          });
          res.on('end', () => {
            if (tooLarge) return;
            const body = Buffer.concat(chunks);
            resolvePromise({ status, headers: res.headers, body, json: () => JSON.parse(body.toString('utf8')) as unknown });
          });
          res.on('error', reject);
        },
      );
      const timer = setTimeout(() => req.destroy(new GuardedHttpError(`No answer within ${timeoutMs / 1000} s.`)), timeoutMs);
      req.on('close', () => clearTimeout(timer));
      req.on('error', reject);
      req.end(init.body);
    });
  }

  return { request, pin, pinnedLookup, timeoutMs, maxBytes };
}

export type GuardedHttp = ReturnType<typeof createGuardedHttp>;
