// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import type { Rebate } from '@wattwise/shared/contract/rebates';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render.tsx';
import { RebateCard } from './rebate-card.tsx';

const rebate = {
  id: 'r1',
  programName: 'Heat pump rebate',
  description: 'Money back for a heat pump.',
  provider: 'Duke Energy',
  monetaryValue: 8000,
  applicationUrl: null,
  startDate: null,
  expirationDate: '2031-09-30',
  category: 'hvac',
  propertyTypes: ['residential', 'commercial', 'industrial', 'agricultural'],
  regions: [],
  eligibilityCriteria: [],
  typicalProjectCost: null,
  sourceUrl: 'https://example.com',
  origin: 'catalogue',
} as unknown as Rebate;

describe('RebateCard', () => {
  it('shows the programme, the amount, three property types and the overflow, and the expiry', () => {
    const tracked: Rebate[] = [];
    renderScreen(<RebateCard rebate={rebate} onTrack={(r) => tracked.push(r)} />);
    const card = screen.getByRole('article', { name: 'Heat pump rebate' });
    expect(within(card).getByText('Duke Energy')).toBeTruthy();
    expect(within(card).getByText('$8,000')).toBeTruthy();
    expect(within(card).getByText('+1')).toBeTruthy();
    expect(within(card).getByText('All States')).toBeTruthy();
    expect(within(card).getByText('Expires Sep 30, 2031')).toBeTruthy();
    within(card).getByRole('button', { name: 'Track application' }).click();
    expect(tracked).toEqual([rebate]);
  });

  it('says when a programme has no end date', () => {
    renderScreen(<RebateCard rebate={{ ...rebate, expirationDate: null }} />);
    expect(screen.getByText('No expiration date')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Track application' })).toBeNull();
  });
});
