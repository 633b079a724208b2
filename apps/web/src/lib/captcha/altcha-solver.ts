/**
 * ALTCHA proof-of-work (v1 challenge format, as served by GET /api/captcha/challenge):
 * find n in 0..maxnumber with hash(salt + n) === challenge, then send the solution back
 * base64-encoded in the `x-captcha-response` header.
 */
export interface AltchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

export interface AltchaSolution {
  number: number;
  took: number;
}

const DEFAULT_MAX_NUMBER = 1_000_000;
const BATCH = 256;

function toDigestName(algorithm: string): 'SHA-1' | 'SHA-256' | 'SHA-512' {
  const normalised = algorithm.toUpperCase().replace(/^SHA(\d)/, 'SHA-$1');
  if (normalised === 'SHA-1' || normalised === 'SHA-256' || normalised === 'SHA-512') return normalised;
  throw new Error(`Unsupported ALTCHA algorithm: ${algorithm}`);
}

function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function sameBytes(a: ArrayBuffer, b: Uint8Array): boolean {
  const view = new Uint8Array(a);
  if (view.length !== b.length) return false;
  for (let i = 0; i < view.length; i += 1) if (view[i] !== b[i]) return false;
  return true;
}

/**
 * Searches the number in batches of parallel Web Crypto digests (parallel calls are several
 * times faster than awaiting one digest at a time). Returns null when no number matches.
 */
export async function solveAltcha(
  challenge: AltchaChallenge,
  signal?: AbortSignal,
): Promise<AltchaSolution | null> {
  const started = performance.now();
  const digest = toDigestName(challenge.algorithm);
  const target = hexToBytes(challenge.challenge.toLowerCase());
  const max = challenge.maxnumber ?? DEFAULT_MAX_NUMBER;
  const encoder = new TextEncoder();
  for (let start = 0; start <= max; start += BATCH) {
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    const end = Math.min(max, start + BATCH - 1);
    const pending: Promise<ArrayBuffer>[] = [];
    for (let n = start; n <= end; n += 1) pending.push(crypto.subtle.digest(digest, encoder.encode(challenge.salt + n)));
    const hashes = await Promise.all(pending);
    for (let i = 0; i < hashes.length; i += 1) {
      const hash = hashes[i];
      if (hash && sameBytes(hash, target)) return { number: start + i, took: Math.round(performance.now() - started) };
    }
  }
  return null;
}

/** The header value the server verifies: base64 of the JSON solution. */
export function encodeAltchaPayload(challenge: AltchaChallenge, number: number): string {
  const json = JSON.stringify({
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number,
    salt: challenge.salt,
    signature: challenge.signature,
  });
  return btoa(json);
}
