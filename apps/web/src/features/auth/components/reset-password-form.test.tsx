// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, reply } from '@/test/render.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';

describe('ResetPasswordForm', () => {
  it('without a token says the link is invalid and offers the way home', () => {
    renderScreen(<ResetPasswordForm />, { path: '/auth/reset-password' });
    expect(screen.getByRole('alert').textContent).toMatch(/invalid or has expired/);
    expect(screen.getByRole('link', { name: 'Return to Home' })).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('checks the password rules and the confirmation before sending', async () => {
    const { user, requests } = renderScreen(<ResetPasswordForm />, { path: '/auth/reset-password?token=t1' });
    await user.type(screen.getByLabelText('New password'), 'Str0ng!pass');
    await user.type(screen.getByLabelText('Confirm new password'), 'Str0ng!pasS');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(screen.getByLabelText('Confirm new password').getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((r) => r.path === '/api/auth/reset-password')).toEqual([]);
  });

  it('an expired token reads as an invalid link', async () => {
    const { user, requests } = renderScreen(<ResetPasswordForm />, {
      path: '/auth/reset-password?token=t1',
      api: { 'POST /api/auth/reset-password': reply(400, { code: 'INVALID_TOKEN', message: 'invalid token' }) },
    });
    await user.type(screen.getByLabelText('New password'), 'Str0ng!pass');
    await user.type(screen.getByLabelText('Confirm new password'), 'Str0ng!pass');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/invalid or has expired/);
    expect(requests.find((r) => r.path === '/api/auth/reset-password')?.body).toEqual({ newPassword: 'Str0ng!pass', token: 't1' });
  });
});
