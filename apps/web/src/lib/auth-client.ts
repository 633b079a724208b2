import { api } from './api-client.ts';

/**
 * Calls to better-auth under /api/auth (same origin, session in an http-only cookie).
 * Errors surface as ApiError with better-auth's code (e.g. INVALID_EMAIL_OR_PASSWORD).
 */
const AUTH = '/api/auth';

export interface SessionUser {
  id: string;
  email: string;
  name?: string | null;
  emailVerified?: boolean;
  role?: string | null;
}

export type AuthSession = { user: SessionUser; session: { expiresAt?: string } & Record<string, unknown> } | null;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalOf(value: unknown, type: 'string' | 'boolean'): boolean {
  return value === undefined || (type === 'string' && value === null) || typeof value === type;
}

/**
 * Parses better-auth's get-session answer: null (signed out) or a user and a session. Checked by
 * hand rather than with zod: every page asks for the session on its first load, and zod would
 * add 13 KB to the landing page for this one shape (docs/decisions/040-landing-bundle-budget.md).
 * Anything else is rejected, as a schema would.
 */
export function parseSession(value: unknown): AuthSession {
  if (value === null) return null;
  if (!isRecord(value) || !isRecord(value.user) || !isRecord(value.session)) throw new TypeError('Invalid session response');
  const { user, session } = value;
  if (typeof user.id !== 'string' || typeof user.email !== 'string') throw new TypeError('Invalid session user');
  if (!optionalOf(user.name, 'string') || !optionalOf(user.role, 'string') || !optionalOf(user.emailVerified, 'boolean')) {
    throw new TypeError('Invalid session user');
  }
  if (session.expiresAt !== undefined && typeof session.expiresAt !== 'string') throw new TypeError('Invalid session');
  const parsedUser: SessionUser = { id: user.id, email: user.email };
  if (user.name !== undefined) parsedUser.name = user.name as string | null;
  if (user.role !== undefined) parsedUser.role = user.role as string | null;
  if (user.emailVerified !== undefined) parsedUser.emailVerified = user.emailVerified as boolean;
  return { user: parsedUser, session: { ...session } };
}

function captchaHeaders(captcha?: string): Record<string, string> | undefined {
  return captcha ? { 'x-captcha-response': captcha } : undefined;
}

export async function getSession(): Promise<AuthSession> {
  return parseSession(await api.get<unknown>(`${AUTH}/get-session`));
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

/** A signed-in answer, or `twoFactorRedirect` when the account asks for a code next (no session yet). */
export type SignInResult = { token?: string | null; user?: SessionUser | null; twoFactorRedirect?: boolean };

export function signInWithEmail(input: { email: string; password: string }, captcha?: string): Promise<SignInResult> {
  return api.post(`${AUTH}/sign-in/email`, input, { headers: captchaHeaders(captcha) });
}

/** The second sign-in step: a code from the authenticator app, or one of the backup codes. */
export function verifySecondFactor(input: { code: string; kind: 'totp' | 'backup'; trustDevice: boolean }): Promise<SignInResult> {
  const path = input.kind === 'totp' ? 'verify-totp' : 'verify-backup-code';
  return api.post(`${AUTH}/two-factor/${path}`, { code: input.code.replace(/\s+/g, ''), trustDevice: input.trustDevice });
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
