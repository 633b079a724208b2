// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { CHAT_MESSAGES } from '@wattwise/shared/contract/assistant';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render.tsx';
import { ChatMessageView } from './chat-message.tsx';

describe('ChatMessageView', () => {
  it("links an answer's figures to their bills and names the engine", () => {
    renderScreen(
      <ul>
        <ChatMessageView
          message={{ role: 'assistant', content: 'You used 540 kWh.', engine: 'offline', citations: [{ label: 'Usage', value: '540 kWh', source: 'March bill', href: '/bills/b1', billId: 'b1' }] as never }}
        />
      </ul>,
    );
    const figures = screen.getByRole('list', { name: 'Figures used' });
    expect(figures.textContent).toContain('Usage: 540 kWh');
    expect(within(figures).getByRole('link', { name: 'March bill' }).getAttribute('href')).toBe('/bills/b1');
    expect(screen.getByText('Answered by: offline')).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('warns when an answer has figures that are not in the bills', () => {
    renderScreen(
      <ul>
        <ChatMessageView message={{ role: 'assistant', content: 'About $999.', flagged: true, unverifiedNumbers: ['$999'] }} />
      </ul>,
    );
    expect(screen.getByRole('note').textContent).toBe(`${CHAT_MESSAGES.unverified} ($999)`);
  });

  it("shows the user's own message without an engine line", () => {
    renderScreen(
      <ul>
        <ChatMessageView message={{ role: 'user', content: 'How much?', engine: 'offline' }} />
      </ul>,
    );
    expect(screen.getByText('How much?').closest('[data-role]')?.getAttribute('data-role')).toBe('user');
    expect(screen.queryByText(/Answered by/)).toBeNull();
  });
});
