// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { ANNUAL_TOGGLE_LABEL, type PlanId } from '@wattwise/shared/plans';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render.tsx';
import { PricingPlans } from './pricing-plans.tsx';

describe('PricingPlans', () => {
  it('switches to annual prices with the saving, and chooses a plan with the cycle shown', async () => {
    const chosen: [PlanId, boolean][] = [];
    const { user } = renderScreen(<PricingPlans isAuthenticated={false} onChoosePlan={(plan, annual) => chosen.push([plan, annual])} />);
    expect(screen.getByText('$4.99')).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: ANNUAL_TOGGLE_LABEL }));
    expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('$49.99')).toBeTruthy();
    expect(screen.getByText('Save $9.89')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Subscribe to Pro' }));
    expect(chosen).toEqual([['pro', true]]);
  });

  it("marks the user's paid plan and sends other changes to Plan & billing", () => {
    renderScreen(<PricingPlans isAuthenticated currentPlan="basic" onChoosePlan={() => {}} />);
    expect(screen.getByText('Your current plan').closest('li')?.getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('link', { name: 'Manage Plan' }).getAttribute('href')).toBe('/settings#plan');
    expect(screen.getAllByRole('link', { name: 'Change in Plan & billing' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Subscribe/ })).toBeNull();
  });
});
