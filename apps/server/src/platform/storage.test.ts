import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage, safeFileName } from './storage.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wattwise-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('local storage', () => {
  const storage = createLocalStorage(path.join(root, 'uploads'));

  it('puts, reads, checks and deletes objects under their key', async () => {
    const key = 'user-1/1700000000000-bill.pdf';
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, new Uint8Array([1, 2, 3]));
    expect(fs.existsSync(path.join(root, 'uploads', key))).toBe(true);
    expect(await storage.exists(key)).toBe(true);
    expect([...((await storage.get(key)) ?? [])]).toEqual([1, 2, 3]);
    await storage.delete(key);
    await storage.delete(key); // deleting twice is fine
    expect(await storage.exists(key)).toBe(false);
  });

  it('refuses keys that could leave its folder', async () => {
    fs.writeFileSync(path.join(root, 'secret.txt'), 'secret');
    for (const key of ['../secret.txt', 'a/../../secret.txt', '/etc/passwd', 'a//b', '.hidden/x', 'a/./b', 'a\\..\\b', '']) {
      await expect(storage.get(key), key).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.put(key, new Uint8Array([0])), key).rejects.toThrow(/Unsafe storage key/);
    }
    expect(fs.readFileSync(path.join(root, 'secret.txt'), 'utf8')).toBe('secret');
  });

  it('reduces file names to safe characters for keys', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\Users\\me\\My Bill (May).pdf')).toBe('My_Bill_May_.pdf');
    expect(safeFileName('...')).toBe('bill');
    expect(safeFileName('facture-électricité.pdf')).toBe('facture-electricite.pdf');
  });
});
