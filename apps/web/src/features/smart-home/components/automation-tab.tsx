import { type AutomationRule, type Device, type RuleInput, SMART_HOME_MESSAGES as M } from '@wattwise/shared/contract/smart-home';
import { PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { useDeleteRule, useSaveRule } from '../api/smart-home.ts';
import { RuleDialog } from './rule-dialog.tsx';

function describeTrigger(rule: AutomationRule, devices: Device[]): string {
  if (rule.trigger.type === 'time') return `Every day at ${rule.trigger.value} (${rule.timeZone})`;
  const sensorId = rule.trigger.deviceId ?? rule.action.deviceId;
  const sensor = devices.find((d) => d.id === sensorId)?.name ?? 'a removed device';
  return `When ${sensor} reads ${rule.trigger.condition} ${rule.trigger.value}`;
}

/** The automation tab: rules with their last run, a switch to enable them, edit and delete that work. */
export function AutomationTab({ rules, devices }: { rules: AutomationRule[]; devices: Device[] }) {
  const save = useSaveRule();
  const remove = useDeleteRule();
  const [editing, setEditing] = useState<AutomationRule | null>(null);
  const [open, setOpen] = useState(false);

  const onSave = async (input: RuleInput) => {
    try {
      await save.mutateAsync({ id: editing?.id ?? null, input });
      toast.success(editing ? M.ruleUpdated : M.ruleCreated);
      setOpen(false);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : M.unknownError);
    }
  };

  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Automation Rules</h2>
        <Button
          onClick={() => {
            setEditing(null);
            setOpen(true);
          }}
          disabled={devices.length === 0}
        >
          <PlusIcon aria-hidden /> Create Rule
        </Button>
      </div>
      {rules.length === 0 && <p className="text-sm text-muted-foreground">No rules yet. {devices.length === 0 ? 'Connect a device first.' : 'Create one to run a device command on its own.'}</p>}
      <div className="grid gap-3 md:grid-cols-2">
        {rules.map((rule) => {
          const target = devices.find((d) => d.id === rule.action.deviceId);
          return (
            <Card key={rule.id} role="article" aria-label={`Rule ${rule.name}`}>
              <CardHeader className="flex flex-row items-start justify-between gap-2">
                <div className="grid gap-1">
                  <CardTitle className="text-base">{rule.name}</CardTitle>
                  <p className="text-sm text-muted-foreground">{describeTrigger(rule, devices)}</p>
                  <p className="text-sm">
                    Then {rule.action.command}
                    {rule.action.value === null || rule.action.value === undefined ? '' : ` ${rule.action.value}`} on {target?.name ?? 'a removed device'}
                    {target?.simulated ? ' (simulated)' : ''}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant={rule.enabled ? 'default' : 'outline'}
                  aria-pressed={rule.enabled}
                  aria-label={`${rule.name} ${rule.enabled ? 'active' : 'inactive'}`}
                  onClick={() => void save.mutateAsync({ id: rule.id, input: { enabled: !rule.enabled } }).catch(() => toast.error(M.unknownError))}
                >
                  {rule.enabled ? 'Active' : 'Inactive'}
                </Button>
              </CardHeader>
              <CardContent className="grid gap-3">
                <div className="text-sm" aria-label={`${rule.name} last run`}>
                  {rule.lastRunAt ? (
                    <span className="flex flex-wrap items-center gap-2">
                      <Badge variant={rule.lastOk ? 'success' : 'destructive'}>{rule.lastOk ? 'Ran' : 'Failed'}</Badge>
                      Last run {new Date(rule.lastRunAt).toLocaleString()}: {rule.lastResult}
                    </span>
                  ) : (
                    <span className="text-muted-foreground">Not run yet</span>
                  )}
                </div>
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => {
                      setEditing(rule);
                      setOpen(true);
                    }}
                  >
                    <PencilIcon aria-hidden /> Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() =>
                      void remove
                        .mutateAsync(rule.id)
                        .then(() => toast.success(M.ruleDeleted))
                        .catch(() => toast.error(M.unknownError))
                    }
                  >
                    <Trash2Icon aria-hidden /> Delete
                  </Button>
                </div>
              </CardContent>
            </Card>
          );
        })}
      </div>
      <RuleDialog open={open} rule={editing} devices={devices} onOpenChange={setOpen} onSave={onSave} />
    </div>
  );
}
