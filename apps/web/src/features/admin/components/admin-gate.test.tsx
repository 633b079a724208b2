// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { ADMIN_MESSAGES } from '@wattwise/shared/contract/admin';
import { describe, expect, it } from 'vitest';
import { renderScreen, reply } from '@/test/render.tsx';
import { AdminGate } from './admin-gate.tsx';

describe('AdminGate', () => {
  it('shows the page to an admin once the server agrees', async () => {
    renderScreen(<AdminGate>Admin tools</AdminGate>, { api: { 'GET /api/admin/status': { isAdmin: true } } });
    expect(screen.getByRole('status').textContent).toContain('Checking permissions');
    expect(await screen.findByText('Admin tools')).toBeTruthy();
  });

  it("sends anyone else to the dashboard with the spec's toast", async () => {
    renderScreen(<AdminGate>Admin tools</AdminGate>, { api: { 'GET /api/admin/status': reply(403, { error: { code: 'FORBIDDEN', message: 'no' } }) } });
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    expect(await screen.findByText(ADMIN_MESSAGES.accessDenied)).toBeTruthy();
    expect(screen.queryByText('Admin tools')).toBeNull();
  });

  it('names a failed check differently from a refusal', async () => {
    renderScreen(<AdminGate>Admin tools</AdminGate>, { api: { 'GET /api/admin/status': reply(500, { error: { code: 'INTERNAL', message: 'boom' } }) } });
    expect(await screen.findByText(ADMIN_MESSAGES.authError)).toBeTruthy();
  });
});
