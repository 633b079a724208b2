import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Storage } from './storage.ts';

/**
 * Stored bill files encrypted at rest, whatever holds them (a local folder, an S3 bucket):
 * each object is AES-256-GCM with its own random nonce behind a versioned header.
 *
 *   "WWENC" | version 0x01 | key id (4 bytes) | nonce (12) | ciphertext | tag (16)
 *
 * The key id (first 4 bytes of SHA-256 of the key) picks the key to decrypt with, so files
 * written before a key rotation still open while `previous` keys are configured. A stored
 * object without the header is a file written before encryption existed and is returned as is.
 */
export type FileEncryptionKeys = { current: Buffer; previous: readonly Buffer[] };

const MAGIC = Buffer.from('WWENC', 'ascii');
const VERSION = 0x01;
const KEY_ID_BYTES = 4;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + 1 + KEY_ID_BYTES + NONCE_BYTES;

export class FileDecryptionError extends Error {
  constructor(key: string, reason: string) {
    super(`Stored file ${JSON.stringify(key)} cannot be decrypted: ${reason}`);
    this.name = 'FileDecryptionError';
  }
}

export function fileKeyId(key: Buffer): Buffer {
  return createHash('sha256').update(key).digest().subarray(0, KEY_ID_BYTES);
}

/** True when the bytes carry this module's header (any version). */
export function isEncryptedObject(bytes: Uint8Array): boolean {
  return bytes.length >= MAGIC.length && Buffer.from(bytes.buffer, bytes.byteOffset, MAGIC.length).equals(MAGIC);
}

export function encryptObject(plain: Uint8Array, key: Buffer): Uint8Array {
  const nonce = randomBytes(NONCE_BYTES);
  const header = Buffer.concat([MAGIC, Buffer.from([VERSION]), fileKeyId(key), nonce]);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(header);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return new Uint8Array(Buffer.concat([header, body, cipher.getAuthTag()]));
}

export function decryptObject(stored: Uint8Array, keys: FileEncryptionKeys, storageKey = '(bytes)'): Uint8Array {
  if (!isEncryptedObject(stored)) return stored; // legacy plain file
  const bytes = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
  if (bytes.length < HEADER_BYTES + TAG_BYTES) throw new FileDecryptionError(storageKey, 'truncated');
  const version = bytes[MAGIC.length];
  if (version !== VERSION) throw new FileDecryptionError(storageKey, `unknown format version ${String(version)}`);
  const keyId = bytes.subarray(MAGIC.length + 1, MAGIC.length + 1 + KEY_ID_BYTES);
  const key = [keys.current, ...keys.previous].find((k) => fileKeyId(k).equals(keyId));
  if (!key) throw new FileDecryptionError(storageKey, 'encrypted with a key that is not configured (FILE_ENCRYPTION_KEY / FILE_ENCRYPTION_PREVIOUS_KEYS)');
  const header = bytes.subarray(0, HEADER_BYTES);
  const nonce = header.subarray(MAGIC.length + 1 + KEY_ID_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAAD(header);
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  try {
    return new Uint8Array(Buffer.concat([decipher.update(bytes.subarray(HEADER_BYTES, bytes.length - TAG_BYTES)), decipher.final()]));
  } catch {
    throw new FileDecryptionError(storageKey, 'the file was altered or the key is wrong');
  }
}

const encryptedStorages = new WeakSet<Storage>();

/** Whether a storage encrypts what it holds (the trust copy claims encryption only then). */
export function isEncryptedStorage(storage: Storage): boolean {
  return encryptedStorages.has(storage);
}

/** Wraps any `Storage` so what it holds is ciphertext; callers keep reading and writing originals. */
export function createEncryptedStorage(inner: Storage, keys: FileEncryptionKeys | Buffer): Storage {
  const keyring: FileEncryptionKeys = Buffer.isBuffer(keys) ? { current: keys, previous: [] } : keys;
  for (const key of [keyring.current, ...keyring.previous]) {
    if (key.length !== 32) throw new Error('A file encryption key must be 32 bytes (AES-256)');
  }
  const storage: Storage = {
    kind: inner.kind,
    put: (key, bytes) => inner.put(key, encryptObject(bytes, keyring.current)),
    async get(key) {
      const stored = await inner.get(key);
      return stored === null ? null : decryptObject(stored, keyring, key);
    },
    delete: (key) => inner.delete(key),
    exists: (key) => inner.exists(key),
    list: () => inner.list(),
  };
  encryptedStorages.add(storage);
  return storage;
}

/**
 * Rewrites every stored object with the current key (after a rotation, and to encrypt files
 * stored before encryption existed). Returns how many objects were rewritten.
 */
export async function reencryptStoredFiles(inner: Storage, keys: FileEncryptionKeys): Promise<{ rewritten: number; unchanged: number }> {
  const currentId = fileKeyId(keys.current);
  let rewritten = 0;
  let unchanged = 0;
  for (const object of await inner.list()) {
    if (object.partial) continue;
    const stored = await inner.get(object.key);
    if (stored === null) continue;
    const alreadyCurrent = isEncryptedObject(stored) && Buffer.from(stored.subarray(MAGIC.length + 1, MAGIC.length + 1 + KEY_ID_BYTES)).equals(currentId);
    if (alreadyCurrent) {
      unchanged += 1;
      continue;
    }
    await inner.put(object.key, encryptObject(decryptObject(stored, keys, object.key), keys.current));
    rewritten += 1;
  }
  return { rewritten, unchanged };
}
