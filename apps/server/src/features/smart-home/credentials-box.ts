import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Platform credentials at rest: AES-256-GCM with a random 12-byte nonce per value; stored as
 * `v1.<nonce>.<tag>.<ciphertext>` (base64url). The key comes from SMART_HOME_CREDENTIALS_KEY,
 * else it is derived from the auth secret with HKDF (decision 081). Only the server decrypts.
 */
export type CredentialsBox = { seal(value: Record<string, string>): string; open(box: string): Record<string, string> };

export function credentialsKey(configured: string | undefined, authSecret: string): Buffer {
  if (configured) return Buffer.from(configured, 'hex');
  return Buffer.from(hkdfSync('sha256', authSecret, 'wattwise', 'smart-home credentials v1', 32));
}

export function createCredentialsBox(key: Buffer): CredentialsBox {
  if (key.length !== 32) throw new Error('The credentials key must be 32 bytes');
  return {
    seal(value) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const sealed = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return ['v1', nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
    },
    open(box) {
      const [version, nonce, tag, sealed] = box.split('.');
      if (version !== 'v1' || !nonce || !tag || sealed === undefined) throw new Error('Unknown credentials box');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
      return JSON.parse(plain) as Record<string, string>;
    },
  };
}
