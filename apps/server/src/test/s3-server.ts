import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A minimal S3-compatible server for tests (path-style only): PUT, GET, HEAD and DELETE of
 * objects and ListObjectsV2, in memory. Every request must carry a valid AWS Signature Version 4
 * for the one access key it knows (checked from the raw request, independently of the client's
 * signer) and a body matching its x-amz-content-sha256; anything else answers 403 as S3 does.
 * `pageSize` makes listings paginate early.
 */
export type TestS3Server = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; modified: Date }>;
  /** Requests refused for their signature. */
  refused: number;
  close(): Promise<void>;
};

const enc = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function expectedSignature(req: http.IncomingMessage, secret: string, region: string, signedHeaders: string[], amzDate: string, payloadHash: string): string {
  const url = new URL(req.url ?? '/', 'http://s3.test');
  const canonicalUri = url.pathname
    .split('/')
    .map((segment) => enc(decodeURIComponent(segment)))
    .join('/');
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .sort()
    .join('&');
  const headerLines = signedHeaders.map((h) => `${h}:${String(req.headers[h] ?? '').trim()}\n`).join('');
  const canonical = [req.method, canonicalUri, query, headerLines, signedHeaders.join(';'), payloadHash].join('\n');
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${createHash('sha256').update(canonical).digest('hex')}`;
  let key: Buffer = createHmac('sha256', `AWS4${secret}`).update(day).digest();
  for (const part of [region, 's3', 'aws4_request']) key = createHmac('sha256', key).update(part).digest();
  return createHmac('sha256', key).update(toSign).digest('hex');
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function startTestS3Server(options: { pageSize?: number; bucket?: string } = {}): Promise<TestS3Server> {
  const bucket = options.bucket ?? 'wattwise-test';
  const region = 'us-east-1';
  const accessKeyId = 'TESTACCESSKEY';
  const secretAccessKey = 'test-secret-access-key-0123456789';
  const objects = new Map<string, { body: Buffer; modified: Date }>();
  const pageSize = options.pageSize ?? 1000;
  const state = { refused: 0 };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const error = (status: number, code: string) => {
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(req.method === 'HEAD' ? undefined : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
      };
      const auth = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(String(req.headers.authorization ?? ''));
      const amzDate = String(req.headers['x-amz-date'] ?? '');
      const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
      if (!auth || auth[1] !== accessKeyId || auth[3] !== region || !amzDate.startsWith(auth[2] ?? '-')) {
        state.refused++;
        return error(403, 'InvalidAccessKeyId');
      }
      const signedHeaders = (auth[4] ?? '').split(';');
      if (!signedHeaders.includes('host') || !signedHeaders.includes('x-amz-date') || !signedHeaders.includes('x-amz-content-sha256')) {
        state.refused++;
        return error(403, 'AccessDenied');
      }
      if (payloadHash !== createHash('sha256').update(body).digest('hex')) {
        state.refused++;
        return error(400, 'XAmzContentSHA256Mismatch');
      }
      const expected = Buffer.from(expectedSignature(req, secretAccessKey, region, signedHeaders, amzDate, payloadHash));
      const given = Buffer.from(auth[5] ?? '');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        state.refused++;
        return error(403, 'SignatureDoesNotMatch');
      }
      const url = new URL(req.url ?? '/', 'http://s3.test');
      const [, bucketName, ...rest] = url.pathname.split('/');
      if (bucketName !== bucket) return error(404, 'NoSuchBucket');
      const key = decodeURIComponent(rest.join('/'));
      if (!key) {
        if (req.method !== 'GET' || url.searchParams.get('list-type') !== '2') return error(400, 'InvalidRequest');
        const prefix = url.searchParams.get('prefix') ?? '';
        const after = url.searchParams.get('continuation-token') ?? '';
        const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
        const page = keys.slice(0, pageSize);
        const truncated = keys.length > page.length;
        const contents = page
          .map((k) => `<Contents><Key>${xmlEscape(k)}</Key><LastModified>${objects.get(k)?.modified.toISOString()}</LastModified><Size>${objects.get(k)?.body.length}</Size></Contents>`)
          .join('');
        res.writeHead(200, { 'content-type': 'application/xml' });
        return res.end(
          `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${xmlEscape(page.at(-1) ?? '')}</NextContinuationToken>` : ''}${contents}</ListBucketResult>`,
        );
      }
      switch (req.method ?? '') {
        case 'PUT':
          objects.set(key, { body, modified: new Date() });
          res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
          return res.end();
        case 'GET':
        case 'HEAD': {
          const object = objects.get(key);
          if (!object) return error(404, 'NoSuchKey');
          res.writeHead(200, { 'content-length': object.body.length, 'last-modified': object.modified.toUTCString() });
          return res.end(req.method === 'GET' ? object.body : undefined);
        }
        case 'DELETE':
          objects.delete(key);
          res.writeHead(204);
          return res.end();
        default:
          return error(405, 'MethodNotAllowed');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    get refused() {
      return state.refused;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
