// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import type { AutomationRule, Device, RuleInput } from '@wattwise/shared/contract/smart-home';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render.tsx';
import { RuleDialog } from './rule-dialog.tsx';

const device = { id: 'd1', name: 'Porch light', simulated: true } as Device;
const rule = {
  id: 'r1',
  name: 'Lights off',
  trigger: { type: 'time', value: '22:30' },
  action: { deviceId: 'd1', command: 'turn_off', value: null },
  timeZone: 'America/New_York',
} as unknown as AutomationRule;

describe('RuleDialog', () => {
  it('does nothing while the rule has no name (02-tools §5), and saves the edited rule', async () => {
    const saved: RuleInput[] = [];
    const { user } = renderScreen(
      <RuleDialog open rule={rule} devices={[device]} onOpenChange={() => {}} onSave={(input) => {
        saved.push(input);
        return Promise.resolve();
      }} />,
    );
    expect(screen.getByRole('heading', { name: 'Edit Automation Rule' })).toBeTruthy();
    const name = screen.getByLabelText('Rule name');
    expect(name).toHaveProperty('value', 'Lights off');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save Rule' }));
    expect(saved).toEqual([]);
    await user.type(name, ' Night ');
    await user.click(screen.getByRole('button', { name: 'Save Rule' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ name: 'Night', trigger: { type: 'time', value: '22:30' }, action: { deviceId: 'd1', command: 'turn_off', value: null } });
  });

  it('a new rule starts empty', () => {
    renderScreen(<RuleDialog open rule={null} devices={[device]} onOpenChange={() => {}} onSave={() => Promise.resolve()} />);
    expect(screen.getByRole('heading', { name: 'Create Automation Rule' })).toBeTruthy();
    expect(screen.getByLabelText('Rule name')).toHaveProperty('value', '');
    expect(screen.getByRole('button', { name: 'Create Rule' })).toBeTruthy();
  });
});
