// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render.tsx';
import { InvoiceList } from './invoice-list.tsx';

const payment = { id: 'pay1', occurredAt: '2026-03-05T12:00:00Z', description: 'Pro plan, monthly', amountCents: 1999, currency: 'usd', status: 'paid', kind: 'subscription_invoice' };

describe('InvoiceList', () => {
  it('says so when there is nothing to show', async () => {
    renderScreen(<InvoiceList />, { api: { 'GET /api/payments': { payments: [] } } });
    expect(await screen.findByText('No payments yet.')).toBeTruthy();
  });

  it('lists payments with money and a receipt only for paid ones', async () => {
    renderScreen(<InvoiceList />, { api: { 'GET /api/payments': { payments: [payment, { ...payment, id: 'pay2', status: 'failed' }] } } });
    const [paid, failed] = within(await screen.findByRole('list', { name: 'Invoices and receipts' })).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(paid.textContent).toContain('Mar 5, 2026 · Pro plan, monthly · $19.99');
    expect(within(paid).getByRole('link', { name: 'Receipt (PDF)' }).getAttribute('href')).toBe('/api/payments/pay1/receipt');
    expect(failed.textContent).toContain('· failed');
    expect(within(failed).queryByRole('link')).toBeNull();
  });
});
