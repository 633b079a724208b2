// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render.tsx';
import { BillAllowanceNote } from './bill-allowance-note.tsx';

describe('BillAllowanceNote', () => {
  it('keeps its line while the figures load, then fills it', async () => {
    renderScreen(<BillAllowanceNote />, { api: { 'GET /api/bills/allowance': { plan: 'free', used: 0, limit: 1, canUpload: true } } });
    // Two lines on a phone (the text and its Upgrade link wrap there), one from `sm` up: the same
    // before and after the figures arrive, so the upload buttons below do not move.
    const reserved = ['min-h-10', 'sm:min-h-5'];
    const pending = screen.getByTestId('bill-allowance-pending');
    for (const name of reserved) expect(pending.classList.contains(name)).toBe(true);
    const filled = await screen.findByTestId('bill-allowance');
    for (const name of reserved) expect(filled.classList.contains(name)).toBe(true);
    expect(screen.queryByTestId('bill-allowance-pending')).toBeNull();
  });

  it('counts the bills used and offers an upgrade when none are left', async () => {
    renderScreen(<BillAllowanceNote />, { api: { 'GET /api/bills/allowance': { plan: 'free', used: 3, limit: 3, canUpload: false } } });
    expect((await screen.findByTestId('bill-allowance')).textContent).toContain('Free plan: 3 of 3 bills used this month.');
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/pricing');
  });

  it('says unlimited on a plan without a limit, with no upgrade link', async () => {
    renderScreen(<BillAllowanceNote />, { api: { 'GET /api/bills/allowance': { plan: 'pro', used: 12, limit: null, canUpload: true } } });
    expect((await screen.findByTestId('bill-allowance')).textContent).toBe('Pro plan: unlimited bills. 12 uploaded this month.');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
