import { z } from 'zod';

/**
 * Account rules shared by the auth dialog and the server, with the spec's wording
 * (01-core §5 and §8). Sign-up needs 8+ characters with upper, lower, digit and special;
 * sign-in only a non-empty password (ARCHITECTURE: contradictions settled).
 */
export const AUTH_MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  passwordRequired: 'Please enter a password',
  passwordSignInRequired: 'Please enter your password',
  passwordMin8: 'Password must be at least 8 characters long',
  passwordMin6: 'Password must be at least 6 characters long.',
  passwordComplexity:
    'Password must be at least 8 characters and include an uppercase letter, a lowercase letter, a number and a special character',
  emailAndPasswordRequired: 'Email and password are required',
  throttled: 'Please wait a moment before trying again',
  resendEmailRequired: 'Please enter your email address.',
  // Error mapping (01-core §8)
  invalidCredentials: 'Invalid email or password. Please check your credentials and try again.',
  emailNotConfirmed: 'Please check your email and click the confirmation link before signing in.',
  alreadyRegistered: 'An account with this email already exists. Please sign in instead.',
  invalidEmailServer: 'Please enter a valid email address.',
  signupDisabled: 'Account creation is currently disabled. Please contact support.',
  tooManyRequests: 'Too many login attempts. Please wait a moment and try again.',
  network: 'Connection error. Please check your internet connection and try again.',
  authFailed: 'Authentication failed. Please try again.',
  unexpected: 'An unexpected error occurred.',
  unexpectedRetry: 'An unexpected error occurred. Please try again.',
  resendTooMany: 'Too many verification emails sent. Please wait a few minutes before trying again.',
  resendAlreadyVerified: 'Your email is already verified. You can now sign in with your credentials.',
  resendFailed: 'Failed to send verification email. Please try again.',
  signedOut: 'Signed out successfully',
  signOutFailedTitle: 'Sign out failed',
  signOutFailed: 'An error occurred while signing out. Please try again.',
  captchaLoadFailed: 'Failed to load security verification. Please refresh the page.',
} as const;

/** Seconds between two auth submits (01-core §9: auth throttle 2000 ms). */
export const AUTH_THROTTLE_MS = 2000;
/** Local-storage key that holds the last auth attempt time. */
export const AUTH_LAST_ATTEMPT_KEY = 'wattwise:last-auth-attempt';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_RE.test(email.trim());
}

/** Returns the first unmet password rule for sign-up, or null when the password is strong enough. */
export function checkSignUpPassword(password: string): string | null {
  if (password.length === 0) return AUTH_MESSAGES.passwordRequired;
  if (password.length < 8) return AUTH_MESSAGES.passwordMin8;
  const complete =
    /[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password) && /[^A-Za-z0-9]/.test(password);
  return complete ? null : AUTH_MESSAGES.passwordComplexity;
}

export const signUpSchema = z.object({
  email: z.string().trim().refine(isValidEmail, AUTH_MESSAGES.invalidEmail),
  password: z.string().superRefine((value, ctx) => {
    const problem = checkSignUpPassword(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: z.string().trim().refine(isValidEmail, AUTH_MESSAGES.invalidEmail),
  password: z.string().min(1, AUTH_MESSAGES.passwordSignInRequired),
});
export type SignInInput = z.infer<typeof signInSchema>;
