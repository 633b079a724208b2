// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { EMAIL_MESSAGES } from '@wattwise/shared/contract/email';
import { describe, expect, it } from 'vitest';
import { renderScreen, reply } from '@/test/render.tsx';
import { EmailTestPanel } from './email-test-page.tsx';

describe('EmailTestPanel', () => {
  it("sends a test email to the user's own address only", async () => {
    const { user, requests } = renderScreen(<EmailTestPanel userEmail="ada@example.com" />, { api: { 'POST /api/email/test': { success: true } } });
    const to = screen.getByLabelText('Email address');
    expect(to).toHaveProperty('value', 'ada@example.com');
    expect(to).toHaveProperty('readOnly', true);
    await user.click(screen.getByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText(EMAIL_MESSAGES.sent)).toBeTruthy();
    await waitFor(() => expect(requests.find((r) => r.path === '/api/email/test')?.body).toEqual({ template: 'welcome' }));
  });

  it("says why a send failed, in the server's words", async () => {
    const { user } = renderScreen(<EmailTestPanel userEmail="ada@example.com" />, {
      api: { 'POST /api/email/test': reply(429, { error: { code: 'RATE_LIMITED', message: 'Too many test emails' } }) },
    });
    await user.click(screen.getByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText(EMAIL_MESSAGES.sendFailedToast('Too many test emails'))).toBeTruthy();
  });
});
