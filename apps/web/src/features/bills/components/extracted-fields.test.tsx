// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createBillDetail } from '@/test/factories.ts';
import { renderScreen } from '@/test/render.tsx';
import { BILLS_MESSAGES } from '../messages.ts';
import { ExtractedFields } from './extracted-fields.tsx';

const unsureTotal = { value: 100, confidence: 0.5, corrected: false, originalValue: null, status: 'unsure' as const };
const readProvider = { value: 'Duke Energy', confidence: 0.95, corrected: false, originalValue: null, status: 'read' as const };
const bill = createBillDetail({ fields: { totalAmount: unsureTotal, utilityProvider: readProvider } });

describe('ExtractedFields (the "Please check" flow)', () => {
  it('asks to check only the unsure value, and one click confirms it as read', async () => {
    const { user, requests } = renderScreen(<ExtractedFields bill={bill} />, {
      api: { 'PATCH /api/bills/b1/fields': { bill: createBillDetail({ fields: { totalAmount: { ...unsureTotal, corrected: true } } }) } },
    });
    expect(screen.getAllByText('Please check')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Confirm provider' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Confirm amount due' }));
    expect(await screen.findByText(BILLS_MESSAGES.correctionThanks)).toBeTruthy();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ corrections: [{ field: 'totalAmount', value: 100 }] });
  });

  it('refuses a correction that is not a number, then sends a good one', async () => {
    const { user, requests } = renderScreen(<ExtractedFields bill={bill} />, { api: { 'PATCH /api/bills/b1/fields': { bill } } });
    await user.click(screen.getByRole('button', { name: 'Edit amount due' }));
    const input = screen.getByLabelText('Correct amount due');
    await user.clear(input);
    await user.type(input, 'lots');
    await user.click(screen.getByRole('button', { name: 'Save correction' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a number');
    expect(requests.filter((r) => r.method === 'PATCH')).toEqual([]);
    await user.clear(input);
    await user.type(input, '123.45');
    await user.click(screen.getByRole('button', { name: 'Save correction' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ corrections: [{ field: 'totalAmount', value: 123.45 }] }));
    expect(await screen.findByRole('button', { name: 'Edit amount due' })).toBeTruthy();
  });
});
