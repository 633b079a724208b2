// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { NOTIFICATION_MESSAGES } from '@wattwise/shared/contract/notifications';
import { describe, expect, it } from 'vitest';
import { renderScreen, reply } from '@/test/render.tsx';
import { UnsubscribePanel } from './unsubscribe-panel.tsx';

describe('UnsubscribePanel', () => {
  it('without a token says the link is not valid and offers no button', () => {
    renderScreen(<UnsubscribePanel token={null} />);
    expect(screen.getByText(NOTIFICATION_MESSAGES.invalidUnsubscribe)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('unsubscribes with the token from the link', async () => {
    const { user, requests } = renderScreen(<UnsubscribePanel token="t/1" />, { api: { 'POST /api/notifications/unsubscribe': { unsubscribed: true } } });
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.unsubscribed)).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.url.searchParams.get('token')).toBe('t/1');
  });

  it('a refused token reads as an invalid link', async () => {
    const { user } = renderScreen(<UnsubscribePanel token="bad" />, { api: { 'POST /api/notifications/unsubscribe': reply(400, { error: { code: 'INVALID', message: 'x' } }) } });
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.invalidUnsubscribe)).toBeTruthy();
  });
});
