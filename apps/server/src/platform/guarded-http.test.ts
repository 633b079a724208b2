import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockedAddressError, createGuardedHttp, refusedAddress } from './guarded-http.ts';

const seen: { host: string | undefined; url: string | undefined }[] = [];
const server = http.createServer((req, res) => {
  seen.push({ host: req.headers.host, url: req.url });
  if (req.url === '/redirect') {
    res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
    return res.end();
  }
  if (req.url === '/big') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(`"${'x'.repeat(4096)}"`);
  }
  if (req.url === '/slow') return; // never answers
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ ok: true }));
});
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('refusedAddress', () => {
  it('refuses loopback, private, link-local and metadata addresses unless private ones are allowed; metadata always', () => {
    for (const a of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.1.1', '100.64.0.1', '::1', 'fe80::1', 'fd12::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1']) {
      expect(refusedAddress(a, false), a).not.toBeNull();
      expect(refusedAddress(a, true), a).toBeNull();
    }
    for (const a of ['169.254.169.254', 'fd00:ec2::254', '100.100.100.200', '0.0.0.0', '::', '224.0.0.1', '::ffff:169.254.169.254', '64:ff9b::a00:1']) {
      expect(refusedAddress(a, true), a).not.toBeNull();
    }
    for (const a of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']) expect(refusedAddress(a, false), a).toBeNull();
  });
});

describe('the guarded client', () => {
  it('checks every address a name resolves to and refuses before connecting', async () => {
    const client = createGuardedHttp({ allowPrivate: false, resolve: () => Promise.resolve([{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.1', family: 4 }]) });
    await expect(client.request('http://home.example.test/api/')).rejects.toBeInstanceOf(BlockedAddressError);
    const toMetadata = createGuardedHttp({ allowPrivate: true, resolve: () => Promise.resolve([{ address: '169.254.169.254', family: 4 }]) });
    await expect(toMetadata.request('http://metadata.example.test/')).rejects.toThrow(/metadata/);
  });

  it('resolves once and connects to the checked address: a second, rebound answer is never asked for', async () => {
    const answers = ['127.0.0.1', '10.0.0.1'];
    let lookups = 0;
    const client = createGuardedHttp({
      allowPrivate: true,
      resolve: () => Promise.resolve([{ address: answers[lookups++] ?? '10.0.0.1', family: 4 as const }]),
    });
    seen.length = 0;
    const res = await client.request(`http://rebind.example.test:${port}/api/`);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(lookups).toBe(1);
    // The request reached the checked address and still names the host it was asked for.
    expect(seen).toEqual([{ host: `rebind.example.test:${port}`, url: '/api/' }]);
  });

  it('does not follow redirects, cuts off large answers and slow servers', async () => {
    const client = createGuardedHttp({ allowPrivate: true, maxBytes: 1024, timeoutMs: 500 });
    seen.length = 0;
    await expect(client.request(`http://127.0.0.1:${port}/redirect`)).rejects.toThrow(/redirect/);
    expect(seen.map((s) => s.url)).toEqual(['/redirect']);
    await expect(client.request(`http://127.0.0.1:${port}/big`)).rejects.toThrow(/larger than 1024/);
    await expect(client.request(`http://127.0.0.1:${port}/slow`)).rejects.toThrow(/No answer within/);
  });

  it('takes http and https URLs only, without a user name or password', async () => {
    const client = createGuardedHttp({ allowPrivate: true });
    for (const url of ['ftp://127.0.0.1/', 'file:///etc/passwd', 'gopher://127.0.0.1/', `http://u:p@127.0.0.1:${port}/`, 'not a url']) {
      await expect(client.request(url), url).rejects.toBeInstanceOf(BlockedAddressError);
    }
  });
});
