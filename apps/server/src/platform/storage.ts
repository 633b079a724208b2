import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. Keys look like `{userId}/{timestamp}-{fileName}`. The default keeps
 * them in a local folder (DATA_DIR/uploads); with S3_BUCKET, an S3-compatible bucket
 * (s3-storage.ts), so processes on several hosts share them.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every stored object, with partial writes a crash left behind (`partial`, not readable by key). */
  list(): Promise<StoredObject[]>;
}

export type StoredObject = { key: string; modifiedAt: Date; partial: boolean };

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Throws unless the key is `segment(/segment)*` of safe characters, with no `.`/`..` segment. */
export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  if (segments.length === 0 || segments.length > 8 || !segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..')) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}

/** A file name reduced to safe characters for a storage key (the display name is kept elsewhere). */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '') // accents split off by NFKD: 'é' → 'e'
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._-]+/, '')
    .slice(-100);
  return cleaned || 'bill';
}

export function createLocalStorage(root: string): Storage {
  const absoluteRoot = path.resolve(root);
  const resolve = (key: string) => {
    assertSafeKey(key);
    const full = path.resolve(absoluteRoot, key);
    if (!full.startsWith(absoluteRoot + path.sep)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
    return full;
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      const full = resolve(key);
      await fs.mkdir(path.dirname(full), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${full}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await fs.writeFile(tmp, bytes, { mode: 0o600 });
        await fs.rename(tmp, full);
      } catch (error) {
        await fs.rm(tmp, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return new Uint8Array(await fs.readFile(resolve(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async list() {
      let entries;
      try {
        entries = await fs.readdir(absoluteRoot, { recursive: true, withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const objects: StoredObject[] = [];
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const full = path.join(entry.parentPath, entry.name);
        const stat = await fs.stat(full).catch(() => null);
        if (!stat) continue;
        const key = path.relative(absoluteRoot, full).split(path.sep).join('/');
        objects.push({ key, modifiedAt: stat.mtime, partial: entry.name.endsWith('.tmp') });
      }
      return objects;
    },
    async exists(key) {
      try {
        await fs.access(resolve(key));
        return true;
      } catch {
        return false;
      }
    },
  };
}
