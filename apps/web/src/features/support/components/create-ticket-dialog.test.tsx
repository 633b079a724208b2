// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { SUPPORT_MESSAGES } from '@wattwise/shared/contract/support';
import { describe, expect, it } from 'vitest';
import { renderScreen, reply } from '@/test/render.tsx';
import { CreateTicketDialog } from './create-ticket-dialog.tsx';

describe('CreateTicketDialog', () => {
  it('needs a subject and a description (the spec messages) before sending', async () => {
    const { user, requests } = renderScreen(<CreateTicketDialog open onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Create Ticket' }));
    const alerts = (await screen.findAllByRole('alert')).map((a) => a.textContent);
    expect(alerts).toEqual([SUPPORT_MESSAGES.subjectRequired, SUPPORT_MESSAGES.descriptionRequired]);
    expect(requests.filter((r) => r.path === '/api/support/tickets')).toEqual([]);
  });

  it('creates the ticket with the default priority and type, then closes', async () => {
    let closed = 0;
    const { user, requests } = renderScreen(<CreateTicketDialog open onClose={() => closed++} />, { api: { 'POST /api/support/tickets': { id: 't1' } } });
    await user.type(screen.getByLabelText('Subject *'), 'Bill not read');
    await user.type(screen.getByLabelText('Description *'), 'The March bill stays pending.');
    await user.click(screen.getByRole('button', { name: 'Create Ticket' }));
    expect(await screen.findByText(SUPPORT_MESSAGES.ticketCreated)).toBeTruthy();
    expect(closed).toBe(1);
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ subject: 'Bill not read', description: 'The March bill stays pending.', priority: 'normal', ticket_type: 'question' });
  });

  it("passes on the server's rate-limit message", async () => {
    const { user } = renderScreen(<CreateTicketDialog open onClose={() => {}} />, {
      api: { 'POST /api/support/tickets': reply(429, { error: { code: 'RATE_LIMITED', message: 'Too many tickets today' } }) },
    });
    await user.type(screen.getByLabelText('Subject *'), 'a');
    await user.type(screen.getByLabelText('Description *'), 'b');
    await user.click(screen.getByRole('button', { name: 'Create Ticket' }));
    expect(await screen.findByText('Too many tickets today')).toBeTruthy();
  });
});
