// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, reply } from '@/test/render.tsx';
import { PasswordSection } from './password-section.tsx';

describe('PasswordSection', () => {
  it('stays disabled until both passwords are typed, then sends the change and clears the form', async () => {
    const { user, requests } = renderScreen(<PasswordSection />, { api: { 'POST /api/auth/change-password': { token: null } } });
    const submit = screen.getByRole('button', { name: 'Change password' });
    expect(submit).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Current password'), 'Old-pass1!');
    expect(submit).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('New password'), 'New-pass2!');
    await user.click(screen.getByLabelText('Sign out my other devices'));
    await user.click(submit);
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(requests.find((r) => r.path === '/api/auth/change-password')?.body).toEqual({ currentPassword: 'Old-pass1!', newPassword: 'New-pass2!', revokeOtherSessions: false });
    expect(screen.getByLabelText('Current password')).toHaveProperty('value', '');
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    const { user } = renderScreen(<PasswordSection />, {
      api: { 'POST /api/auth/change-password': reply(400, { code: 'INVALID_PASSWORD', message: 'Invalid password' }) },
    });
    await user.type(screen.getByLabelText('Current password'), 'wrong');
    await user.type(screen.getByLabelText('New password'), 'New-pass2!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/Invalid password|Could not change your password/)).toBeTruthy();
    expect(screen.getByLabelText('Current password')).toHaveProperty('value', 'wrong');
  });
});
