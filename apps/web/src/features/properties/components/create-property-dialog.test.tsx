// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import type { Property } from '@wattwise/shared/contract/properties';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render.tsx';
import { CreatePropertyDialog } from './create-property-dialog.tsx';

describe('CreatePropertyDialog', () => {
  it('refuses an empty name with the contract message and sends nothing', async () => {
    const { user, requests } = renderScreen(<CreatePropertyDialog open onOpenChange={() => {}} defaultType="residential" onCreated={() => {}} onFailed={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Add property' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Please enter a name for the property');
    expect(screen.getByLabelText('Property name').getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((r) => r.path === '/api/properties')).toEqual([]);
  });

  it('creates the property, tells the caller and closes', async () => {
    const created: Property[] = [];
    const open: boolean[] = [];
    const property = { id: 'p9', name: 'Shop', propertyType: 'residential', address: null, createdAt: '2026-01-01T00:00:00Z' };
    const { user, requests } = renderScreen(
      <CreatePropertyDialog open onOpenChange={(o) => open.push(o)} defaultType="residential" onCreated={(p) => created.push(p)} onFailed={() => {}} />,
      { api: { 'POST /api/properties': { property } } },
    );
    await user.type(screen.getByLabelText('Property name'), '  Shop ');
    await user.click(screen.getByRole('button', { name: 'Add property' }));
    await waitFor(() => expect(created).toEqual([property]));
    expect(open).toEqual([false]);
    expect(requests.find((r) => r.path === '/api/properties')?.body).toEqual({ name: 'Shop', propertyType: 'residential' });
  });
});
