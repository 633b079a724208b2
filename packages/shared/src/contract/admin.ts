import { z } from 'zod';

/** The admin area's contract (01-core §2, §6): the server's answer to "is this caller an admin". */

export const ADMIN_MESSAGES = {
  /** 01-core §6: a signed-in user who is not an admin (also the server's 403 message). */
  accessDenied: 'Access denied: You do not have permission to view this page.',
  /** 01-core §6: the check itself failed. */
  authError: 'Authentication error: There was an error verifying your permissions.',
  /** 02-tools §8: the feedback analytics page's own wording of the same two cases. */
  feedbackNoPermission: 'You do not have permission to view this page',
  feedbackAuthError: 'Authentication error',
} as const;

export const adminStatusSchema = z.object({ isAdmin: z.literal(true), userId: z.string() }).meta({ id: 'AdminStatus' });
export type AdminStatus = z.infer<typeof adminStatusSchema>;

/** 02-tools §2.14, §9: the human-verification dashboard's actions, documented threshold and likely-human score. */
export const VERIFICATION_ACTIONS = ['login', 'signup', 'checkout', 'contact_form', 'password_reset', 'homepage', 'bill_upload'] as const;
export const VERIFICATION_THRESHOLD = 0.3;
export const LIKELY_HUMAN_SCORE = 0.5;
export const VERIFICATION_MESSAGES = {
  noToken: 'No token to verify. Generate a token first.',
  generateFailed: 'Failed to generate reCAPTCHA token',
  verifyFailed: 'Failed to verify token with the server',
  verificationFailed: 'Verification Failed',
  notVerified: 'Token could not be verified',
} as const;

export const verifyTokenSchema = z.object({ token: z.string().min(1).max(5000), expectedAction: z.enum(VERIFICATION_ACTIONS) }).meta({ id: 'VerifyToken' });
export const verificationResultSchema = z
  .object({
    provider: z.string(),
    success: z.boolean(),
    /** The provider's own likelihood of a human (reCAPTCHA Enterprise, 0..1); null for providers that answer pass or fail only (ALTCHA, Turnstile). */
    score: z.number().nullable(),
    /** The action the token carries; null for ALTCHA, whose tokens carry none, or when the provider did not say. */
    action: z.string().nullable(),
    expectedAction: z.string(),
    actionMatch: z.boolean().nullable(),
    valid: z.boolean(),
    timestamp: z.string(),
    error: z.string().nullable(),
  })
  .meta({ id: 'VerificationResult' });
export type VerificationResult = z.infer<typeof verificationResultSchema>;
