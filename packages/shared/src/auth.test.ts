import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, checkSignUpPassword, isValidEmail } from './auth.ts';

describe('sign-up password rules', () => {
  it('asks for 8 characters before anything else', () => {
    expect(checkSignUpPassword('Ab1!')).toBe(AUTH_MESSAGES.passwordMin8);
  });
  it('needs upper, lower, digit and special', () => {
    expect(checkSignUpPassword('abcdefgh')).toBe(AUTH_MESSAGES.passwordComplexity);
    expect(checkSignUpPassword('Abcdefg1')).toBe(AUTH_MESSAGES.passwordComplexity);
    expect(checkSignUpPassword('Abcdef1!')).toBeNull();
  });
});

describe('email format', () => {
  it('needs a domain with a 2+ letter top-level domain', () => {
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
    expect(isValidEmail('a@b.c')).toBe(false);
    expect(isValidEmail('nobody')).toBe(false);
  });
});
