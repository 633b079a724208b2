// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, reply } from '@/test/render.tsx';
import { CostDashboardPanel } from './cost-dashboard-panel.tsx';

const costs = {
  monthlyCost: 0.12,
  projectedMonthlyCost: 0.2,
  documentsProcessed: 40,
  averageCostPerDocument: 0.003,
  score: 85,
  badge: 'Excellent',
  textractCosts: 0.09,
  claudeCosts: 0.03,
  aiModels: [],
  aiTokens: 0,
  recommendations: [],
};

describe('CostDashboardPanel', () => {
  it('asks a visitor to sign in and does not ask the server', () => {
    const { requests } = renderScreen(<CostDashboardPanel enabled={false} />);
    expect(screen.getByText('Sign in to see what processing your bills has cost.')).toBeTruthy();
    expect(requests.filter((r) => r.path === '/api/processing/costs')).toEqual([]);
  });

  it("shows the month's figures, the share of each cost and that no AI was used", async () => {
    renderScreen(<CostDashboardPanel enabled />, { api: { 'GET /api/processing/costs': costs } });
    expect(await screen.findByLabelText('Efficiency: Excellent')).toBeTruthy();
    expect(screen.getByText('Text extraction').parentElement?.textContent).toContain('(75%)');
    expect(screen.getByText(/No AI model was used in the last 30 days/)).toBeTruthy();
    expect(screen.getByText(/nothing to change right now/)).toBeTruthy();
  });

  it('says when the costs could not be loaded', async () => {
    renderScreen(<CostDashboardPanel enabled />, { api: { 'GET /api/processing/costs': reply(500, { error: { code: 'INTERNAL', message: 'Database away' } }) } });
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load processing costs: Database away');
  });
});
