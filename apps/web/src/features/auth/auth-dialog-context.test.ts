import { describe, expect, it } from 'vitest';
import { isOpenAuthState, safeReturnPath } from './auth-dialog-context.ts';
import { describeCallbackError } from './components/auth-callback.tsx';

describe('safeReturnPath', () => {
  it('keeps same-site paths and refuses anything that leaves the site', () => {
    expect(safeReturnPath('/bill-upload')).toBe('/bill-upload');
    expect(safeReturnPath('/rebates?action=apply')).toBe('/rebates?action=apply');
    expect(safeReturnPath('//evil.example')).toBe('/dashboard');
    expect(safeReturnPath('https://evil.example')).toBe('/dashboard');
    expect(safeReturnPath('/\\evil.example')).toBe('/dashboard');
    expect(safeReturnPath(undefined)).toBe('/dashboard');
  });

  it('judges the path after the normalising the browser does (tabs, newlines, backslashes, dot segments)', () => {
    // The probe's finding: /auth/callback?returnPath=%2F%09%2Fevil.example%2F
    expect(safeReturnPath(new URLSearchParams('returnPath=%2F%09%2Fevil.example%2F').get('returnPath'))).toBe('/dashboard');
    expect(safeReturnPath('/\n/evil.example')).toBe('/dashboard');
    expect(safeReturnPath('/\t\\evil.example')).toBe('/dashboard');
    expect(safeReturnPath('/../..//evil.example')).toBe('/dashboard');
    expect(safeReturnPath('/dashboard/../bill-upload#top')).toBe('/bill-upload#top');
  });
});

describe('isOpenAuthState', () => {
  it('accepts only the two dialog modes', () => {
    expect(isOpenAuthState({ openAuth: 'signin', returnPath: '/bill-upload' })).toBe(true);
    expect(isOpenAuthState({ openAuth: 'signup' })).toBe(true);
    expect(isOpenAuthState({ openAuth: 'admin' })).toBe(false);
    expect(isOpenAuthState(null)).toBe(false);
  });
});

describe('describeCallbackError', () => {
  it('is null when the callback carries no error', () => {
    expect(describeCallbackError(new URLSearchParams('type=signup'))).toBeNull();
  });
  it('prefers the description, then the code', () => {
    expect(describeCallbackError(new URLSearchParams('error=x&error_description=Link+expired'))).toBe('Link expired');
    expect(describeCallbackError(new URLSearchParams('error_code=otp_expired'))).toBe('Authentication error (otp_expired)');
  });
  it("explains better-auth's token errors for an email confirmation", () => {
    expect(describeCallbackError(new URLSearchParams('type=signup&error=INVALID_TOKEN'))).toBe(
      'Email confirmation failed: The link is invalid or was already used.',
    );
  });
});
