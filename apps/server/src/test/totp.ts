// Also used by the browser tests (e2e/account.spec.ts): one RFC 6238 implementation, independent of the server's.
import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The secret of an `otpauth://` URI as bytes (RFC 4648 base32). */
export function secretOfOtpauthUri(uri: string): Buffer {
  const encoded = new URL(uri).searchParams.get('secret')?.toUpperCase().replace(/=+$/, '') ?? '';
  let bits = '';
  for (const char of encoded) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The six-digit code an authenticator app shows for this secret now (RFC 6238: HMAC-SHA1, 30 s steps). */
export function totpCode(secret: Buffer, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', secret).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}
