import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEncryptedStorage, FileDecryptionError, reencryptStoredFiles } from './encrypted-storage.ts';
import { createLocalStorage } from './storage.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wattwise-encrypted-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

describe('encrypted storage', () => {
  const inner = createLocalStorage(path.join(root, 'uploads'));
  const key = randomBytes(32);
  const storage = createEncryptedStorage(inner, key);

  it('stores ciphertext with a versioned header and a fresh nonce, and reads back the original', async () => {
    await storage.put('u1/a.pdf', PDF);
    await storage.put('u1/b.pdf', PDF);
    const a = fs.readFileSync(path.join(root, 'uploads/u1/a.pdf'));
    const b = fs.readFileSync(path.join(root, 'uploads/u1/b.pdf'));
    expect(a.subarray(0, 6).toString('latin1')).toBe('WWENC\x01');
    expect(a.includes(Buffer.from('%PDF'))).toBe(false);
    expect(a.equals(b)).toBe(false); // same bytes, different nonce
    expect(Buffer.from((await storage.get('u1/a.pdf')) ?? []).equals(Buffer.from(PDF))).toBe(true);
    expect(await storage.get('u1/missing.pdf')).toBeNull();
    expect(storage.kind).toBe(inner.kind);
  });

  it('reads a file stored before encryption as it is', async () => {
    await inner.put('u1/legacy.pdf', PDF);
    expect(Buffer.from((await storage.get('u1/legacy.pdf')) ?? []).equals(Buffer.from(PDF))).toBe(true);
  });

  it('refuses an altered file and a file encrypted with a key it does not hold', async () => {
    const stored = Buffer.from((await inner.get('u1/a.pdf')) ?? []);
    stored.writeUInt8((stored.readUInt8(stored.length - 20) ^ 0xff) & 0xff, stored.length - 20);
    await inner.put('u1/altered.pdf', stored);
    await expect(storage.get('u1/altered.pdf')).rejects.toBeInstanceOf(FileDecryptionError);
    const other = createEncryptedStorage(inner, randomBytes(32));
    await expect(other.get('u1/a.pdf')).rejects.toThrow(/key that is not configured/);
  });

  it('after a rotation reads old files with the previous key and rewrites them all with the new one', async () => {
    const newKey = randomBytes(32);
    const rotated = { current: newKey, previous: [key] };
    const reader = createEncryptedStorage(inner, rotated);
    expect(Buffer.from((await reader.get('u1/b.pdf')) ?? []).equals(Buffer.from(PDF))).toBe(true);
    await inner.delete('u1/altered.pdf');
    expect(await reencryptStoredFiles(inner, rotated)).toEqual({ rewritten: 3, unchanged: 0 });
    expect(await reencryptStoredFiles(inner, rotated)).toEqual({ rewritten: 0, unchanged: 3 });
    const newOnly = createEncryptedStorage(inner, newKey);
    for (const name of ['a', 'b', 'legacy']) {
      expect(Buffer.from((await newOnly.get(`u1/${name}.pdf`)) ?? []).equals(Buffer.from(PDF)), name).toBe(true);
      expect(fs.readFileSync(path.join(root, `uploads/u1/${name}.pdf`)).subarray(0, 5).toString('latin1')).toBe('WWENC');
    }
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => createEncryptedStorage(inner, randomBytes(16))).toThrow(/32 bytes/);
  });
});
