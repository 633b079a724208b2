// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, reply } from '@/test/render.tsx';
import { GoalDialog } from './goal-dialog.tsx';

describe('GoalDialog', () => {
  it('starts from the current goal and refuses one out of range', async () => {
    const { user, requests } = renderScreen(<GoalDialog open onOpenChange={() => {}} currentCents={5000} />);
    const input = screen.getByLabelText('Monthly savings goal ($)');
    expect(input).toHaveProperty('value', '50');
    await user.clear(input);
    await user.type(input, '0');
    await user.click(screen.getByRole('button', { name: 'Save goal' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a goal between $1 and $100,000.');
    expect(requests.filter((r) => r.path === '/api/gamification/goal')).toEqual([]);
  });

  it('saves a goal and closes', async () => {
    const open: boolean[] = [];
    const { user, requests } = renderScreen(<GoalDialog open onOpenChange={(o) => open.push(o)} currentCents={5000} />, { api: { 'PUT /api/gamification/goal': {} } });
    const input = screen.getByLabelText('Monthly savings goal ($)');
    await user.clear(input);
    await user.type(input, '75');
    await user.click(screen.getByRole('button', { name: 'Save goal' }));
    expect(await screen.findByText('Goal saved')).toBeTruthy();
    expect(open).toEqual([false]);
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ monthlyGoal: 75 });
  });

  it('tells the user when the goal was not saved', async () => {
    const open: boolean[] = [];
    const { user } = renderScreen(<GoalDialog open onOpenChange={(o) => open.push(o)} currentCents={5000} />, {
      api: { 'PUT /api/gamification/goal': reply(500, { error: { code: 'INTERNAL', message: 'x' } }) },
    });
    await user.click(screen.getByRole('button', { name: 'Save goal' }));
    expect(await screen.findByText('Failed to save your goal.')).toBeTruthy();
    await waitFor(() => expect(open).toEqual([]));
  });
});
