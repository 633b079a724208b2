// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render.tsx';
import { FAQ_GROUPS, type FaqItem } from '../faq.ts';
import { FaqPage } from './faq-page.tsx';

const operator = { name: 'Wattwise', supportEmail: 'help@example.com', phone: '+1 (555) 010-0000', address: [], hours: 'Mon–Fri 9–5' };

describe('FaqPage', () => {
  it('opens one answer at a time', async () => {
    const { user } = renderScreen(<FaqPage />, { api: { 'GET /api/public-config': { captcha: { provider: 'altcha' }, operator } } });
    const [first, second] = FAQ_GROUPS[0]!.items as [FaqItem, FaqItem];
    const firstButton = screen.getByRole('button', { name: first.question });
    const secondButton = screen.getByRole('button', { name: second.question });
    expect(firstButton.getAttribute('aria-expanded')).toBe('false');
    await user.click(firstButton);
    expect(firstButton.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(first.answer)).toBeTruthy();
    await user.click(secondButton);
    expect(secondButton.getAttribute('aria-expanded')).toBe('true');
    expect(firstButton.getAttribute('aria-expanded')).toBe('false');
  });

  it("shows the operator's contact details from the server's configuration", async () => {
    renderScreen(<FaqPage />, { api: { 'GET /api/public-config': { captcha: { provider: 'altcha' }, operator } } });
    expect((await screen.findByRole('link', { name: 'help@example.com' })).getAttribute('href')).toBe('mailto:help@example.com');
    expect(screen.getByRole('link', { name: operator.phone }).getAttribute('href')).toBe('tel:+15550100000');
    expect(screen.getByText(/answered during business hours: Mon–Fri 9–5/)).toBeTruthy();
  });
});
