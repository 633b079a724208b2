import { AUTH_MESSAGES } from '@wattwise/shared/auth';
import { ApiError } from '@/lib/api-client.ts';

/**
 * Turns an auth failure into what the user reads (01-core §8). better-auth answers with
 * codes; the spec words its mapping on message fragments, so both are checked.
 */
export type AuthErrorKind =
  | 'invalid-credentials'
  | 'email-not-confirmed'
  | 'already-registered'
  | 'weak-password'
  | 'invalid-email'
  | 'signup-disabled'
  | 'rate-limited'
  | 'captcha'
  | 'network'
  | 'other';

export interface AuthErrorView {
  kind: AuthErrorKind;
  title: string;
  message: string;
}

export type AuthAction = 'signin' | 'signup';

function codeOf(error: unknown): string {
  return error instanceof ApiError ? error.code.toUpperCase() : '';
}

function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return '';
}

function classify(error: unknown): { kind: AuthErrorKind; message: string } {
  const code = codeOf(error);
  const raw = messageOf(error);
  const text = raw.toLowerCase();
  const status = error instanceof ApiError ? error.status : undefined;

  if (code === 'INVALID_EMAIL_OR_PASSWORD' || text.includes('invalid login credentials') || text.includes('invalid email or password')) {
    return { kind: 'invalid-credentials', message: AUTH_MESSAGES.invalidCredentials };
  }
  if (code === 'EMAIL_NOT_VERIFIED' || text.includes('email not confirmed') || text.includes('email not verified')) {
    return { kind: 'email-not-confirmed', message: AUTH_MESSAGES.emailNotConfirmed };
  }
  if (code.startsWith('USER_ALREADY_EXISTS') || text.includes('user already registered') || text.includes('already exists')) {
    return { kind: 'already-registered', message: AUTH_MESSAGES.alreadyRegistered };
  }
  if (status === 429 || code === 'TOO_MANY_REQUESTS' || text.includes('too many requests')) {
    return { kind: 'rate-limited', message: AUTH_MESSAGES.tooManyRequests };
  }
  if (code === 'PASSWORD_TOO_SHORT') return { kind: 'weak-password', message: AUTH_MESSAGES.passwordMin8 };
  if (code === 'PASSWORD_TOO_WEAK') return { kind: 'weak-password', message: AUTH_MESSAGES.passwordComplexity };
  if (text.includes('password should be at least')) return { kind: 'weak-password', message: AUTH_MESSAGES.passwordMin6 };
  if (code === 'INVALID_EMAIL' || text.includes('unable to validate email address')) {
    return { kind: 'invalid-email', message: AUTH_MESSAGES.invalidEmailServer };
  }
  if (code === 'EMAIL_PASSWORD_SIGN_UP_DISABLED' || code === 'SIGNUP_DISABLED' || text.includes('signup is disabled')) {
    return { kind: 'signup-disabled', message: AUTH_MESSAGES.signupDisabled };
  }
  if ((error instanceof ApiError && error.isNetworkError) || text.includes('network error') || text.includes('fetch')) {
    return { kind: 'network', message: AUTH_MESSAGES.network };
  }
  if (code === 'CAPTCHA_FAILED') return { kind: 'captcha', message: raw || AUTH_MESSAGES.authFailed };
  if (!raw) return { kind: 'other', message: error == null ? AUTH_MESSAGES.unexpected : AUTH_MESSAGES.authFailed };
  const readable = raw.length < 100 && !raw.includes('TypeError') && !raw.includes('undefined');
  return { kind: 'other', message: readable ? raw : AUTH_MESSAGES.authFailed };
}

const TITLES: Partial<Record<AuthErrorKind, string>> = {
  'invalid-credentials': 'Sign in failed',
  'email-not-confirmed': 'Email verification required',
  'already-registered': 'Account already exists',
  'rate-limited': 'Too many attempts',
};

/** The toast title and message for a failed sign-in or sign-up. */
export function describeAuthError(error: unknown, action: AuthAction): AuthErrorView {
  const { kind, message } = classify(error);
  const title = TITLES[kind] ?? (action === 'signup' ? 'Sign up failed' : 'Sign in failed');
  return { kind, title, message };
}

/** Messages of a failed "resend verification" (01-core §8). */
export function describeResendError(error: unknown): AuthErrorView {
  const code = codeOf(error);
  const text = messageOf(error).toLowerCase();
  const status = error instanceof ApiError ? error.status : undefined;
  if (status === 429 || text.includes('too many')) {
    return { kind: 'rate-limited', title: 'Failed to resend verification', message: AUTH_MESSAGES.resendTooMany };
  }
  if (code === 'EMAIL_ALREADY_VERIFIED' || text.includes('already confirmed') || text.includes('already verified')) {
    return { kind: 'other', title: 'Email already verified', message: AUTH_MESSAGES.resendAlreadyVerified };
  }
  return { kind: 'other', title: 'Failed to resend verification', message: AUTH_MESSAGES.resendFailed };
}

/** The 'Next steps' hint appears when the error is about verifying the email. */
export function needsVerificationHint(view: Pick<AuthErrorView, 'title' | 'message'> | null): boolean {
  if (!view) return false;
  return `${view.title} ${view.message}`.toLowerCase().includes('verification');
}
