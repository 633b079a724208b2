import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import { lt } from 'drizzle-orm';
import { z } from 'zod';
import type { CaptchaConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { captchaUsedChallenge } from '../db/schema/auth.ts';
import type { Logger } from './logger.ts';

/**
 * Human verification. ALTCHA proof-of-work by default (self-hosted, nothing leaves the
 * server); Cloudflare Turnstile or reCAPTCHA Enterprise when their keys are configured.
 * Every provider receives the client's token in the `x-captcha-response` header.
 */
export type CaptchaAction = 'signup' | 'login' | 'checkout' | 'contact';

export type CaptchaVerifier = {
  provider: CaptchaConfig['provider'];
  siteKey: string | null;
  /** ALTCHA only: a fresh signed challenge for the browser to solve. */
  createChallenge: (() => Promise<Challenge>) | null;
  /** True when the token proves a human (or at least a paid proof of work). Never throws. */
  verify(token: string | undefined, context: { action: CaptchaAction; ip?: string }): Promise<boolean>;
  /** The provider's whole answer, for the verification dashboard: `verify` is its `valid`. Never throws. */
  assess(token: string | undefined, context: { action: CaptchaAction; ip?: string }): Promise<CaptchaAssessment>;
};

/**
 * What a provider said about a token. `score` is the provider's own likelihood of a human (0..1),
 * null for providers that answer pass or fail only (ALTCHA, Turnstile); `action` is the action
 * the token carries, null when it carries none (ALTCHA) or the provider did not say.
 */
export type CaptchaAssessment = { valid: boolean; score: number | null; action: string | null };

const FAILED: CaptchaAssessment = { valid: false, score: null, action: null };

/** A verifier whose `verify` is its assessment's verdict. */
function withVerify(verifier: Omit<CaptchaVerifier, 'verify'>): CaptchaVerifier {
  return { ...verifier, verify: async (token, context) => (await verifier.assess(token, context)).valid };
}

export const CAPTCHA_HEADER = 'x-captcha-response';

/** What a request that failed its human check reads (auth and checkout alike). */
export const CAPTCHA_FAILED = {
  code: 'CAPTCHA_FAILED',
  message: 'Security verification failed. Please refresh the page and try again.',
} as const;

const altchaPayloadSchema = z.object({
  algorithm: z.enum(['SHA-1', 'SHA-256', 'SHA-512']),
  challenge: z.string().min(1).max(200),
  number: z.number().int().min(0),
  salt: z.string().min(1).max(500),
  signature: z.string().min(1).max(200),
});

export function decodeAltchaPayload(token: string): z.infer<typeof altchaPayloadSchema> | null {
  try {
    const json: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    const parsed = altchaPayloadSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function createAltchaVerifier(options: { hmacKey: string; maxNumber: number; expiresSeconds: number; db: Db }): CaptchaVerifier {
  const { hmacKey, maxNumber, expiresSeconds, db } = options;
  let lastCleanup = 0;
  return withVerify({
    provider: 'altcha',
    siteKey: null,
    createChallenge: () =>
      createChallenge({ hmacKey, maxnumber: maxNumber, algorithm: 'SHA-256', expires: new Date(Date.now() + expiresSeconds * 1000) }),
    // ALTCHA proves work, not a likelihood: no score, and its tokens carry no action.
    assess: async (token) => ({ valid: await verifyAltcha(token), score: null, action: null }),
  });

  async function verifyAltcha(token: string | undefined): Promise<boolean> {
    if (!token || token.length > 2000) return false;
    const payload = decodeAltchaPayload(token);
    if (!payload) return false;
    // Checks the HMAC signature, the proof of work and the expiry in the salt.
    if (!(await verifySolution(payload, hmacKey, true))) return false;
    const expires = Number(extractParams(payload).expires);
    if (!Number.isFinite(expires)) return false;
    const now = Date.now();
    if (now - lastCleanup > 60_000) {
      lastCleanup = now;
      await db.delete(captchaUsedChallenge).where(lt(captchaUsedChallenge.expiresAt, new Date(now)));
    }
    // A solved challenge is good for one request: remember it until it expires.
    const inserted = await db
      .insert(captchaUsedChallenge)
      .values({ challenge: payload.challenge, expiresAt: new Date(expires * 1000) })
      .onConflictDoNothing()
      .returning({ challenge: captchaUsedChallenge.challenge });
    return inserted.length === 1;
  }
}

const turnstileResponseSchema = z.object({ success: z.boolean(), action: z.string().optional() });

export function createTurnstileVerifier(options: { siteKey: string; secretKey: string; verifyUrl: string; logger: Logger }): CaptchaVerifier {
  return withVerify({
    provider: 'turnstile',
    siteKey: options.siteKey,
    createChallenge: null,
    assess: async (token, { ip }) => {
      if (!token || token.length > 4000) return FAILED;
      try {
        const body = new URLSearchParams({ secret: options.secretKey, response: token });
        if (ip) body.set('remoteip', ip);
        const response = await fetch(options.verifyUrl, { method: 'POST', body, signal: AbortSignal.timeout(10_000) });
        const result = turnstileResponseSchema.safeParse(await response.json());
        if (!result.success) return FAILED;
        // Turnstile answers pass or fail: it has no score.
        return { valid: response.ok && result.data.success, score: null, action: result.data.action ?? null };
      } catch (error) {
        options.logger.warn({ err: error }, 'turnstile verification failed');
        return FAILED;
      }
    },
  });
}

const assessmentSchema = z.object({
  tokenProperties: z.object({ valid: z.boolean(), action: z.string().optional() }),
  riskAnalysis: z.object({ score: z.number() }).optional(),
});

export function createRecaptchaVerifier(options: {
  siteKey: string;
  projectId: string;
  apiKey: string;
  minScore: number;
  apiUrl: string;
  logger: Logger;
}): CaptchaVerifier {
  return withVerify({
    provider: 'recaptcha',
    siteKey: options.siteKey,
    createChallenge: null,
    assess: async (token, { action, ip }) => {
      if (!token || token.length > 4000) return FAILED;
      try {
        const url = `${options.apiUrl}/v1/projects/${encodeURIComponent(options.projectId)}/assessments?key=${encodeURIComponent(options.apiKey)}`;
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ event: { token, siteKey: options.siteKey, expectedAction: action, userIpAddress: ip } }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) return FAILED;
        const result = assessmentSchema.safeParse(await response.json());
        if (!result.success) return FAILED;
        const { tokenProperties, riskAnalysis } = result.data;
        const score = riskAnalysis?.score ?? null;
        return {
          valid: tokenProperties.valid && tokenProperties.action === action && score !== null && score >= options.minScore,
          score,
          action: tokenProperties.action ?? null,
        };
      } catch (error) {
        options.logger.warn({ err: error }, 'reCAPTCHA verification failed');
        return FAILED;
      }
    },
  });
}

export function createCaptchaVerifier(config: CaptchaConfig, deps: { altchaHmacKey: string; db: Db; logger: Logger }): CaptchaVerifier {
  switch (config.provider) {
    case 'altcha':
      return createAltchaVerifier({ hmacKey: deps.altchaHmacKey, maxNumber: config.maxNumber, expiresSeconds: config.expiresSeconds, db: deps.db });
    case 'turnstile':
      return createTurnstileVerifier({ ...config, logger: deps.logger });
    case 'recaptcha':
      return createRecaptchaVerifier({ ...config, logger: deps.logger });
  }
}
