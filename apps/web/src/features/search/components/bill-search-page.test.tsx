// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { SEARCH_MESSAGES } from '@wattwise/shared/contract/search';
import { describe, expect, it } from 'vitest';
import { renderScreen, SIGNED_IN } from '@/test/render.tsx';
import { BillSearchPage } from './bill-search-page.tsx';

const hit = { billId: 'b1', billDate: '2026-03-15', billAmount: 128.47, highlightText: 'Georgia <mark>Power</mark> &lt;b&gt;', utilityProviderId: 'georgia-power' };

describe('BillSearchPage', () => {
  it('needs a search term (the spec message) before asking the server', async () => {
    const { user, requests } = renderScreen(<BillSearchPage />);
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    expect((await screen.findAllByText(SEARCH_MESSAGES.termRequired)).length).toBeGreaterThan(0);
    expect(requests.filter((r) => r.path === '/api/search/bills')).toEqual([]);
  });

  it('shows the hits with the marked snippet and a link to an own bill; none reads as none', async () => {
    let results = [hit];
    const { user, requests } = renderScreen(<BillSearchPage />, { api: { 'POST /api/search/bills': () => ({ results, searchedUserId: 'u1' }) } });
    await user.type(await screen.findByLabelText('Search term'), ' power {Enter}');
    const row = (await screen.findByText('georgia-power')).closest('tr') as HTMLElement;
    expect(row.querySelector('mark')?.textContent).toBe('Power');
    expect(row.textContent).toContain('Georgia Power <b>');
    expect(within(row).getByRole('link').getAttribute('href')).toBe('/dashboard/bills/b1');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ searchTerm: 'power', userId: null });
    results = [];
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No bills match your search.')).toBeTruthy();
  });

  it('offers the User ID filter to an admin', async () => {
    renderScreen(<BillSearchPage />, { api: { 'GET /api/auth/get-session': { ...SIGNED_IN, user: { ...SIGNED_IN.user, role: 'admin' } } } });
    expect(await screen.findByLabelText('User ID (optional)')).toBeTruthy();
  });

  it('asks a visitor to sign in', async () => {
    renderScreen(<BillSearchPage />, { api: { 'GET /api/auth/get-session': null } });
    expect(await screen.findByText('Sign in to search your bills')).toBeTruthy();
    expect(screen.queryByLabelText('Search term')).toBeNull();
  });
});
