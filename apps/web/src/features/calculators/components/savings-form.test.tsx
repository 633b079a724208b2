// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { CALCULATOR_MESSAGES } from '@wattwise/shared/contract/calculators';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render.tsx';
import type { CalculatorForm } from '../lib/form.ts';
import { SavingsForm } from './savings-form.tsx';

describe('SavingsForm', () => {
  it('needs a ZIP code: the spec message and no calculation without one', async () => {
    const calculated: CalculatorForm[] = [];
    const { user } = renderScreen(<SavingsForm initial={null} busy={false} onCalculate={(f) => calculated.push(f)} />);
    await user.click(screen.getByRole('button', { name: 'Calculate My Savings' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CALCULATOR_MESSAGES.zipRequired);
    expect(await screen.findByText(CALCULATOR_MESSAGES.zipRequiredTitle)).toBeTruthy();
    expect(calculated).toEqual([]);
  });

  it("fills the form from the user's bills and calculates with it", async () => {
    const calculated: CalculatorForm[] = [];
    const { user } = renderScreen(<SavingsForm initial={null} busy={false} onCalculate={(f) => calculated.push(f)} />, {
      api: { 'GET /api/calculators/my-bills': { electricBill: 120.5, gasBill: null, waterBill: 40, zipCode: '27601', billsUsed: 3 } },
    });
    await user.click(await screen.findByRole('button', { name: 'Use my bills' }));
    expect(await screen.findByText('Filled in from 3 of your bills.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Calculate My Savings' }));
    await waitFor(() => expect(calculated).toEqual([{ electricBill: '120.5', gasBill: '0', waterBill: '40', zipCode: '27601' }]));
  });

  it('offers no "Use my bills" to a visitor', async () => {
    renderScreen(<SavingsForm initial={null} busy={false} onCalculate={() => {}} />, { api: { 'GET /api/auth/get-session': null } });
    await screen.findByRole('button', { name: 'Calculate My Savings' });
    expect(screen.queryByRole('button', { name: 'Use my bills' })).toBeNull();
  });
});
