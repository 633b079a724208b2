import { createHash, createHmac } from 'node:crypto';
import path from 'node:path';
import { assertSafeKey, createLocalStorage, type Storage, type StoredObject } from './storage.ts';

/**
 * Bill files in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…): the same keys as the local
 * folder under a prefix (`uploads/`, `exports/`), requests signed with AWS Signature Version 4
 * (written here: five calls do not need the AWS SDK). Writes are atomic in S3, so nothing is ever
 * `partial`. Several processes on several hosts share it: no disk needs to be shared.
 */

export type S3Config = {
  bucket: string;
  /** e.g. http://minio:9000; unset: AWS (https://s3.<region>.amazonaws.com). */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
};

export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly s3Code: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'S3Error';
  }
}

const sha256Hex = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Uint8Array | string, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it (S3: each path segment once, '/' kept). */
function uriEncode(value: string, keepSlash = false): string {
  return [...new TextEncoder().encode(value)]
    .map((b) => {
      const c = String.fromCharCode(b);
      if (/[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === '/')) return c;
      return `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

/** Signs a request (AWS Signature Version 4, service s3); returns the headers to send. */
export function signS3Request(
  config: Pick<S3Config, 'region' | 'accessKeyId' | 'secretAccessKey'>,
  request: { method: string; url: URL; body?: Uint8Array },
  now = new Date(),
): Record<string, string> {
  const amzDate = now.toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const payloadHash = sha256Hex(request.body ?? new Uint8Array());
  const headers: Record<string, string> = { host: request.url.host, 'x-amz-content-sha256': payloadHash, 'x-amz-date': amzDate };
  const signedHeaders = Object.keys(headers).sort();
  const query = [...request.url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonical = [
    request.method,
    uriEncode(decodeURIComponent(request.url.pathname), true),
    query,
    signedHeaders.map((h) => `${h}:${headers[h]?.trim() ?? ''}\n`).join(''),
    signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${day}/${config.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${config.secretAccessKey}`, day), config.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${config.accessKeyId}/${scope}, SignedHeaders=${signedHeaders.join(';')}, Signature=${signature}`,
  };
}

function xmlValues(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => decodeXml(m[1] ?? ''));
}

function decodeXml(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
    if (named[e]) return named[e];
    return String.fromCodePoint(e.startsWith('#x') || e.startsWith('#X') ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
  });
}

/** An S3-compatible bucket as bill storage; `prefix` separates uploads from exports ('uploads'). */
export function createS3Storage(config: S3Config, prefix: string, fetchImpl: typeof fetch = fetch): Storage {
  const base = config.endpoint ? new URL(config.endpoint) : new URL(`https://s3.${config.region}.amazonaws.com`);
  const root = prefix.replace(/^\/+|\/+$/g, '');
  const bucketUrl = (): URL => {
    const url = new URL(base.toString());
    if (config.forcePathStyle) url.pathname = `${url.pathname.replace(/\/+$/, '')}/${config.bucket}/`;
    else url.host = `${config.bucket}.${url.host}`;
    return url;
  };
  const objectUrl = (key: string): URL => {
    assertSafeKey(key);
    const url = bucketUrl();
    url.pathname = `${url.pathname}${uriEncode(`${root}/${key}`, true)}`;
    return url;
  };
  const send = async (method: string, url: URL, body?: Uint8Array): Promise<Response> => {
    const headers = signS3Request(config, { method, url, body });
    const { host: _host, ...sent } = headers;
    const res = await fetchImpl(url, { method, headers: sent, ...(body ? { body: Buffer.from(body.buffer, body.byteOffset, body.byteLength) } : {}) });
    return res;
  };
  const fail = async (res: Response, what: string): Promise<never> => {
    const text = await res.text().catch(() => '');
    const code = xmlValues(text, 'Code')[0] ?? null;
    throw new S3Error(res.status, code, `S3 ${what} failed: ${res.status}${code ? ` ${code}` : ''}`);
  };

  return {
    kind: 's3',
    async put(key, bytes) {
      const res = await send('PUT', objectUrl(key), bytes);
      if (!res.ok) await fail(res, `PUT ${key}`);
      await res.arrayBuffer();
    },
    async get(key) {
      const res = await send('GET', objectUrl(key));
      if (res.status === 404) {
        await res.arrayBuffer();
        return null;
      }
      if (!res.ok) return fail(res, `GET ${key}`);
      return new Uint8Array(await res.arrayBuffer());
    },
    async delete(key) {
      const res = await send('DELETE', objectUrl(key));
      if (!res.ok && res.status !== 404) await fail(res, `DELETE ${key}`);
      await res.arrayBuffer();
    },
    async exists(key) {
      const res = await send('HEAD', objectUrl(key));
      await res.arrayBuffer();
      if (res.status === 404) return false;
      if (!res.ok) throw new S3Error(res.status, null, `S3 HEAD ${key} failed: ${res.status}`);
      return true;
    },
    async list() {
      const objects: StoredObject[] = [];
      let token: string | null = null;
      do {
        const url = bucketUrl();
        url.searchParams.set('list-type', '2');
        url.searchParams.set('prefix', `${root}/`);
        if (token) url.searchParams.set('continuation-token', token);
        const res = await send('GET', url);
        if (!res.ok) await fail(res, 'list');
        const xml = await res.text();
        for (const entry of xmlValues(xml, 'Contents')) {
          const key = xmlValues(entry, 'Key')[0];
          const modified = xmlValues(entry, 'LastModified')[0];
          if (!key?.startsWith(`${root}/`)) continue;
          objects.push({ key: key.slice(root.length + 1), modifiedAt: modified ? new Date(modified) : new Date(0), partial: false });
        }
        token = xmlValues(xml, 'IsTruncated')[0] === 'true' ? (xmlValues(xml, 'NextContinuationToken')[0] ?? null) : null;
      } while (token);
      return objects;
    },
  };
}

/**
 * The storage of one area ('uploads': bill files; 'exports': 'Download my data' archives): the
 * S3 bucket when configured (S3_BUCKET), else the folder DATA_DIR/<area>.
 */
export function createStorageFromConfig(config: { dataDir: string; s3: S3Config | null }, area: 'uploads' | 'exports' | 'meter-data'): Storage {
  return config.s3 ? createS3Storage(config.s3, area) : createLocalStorage(path.join(config.dataDir, area));
}
