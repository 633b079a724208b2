import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../test/s3-server.ts';
import { createS3Storage, S3Error } from './s3-storage.ts';
import { createLocalStorage, type Storage } from './storage.ts';

// The storage contract (issue 26), run against the local folder and against an S3-compatible
// server started here (signatures checked): what features rely on holds for both.

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wattwise-storage-contract-'));
let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startTestS3Server({ pageSize: 3 });
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const s3Config = () => ({ bucket: s3.bucket, endpoint: s3.endpoint, region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, forcePathStyle: true });

const backends: Array<[string, (prefix: string) => Storage]> = [
  ['local folder', (prefix) => createLocalStorage(path.join(root, prefix))],
  ['S3-compatible bucket', (prefix) => createS3Storage(s3Config(), prefix)],
];

describe.each(backends)('storage contract: %s', (_name, open) => {
  it('puts, reads, checks and deletes objects under their key; a missing key reads as null', async () => {
    const storage = open('uploads-a');
    const key = 'user-1/1700000000000-bill.pdf';
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    const bytes = new Uint8Array(256 * 1024).map((_, i) => (i * 31) % 256);
    await storage.put(key, bytes);
    expect(await storage.exists(key)).toBe(true);
    expect(Buffer.from((await storage.get(key)) ?? []).equals(Buffer.from(bytes))).toBe(true);
    await storage.put(key, new Uint8Array([9]));
    expect([...((await storage.get(key)) ?? [])]).toEqual([9]);
    await storage.delete(key);
    await storage.delete(key); // deleting twice is fine
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
  });

  it('lists every object with its time, only under its own prefix, across pages', async () => {
    const uploads = open('uploads-b');
    const exports = open('exports-b');
    const keys = ['u1/1-a.pdf', 'u1/2-b.png', 'u2/3-c.pdf', 'u2/4-d.pdf', 'u3/5-e.jpg', 'u3/5-e.jpg.text.json', 'u4/6-f.heic'];
    const before = Date.now() - 60_000;
    for (const key of keys) await uploads.put(key, new TextEncoder().encode(key));
    await exports.put('u1/export.zip', new Uint8Array([1]));
    const listed = await uploads.list();
    expect(listed.map((o) => o.key).sort()).toEqual([...keys].sort());
    for (const object of listed) {
      expect(object.partial).toBe(false);
      expect(object.modifiedAt.getTime()).toBeGreaterThan(before);
    }
    expect((await exports.list()).map((o) => o.key)).toEqual(['u1/export.zip']);
  });

  it('refuses keys that could leave its folder or prefix', async () => {
    const storage = open('uploads-c');
    for (const key of ['../secret.txt', 'a/../../secret.txt', '/etc/passwd', 'a//b', '.hidden/x', 'a/./b', '']) {
      await expect(storage.get(key), key).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.put(key, new Uint8Array([0])), key).rejects.toThrow(/Unsafe storage key/);
    }
  });
});

describe('S3 storage', () => {
  it('is refused by the server with a wrong secret (the signature is checked), and says so', async () => {
    const refusedBefore = s3.refused;
    const wrong = createS3Storage({ ...s3Config(), secretAccessKey: 'not-the-secret' }, 'uploads-d');
    const error = await wrong.put('u1/x.pdf', new Uint8Array([1])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(S3Error);
    expect((error as S3Error).status).toBe(403);
    expect((error as S3Error).s3Code).toBe('SignatureDoesNotMatch');
    expect(s3.refused).toBe(refusedBefore + 1);
    expect(await createS3Storage(s3Config(), 'uploads-d').exists('u1/x.pdf')).toBe(false);
  });

  it('keeps objects under the prefix in the bucket, with the same keys as the local folder', async () => {
    await createS3Storage(s3Config(), 'uploads').put('user-9/1-bill.pdf', new Uint8Array([7]));
    expect(s3.objects.has('uploads/user-9/1-bill.pdf')).toBe(true);
  });
});
