import type { AutomationRule, Device, RuleInput } from '@wattwise/shared/contract/smart-home';
import { SENSOR_CONDITIONS, type SensorCondition } from '@wattwise/shared/smart-home/rules';
import { DEVICE_COMMANDS, type DeviceCommand } from '@wattwise/shared/smart-home/simulation';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';

type Values = {
  name: string;
  triggerType: 'time' | 'sensor';
  time: string;
  threshold: string;
  condition: SensorCondition;
  sensorId: string;
  deviceId: string;
  command: DeviceCommand | '';
  value: string;
};

function initial(rule: AutomationRule | null): Values {
  if (!rule) return { name: '', triggerType: 'time', time: '', threshold: '', condition: 'above', sensorId: '', deviceId: '', command: '', value: '' };
  return {
    name: rule.name,
    triggerType: rule.trigger.type,
    time: rule.trigger.type === 'time' ? rule.trigger.value : '',
    threshold: rule.trigger.type === 'sensor' ? String(rule.trigger.value) : '',
    condition: rule.trigger.type === 'sensor' ? rule.trigger.condition : 'above',
    sensorId: rule.trigger.type === 'sensor' ? (rule.trigger.deviceId ?? '') : '',
    deviceId: rule.action.deviceId,
    command: rule.action.command,
    value: rule.action.value === null || rule.action.value === undefined ? '' : String(rule.action.value),
  };
}

/** Values as the API takes them, or null while name, trigger value, target device or command is missing (02-tools §5: nothing happens then). */
export function ruleInputOf(v: Values): RuleInput | null {
  const triggerValue = v.triggerType === 'time' ? v.time : v.threshold.trim();
  if (!v.name.trim() || !triggerValue || !v.deviceId || !v.command) return null;
  const value = v.value.trim() === '' ? null : Number(v.value);
  return {
    name: v.name.trim(),
    trigger:
      v.triggerType === 'time'
        ? { type: 'time', value: v.time }
        : { type: 'sensor', value: Number(v.threshold), condition: v.condition, ...(v.sensorId ? { deviceId: v.sensorId } : {}) },
    action: { deviceId: v.deviceId, command: v.command, value: value !== null && Number.isFinite(value) ? value : null },
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

/** Create Rule and Edit Rule (02-tools §2.4 automation tab). */
export function RuleDialog({
  open,
  rule,
  devices,
  onOpenChange,
  onSave,
}: {
  open: boolean;
  rule: AutomationRule | null;
  devices: Device[];
  onOpenChange: (open: boolean) => void;
  onSave: (input: RuleInput) => Promise<void>;
}) {
  const { register, control, handleSubmit, reset, formState } = useForm<Values>({ defaultValues: initial(rule) });
  useEffect(() => reset(initial(rule)), [rule, open, reset]);
  const triggerType = useWatch({ control, name: 'triggerType' });
  const deviceOptions = devices.map((d) => ({ value: d.id, label: `${d.name}${d.simulated ? ' (simulated)' : ''}` }));
  const submit = handleSubmit(async (values) => {
    const input = ruleInputOf(values);
    if (!input) return;
    await onSave(input);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{rule ? 'Edit Automation Rule' : 'Create Automation Rule'}</DialogTitle>
          <DialogDescription>Runs a device command at a time of day, or when a device&apos;s reading crosses a value.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(e) => void submit(e)}>
          <div className="grid gap-2">
            <Label htmlFor="rule-name">Rule name</Label>
            <Input id="rule-name" {...register('name')} />
          </div>
          <Controller
            control={control}
            name="triggerType"
            render={({ field }) => (
              <SelectField id="rule-trigger" label="Trigger" value={field.value} onValueChange={field.onChange} options={[{ value: 'time', label: 'Time of day' }, { value: 'sensor', label: 'Sensor reading' }]} />
            )}
          />
          {triggerType === 'time' ? (
            <div className="grid gap-2">
              <Label htmlFor="rule-time">Time</Label>
              <Input id="rule-time" type="time" {...register('time')} />
            </div>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2">
              <Controller
                control={control}
                name="sensorId"
                render={({ field }) => <SelectField id="rule-sensor" label="Sensor device" value={field.value || undefined} onValueChange={field.onChange} options={deviceOptions} placeholder="The target device" />}
              />
              <Controller
                control={control}
                name="condition"
                render={({ field }) => <SelectField id="rule-condition" label="Condition" value={field.value} onValueChange={field.onChange} options={SENSOR_CONDITIONS.map((c) => ({ value: c, label: c }))} />}
              />
              <div className="grid gap-2">
                <Label htmlFor="rule-threshold">Reading value</Label>
                <Input id="rule-threshold" type="number" step="any" {...register('threshold')} />
              </div>
            </div>
          )}
          <Controller
            control={control}
            name="deviceId"
            render={({ field }) => <SelectField id="rule-device" label="Target device" value={field.value || undefined} onValueChange={field.onChange} options={deviceOptions} placeholder="Choose a device" />}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Controller
              control={control}
              name="command"
              render={({ field }) => (
                <SelectField id="rule-command" label="Command" value={field.value || undefined} onValueChange={field.onChange} options={DEVICE_COMMANDS.map((c) => ({ value: c, label: c }))} placeholder="Choose a command" />
              )}
            />
            <div className="grid gap-2">
              <Label htmlFor="rule-value">Command value (optional)</Label>
              <Input id="rule-value" type="number" step="any" {...register('value')} />
            </div>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={formState.isSubmitting}>
              {rule ? 'Save Rule' : 'Create Rule'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
