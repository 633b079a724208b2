import * as z from 'zod/mini';
import { api } from './api-client.ts';

/**
 * Calls to better-auth under /api/auth (same origin, session in an http-only cookie).
 * Errors surface as ApiError with better-auth's code (e.g. INVALID_EMAIL_OR_PASSWORD).
 */
const AUTH = '/api/auth';

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.nullish(z.string()),
  emailVerified: z.optional(z.boolean()),
  role: z.nullish(z.string()),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

const sessionSchema = z.nullable(
  z.object({ user: sessionUserSchema, session: z.looseObject({ expiresAt: z.optional(z.string()) }) }),
);
export type AuthSession = z.infer<typeof sessionSchema>;

function captchaHeaders(captcha?: string): Record<string, string> | undefined {
  return captcha ? { 'x-captcha-response': captcha } : undefined;
}

export async function getSession(): Promise<AuthSession> {
  return sessionSchema.parse(await api.get<unknown>(`${AUTH}/get-session`));
}

export interface SignUpResult {
  token: string | null;
  user: SessionUser;
}

export function signUpWithEmail(
  input: { email: string; password: string; name: string; callbackURL: string },
  captcha?: string,
): Promise<SignUpResult> {
  return api.post<SignUpResult>(`${AUTH}/sign-up/email`, input, { headers: captchaHeaders(captcha) });
}

export function signInWithEmail(
  input: { email: string; password: string },
  captcha?: string,
): Promise<{ token: string | null; user: SessionUser | null }> {
  return api.post(`${AUTH}/sign-in/email`, input, { headers: captchaHeaders(captcha) });
}

export function signOut(): Promise<unknown> {
  return api.post(`${AUTH}/sign-out`, {});
}

/** With a captcha token the server may say the address is already verified; without, it never tells. */
export function sendVerificationEmail(input: { email: string; callbackURL: string }, captcha?: string): Promise<unknown> {
  return api.post(`${AUTH}/send-verification-email`, input, { headers: captchaHeaders(captcha) });
}

export function requestPasswordReset(input: { email: string; redirectTo: string }): Promise<unknown> {
  return api.post(`${AUTH}/request-password-reset`, input);
}

export function resetPassword(input: { newPassword: string; token: string }): Promise<unknown> {
  return api.post(`${AUTH}/reset-password`, input);
}
