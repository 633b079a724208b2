// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, reply, type ApiRequest } from '@/test/render.tsx';
import { AdminAppointmentsPanel } from './admin-appointments-panel.tsx';

const appointment = { id: 'ap1', date: '2026-04-07', time: '10:00', customer_name: 'Ada Lovelace', customer_email: 'ada@example.com', account_email: null, cancelled_at: null };

describe('AdminAppointmentsPanel', () => {
  it('lists upcoming appointments, then the empty state of another tab', async () => {
    const answer = (r: ApiRequest) => ({ timeZone: 'America/New_York', appointments: r.url.searchParams.get('tab') === 'upcoming' ? [appointment] : [] });
    const { user } = renderScreen(<AdminAppointmentsPanel />, { api: { 'GET /api/admin/appointments': answer } });
    const table = await screen.findByRole('table', { name: 'Upcoming appointments' });
    const cells = within(table).getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual(['Tue, Apr 7, 2026', '10:00', 'Ada Lovelace', 'ada@example.com', 'Account deleted']);
    expect(within(table).getByText('Time (America/New_York)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Past' }));
    expect(await screen.findByText('No past appointments.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Past' }).getAttribute('aria-pressed')).toBe('true');
  });

  it("shows the server's error", async () => {
    renderScreen(<AdminAppointmentsPanel />, { api: { 'GET /api/admin/appointments': reply(403, { error: { code: 'FORBIDDEN', message: 'Staff only' } }) } });
    expect(await screen.findByText('Staff only')).toBeTruthy();
  });
});
