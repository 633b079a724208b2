import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createChallenge, solveChallenge } from 'altcha-lib/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../test/test-app.ts';
import { createAltchaVerifier, createRecaptchaVerifier, createTurnstileVerifier } from './captcha.ts';
import { createLogger } from './logger.ts';

const logger = createLogger({ level: 'silent' });
const HMAC = 'test-hmac-key-0123456789abcdef';

async function solvedToken(challenge: { algorithm: string; challenge: string; maxnumber?: number; salt: string; signature: string }) {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  return Buffer.from(JSON.stringify({ ...challenge, maxnumber: undefined, number: solution?.number })).toString('base64');
}

describe('ALTCHA verifier', () => {
  const db = useMigratedDatabase();

  const verifier = () => createAltchaVerifier({ hmacKey: HMAC, maxNumber: 1000, expiresSeconds: 60, db: db().db });

  it('accepts a solved challenge once, then refuses the replay', async () => {
    const v = verifier();
    const challenge = await v.createChallenge?.();
    expect(challenge?.maxnumber).toBe(1000);
    const token = await solvedToken(challenge!);
    expect(await v.verify(token, { action: 'signup' })).toBe(true);
    expect(await v.verify(token, { action: 'signup' })).toBe(false);
  });

  it('refuses a challenge signed with another key, an expired one, and garbage', async () => {
    const v = verifier();
    const foreign = await createChallenge({ hmacKey: 'another-key-0123456789', maxnumber: 1000, expires: new Date(Date.now() + 60_000) });
    expect(await v.verify(await solvedToken(foreign), { action: 'login' })).toBe(false);
    const expired = await createChallenge({ hmacKey: HMAC, maxnumber: 1000, expires: new Date(Date.now() - 1000) });
    expect(await v.verify(await solvedToken(expired), { action: 'login' })).toBe(false);
    const noExpiry = await createChallenge({ hmacKey: HMAC, maxnumber: 1000 });
    expect(await v.verify(await solvedToken(noExpiry), { action: 'login' })).toBe(false);
    expect(await v.verify('not base64 json', { action: 'login' })).toBe(false);
    expect(await v.verify(undefined, { action: 'login' })).toBe(false);
  });
});

describe('Turnstile and reCAPTCHA Enterprise adapters', () => {
  let server: http.Server;
  let base: string;
  const requests: { url: string; body: string }[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        requests.push({ url: req.url ?? '', body });
        res.setHeader('content-type', 'application/json');
        if (req.url?.startsWith('/turnstile')) {
          const token = new URLSearchParams(body).get('response');
          res.end(JSON.stringify({ success: token === 'good-token', 'error-codes': [] }));
          return;
        }
        const { event } = JSON.parse(body) as { event: { token: string; expectedAction: string } };
        const score = event.token === 'good-token' ? 0.9 : event.token === 'bot-token' ? 0.1 : 0;
        res.end(JSON.stringify({ tokenProperties: { valid: event.token !== 'invalid', action: 'login' }, riskAnalysis: { score } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('Turnstile posts secret, token and client address to siteverify and follows its answer', async () => {
    const v = createTurnstileVerifier({ siteKey: 'site', secretKey: 'shh', verifyUrl: `${base}/turnstile`, logger });
    expect(v.siteKey).toBe('site');
    expect(await v.verify('good-token', { action: 'login', ip: '1.2.3.4' })).toBe(true);
    const sent = new URLSearchParams(requests.at(-1)?.body);
    expect(sent.get('secret')).toBe('shh');
    expect(sent.get('remoteip')).toBe('1.2.3.4');
    expect(await v.verify('bad-token', { action: 'login' })).toBe(false);
    expect(await v.verify(undefined, { action: 'login' })).toBe(false);
  });

  it('reCAPTCHA creates an assessment and needs a valid token, the expected action and a good score', async () => {
    const v = createRecaptchaVerifier({ siteKey: 'site', projectId: 'proj', apiKey: 'key', minScore: 0.5, apiUrl: base, logger });
    expect(await v.verify('good-token', { action: 'login', ip: '1.2.3.4' })).toBe(true);
    const last = requests.at(-1);
    expect(last?.url).toBe('/v1/projects/proj/assessments?key=key');
    expect(JSON.parse(last?.body ?? '{}')).toEqual({ event: { token: 'good-token', siteKey: 'site', expectedAction: 'login', userIpAddress: '1.2.3.4' } });
    expect(await v.verify('bot-token', { action: 'login' })).toBe(false);
    expect(await v.verify('invalid', { action: 'login' })).toBe(false);
    // The mock answers action "login": a sign-up token used for login is refused.
    expect(await v.verify('good-token', { action: 'signup' })).toBe(false);
    // The dashboard shows the provider's own score and action.
    expect(await v.assess('bot-token', { action: 'login' })).toEqual({ valid: false, score: 0.1, action: 'login' });
  });

  it('Turnstile has no score to show: the assessment says so instead of inventing one', async () => {
    const v = createTurnstileVerifier({ siteKey: 'site', secretKey: 'shh', verifyUrl: `${base}/turnstile`, logger });
    expect(await v.assess('good-token', { action: 'login' })).toEqual({ valid: true, score: null, action: null });
  });

  it('treats an unreachable provider as a failed check', async () => {
    const v = createTurnstileVerifier({ siteKey: 's', secretKey: 'k', verifyUrl: 'http://127.0.0.1:1/x', logger });
    expect(await v.verify('good-token', { action: 'login' })).toBe(false);
  });
});
