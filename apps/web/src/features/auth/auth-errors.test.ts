import { AUTH_MESSAGES } from '@wattwise/shared/auth';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { describeAuthError, describeResendError, needsVerificationHint } from './auth-errors.ts';

const apiError = (status: number, code: string, message = code) => new ApiError(status, code, message);

describe('describeAuthError', () => {
  it('maps a wrong password to the spec message under "Sign in failed"', () => {
    expect(describeAuthError(apiError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'), 'signin')).toEqual({
      kind: 'invalid-credentials',
      title: 'Sign in failed',
      message: 'Invalid email or password. Please check your credentials and try again.',
    });
  });

  it('maps an unverified email to "Email verification required"', () => {
    const view = describeAuthError(apiError(403, 'EMAIL_NOT_VERIFIED', 'Email not verified'), 'signin');
    expect(view.title).toBe('Email verification required');
    expect(view.message).toBe(AUTH_MESSAGES.emailNotConfirmed);
    expect(needsVerificationHint(view)).toBe(true);
  });

  it('recognises both better-auth codes for an existing account', () => {
    for (const code of ['USER_ALREADY_EXISTS', 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL']) {
      const view = describeAuthError(apiError(422, code, 'User already exists'), 'signup');
      expect(view).toMatchObject({ kind: 'already-registered', title: 'Account already exists', message: AUTH_MESSAGES.alreadyRegistered });
    }
  });

  it('maps rate limiting by status to "Too many attempts"', () => {
    expect(describeAuthError(apiError(429, 'HTTP_429', 'Too many requests. Please try again later.'), 'signin')).toMatchObject({
      title: 'Too many attempts',
      message: AUTH_MESSAGES.tooManyRequests,
    });
  });

  it('maps the spec message fragments too', () => {
    expect(describeAuthError(new Error('Invalid login credentials'), 'signin').message).toBe(AUTH_MESSAGES.invalidCredentials);
    expect(describeAuthError(new Error('Email not confirmed'), 'signin').message).toBe(AUTH_MESSAGES.emailNotConfirmed);
    expect(describeAuthError(new Error('Password should be at least 6 characters'), 'signup').message).toBe(AUTH_MESSAGES.passwordMin6);
    expect(describeAuthError(new Error('Unable to validate email address: invalid format'), 'signup').message).toBe(AUTH_MESSAGES.invalidEmailServer);
    expect(describeAuthError(new Error('Signup is disabled'), 'signup').message).toBe(AUTH_MESSAGES.signupDisabled);
  });

  it('maps network failures to the connection message', () => {
    expect(describeAuthError(new ApiError(0, 'NETWORK_ERROR', 'Network error: Failed to fetch'), 'signin').message).toBe(AUTH_MESSAGES.network);
  });

  it('shows short readable messages as they are and hides technical ones', () => {
    expect(describeAuthError(apiError(400, 'CAPTCHA_FAILED', 'Security verification failed'), 'signup')).toMatchObject({
      title: 'Sign up failed',
      message: 'Security verification failed',
    });
    expect(describeAuthError(new Error("TypeError: cannot read 'x'"), 'signin').message).toBe(AUTH_MESSAGES.authFailed);
    expect(describeAuthError(new Error('x'.repeat(120)), 'signin').message).toBe(AUTH_MESSAGES.authFailed);
    expect(describeAuthError(new Error('value is undefined'), 'signin').message).toBe(AUTH_MESSAGES.authFailed);
    expect(describeAuthError(undefined, 'signin').message).toBe(AUTH_MESSAGES.unexpected);
  });

  it('uses the weak-password rule text from the shared rules', () => {
    expect(describeAuthError(apiError(400, 'PASSWORD_TOO_WEAK', 'weak'), 'signup').message).toBe(AUTH_MESSAGES.passwordComplexity);
  });
});

describe('describeResendError', () => {
  it('covers too many mails, already verified and other failures', () => {
    expect(describeResendError(apiError(429, 'HTTP_429')).message).toBe(AUTH_MESSAGES.resendTooMany);
    expect(describeResendError(apiError(400, 'EMAIL_ALREADY_VERIFIED', 'Email is already verified')).message).toBe(
      AUTH_MESSAGES.resendAlreadyVerified,
    );
    expect(describeResendError(apiError(500, 'INTERNAL')).message).toBe(AUTH_MESSAGES.resendFailed);
    expect(describeResendError(apiError(500, 'INTERNAL')).title).toBe('Failed to resend verification');
  });
});

describe('needsVerificationHint', () => {
  it('is off for errors unrelated to verification', () => {
    expect(needsVerificationHint({ title: 'Sign in failed', message: AUTH_MESSAGES.invalidCredentials })).toBe(false);
    expect(needsVerificationHint(null)).toBe(false);
  });
});
