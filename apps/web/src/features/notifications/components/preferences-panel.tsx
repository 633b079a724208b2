import {
  ALERT_TYPE_KEYS,
  DELIVERY_METHOD_KEYS,
  NOTIFICATION_MESSAGES,
  type NotificationPreferences,
  PREFERENCE_LABELS,
} from '@wattwise/shared/contract/notifications';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notifications.ts';

function ToggleRow({ name, checked, onChange }: { name: keyof NotificationPreferences; checked: boolean; onChange: (value: boolean) => void }) {
  const id = `pref-${name}`;
  const { label, description } = PREFERENCE_LABELS[name];
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div className="grid gap-0.5">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <span id={`${id}-hint`} className="text-sm text-muted-foreground">
          {description}
        </span>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-hint`} />
    </div>
  );
}

/** 02-tools §2.10: the seven toggles and Save Preferences. */
export function PreferencesPanel() {
  const stored = useNotificationPreferences(true);
  useEffect(() => {
    if (stored.isError) toast.error(NOTIFICATION_MESSAGES.loadPreferencesFailed);
  }, [stored.isError]);
  if (!stored.data) return <Skeleton className="h-96 w-full" />;
  return <PreferencesForm initial={stored.data} />;
}

function PreferencesForm({ initial }: { initial: NotificationPreferences }) {
  const save = useSaveNotificationPreferences();
  const [draft, setDraft] = useState<NotificationPreferences>(initial);
  const set = (key: keyof NotificationPreferences) => (value: boolean) => setDraft({ ...draft, [key]: value });
  const onSave = async () => {
    try {
      await save.mutateAsync(draft);
      toast.success(NOTIFICATION_MESSAGES.preferencesSaved);
    } catch {
      toast.error(NOTIFICATION_MESSAGES.savePreferencesFailed);
    }
  };
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Alert Types</CardTitle>
        </CardHeader>
        <CardContent className="divide-y">
          {ALERT_TYPE_KEYS.map((key) => (
            <ToggleRow key={key} name={key} checked={draft[key]} onChange={set(key)} />
          ))}
        </CardContent>
      </Card>
      <Card className="h-fit">
        <CardHeader>
          <CardTitle>Delivery Methods</CardTitle>
        </CardHeader>
        <CardContent className="divide-y">
          {DELIVERY_METHOD_KEYS.map((key) => (
            <ToggleRow key={key} name={key} checked={draft[key]} onChange={set(key)} />
          ))}
          <p className="pt-3 text-sm text-muted-foreground">Every alert is always kept here in your notifications; these choose what else reaches you.</p>
        </CardContent>
      </Card>
      <div className="md:col-span-2">
        <Button onClick={() => void onSave()} disabled={save.isPending} className="w-full sm:w-auto">
          Save Preferences
        </Button>
      </div>
    </div>
  );
}
