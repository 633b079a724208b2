// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import type { IntegrationCheck } from '@wattwise/shared/contract/platform-status';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render.tsx';
import { CheckList } from './check-list.tsx';

const check = (over: Partial<IntegrationCheck>): IntegrationCheck =>
  ({ name: 'mail', label: 'Email', provider: 'outbox', mode: 'embedded', status: 'success', ms: 3, message: 'Outbox writable', details: {}, ...over });

describe('CheckList', () => {
  it('shows each check with its status, and details only where there are some', () => {
    renderScreen(<CheckList checks={[check({}), check({ name: 'ai', label: 'AI', status: 'error', message: 'No key', details: { reason: 'unset' } })]} />);
    const [mail, ai] = within(screen.getByRole('list', { name: 'Integration checks' })).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(mail.textContent).toContain('success');
    expect(mail.textContent).toContain('outbox · embedded · 3 ms');
    expect(within(mail).queryByText('Details')).toBeNull();
    expect(ai.textContent).toContain('error');
    expect(ai.textContent).toContain('No key');
    expect(within(ai).getByText('Details')).toBeTruthy();
    expect(ai.querySelector('pre')?.textContent).toContain('"reason": "unset"');
  });
});
