// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { encodeAltchaPayload, solveAltcha, type AltchaChallenge } from './altcha-solver.ts';

async function sha256Hex(text: string): Promise<string> {
  const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, '0')).join('');
}

describe('solveAltcha', () => {
  it('finds the number whose salted hash is the challenge', async () => {
    const salt = 'a1b2c3?expires=1700000000';
    const challenge: AltchaChallenge = {
      algorithm: 'SHA-256',
      challenge: await sha256Hex(`${salt}4321`),
      maxnumber: 10_000,
      salt,
      signature: 'sig',
    };
    const solution = await solveAltcha(challenge);
    expect(solution?.number).toBe(4321);
  });

  it('returns null when no number up to maxnumber matches', async () => {
    const challenge: AltchaChallenge = {
      algorithm: 'SHA-256',
      challenge: await sha256Hex('other-salt5'),
      maxnumber: 300,
      salt: 'salt',
      signature: 'sig',
    };
    expect(await solveAltcha(challenge)).toBeNull();
  });

  it('encodes the solution as base64 JSON with the signed fields', () => {
    const encoded = encodeAltchaPayload(
      { algorithm: 'SHA-256', challenge: 'abc', salt: 's', signature: 'x', maxnumber: 5 },
      3,
    );
    expect(JSON.parse(atob(encoded))).toEqual({ algorithm: 'SHA-256', challenge: 'abc', number: 3, salt: 's', signature: 'x' });
  });
});
