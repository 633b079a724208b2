import { NOTIFICATION_MESSAGES, type Notification } from '@wattwise/shared/contract/notifications';
import { CheckCheckIcon, CheckCircle2Icon } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { cn } from '@/lib/utils.ts';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '../api/notifications.ts';
import { NotificationItem } from './notification-item.tsx';
import { PreferencesPanel } from './preferences-panel.tsx';

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'preferences', label: 'Preferences' },
] as const;
type Filter = (typeof FILTERS)[number]['value'];

function NotificationList({ filter }: { filter: 'all' | 'unread' }) {
  const navigate = useNavigate();
  const list = useNotifications(filter, true);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  // 02-tools §8: fetch and mark-read failures are only logged.
  if (list.isError) console.error('notifications not loaded', list.error);

  const open = (n: Notification) => {
    if (!n.read) markRead.mutate(n.id, { onError: (error) => console.error('notification not marked read', error) });
    if (n.action_url) void navigate(n.action_url);
  };

  if (list.isPending) return <Skeleton className="h-48 w-full" />;
  const items = list.data?.notifications ?? [];
  return (
    <div className="grid gap-4">
      {filter === 'unread' && items.length > 0 && (
        <div className="flex justify-end">
          <Button variant="outline" size="sm" disabled={markAll.isPending} onClick={() => markAll.mutate(undefined, { onError: (error) => console.error('notifications not marked read', error) })}>
            <CheckCheckIcon aria-hidden /> Mark all as read
          </Button>
        </div>
      )}
      {items.length === 0 ? (
        <Card className="text-center">
          <CardContent className="grid justify-items-center gap-2 py-10">
            <CheckCircle2Icon className="size-10 text-primary" aria-hidden />
            <h2 className="text-lg font-semibold">{NOTIFICATION_MESSAGES.allCaughtUp}</h2>
            <p className="text-sm text-muted-foreground">New alerts about your bills and savings will appear here.</p>
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-3" aria-label="Notifications">
          {items.map((n) => (
            <NotificationItem key={n.id} notification={n} onOpen={open} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** /notifications (02-tools §2.10) for a signed-in user: the All, Unread and Preferences filters and their content. */
export function NotificationCentre() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('filter');
  const filter: Filter = raw === 'unread' || raw === 'preferences' ? raw : 'all';
  return (
    <>
      <div role="group" aria-label="Filter notifications" className="mt-6 inline-flex flex-wrap gap-1 rounded-lg bg-muted p-1">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            aria-pressed={filter === f.value}
            onClick={() => setParams(f.value === 'all' ? {} : { filter: f.value })}
            className={cn(
              'inline-flex min-h-11 items-center rounded-md px-4 text-sm font-medium text-foreground/75 md:min-h-9',
              'hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none',
              filter === f.value && 'bg-background text-foreground shadow-sm',
            )}
          >
            {f.label}
          </button>
        ))}
      </div>
      <div className="mt-6">{filter === 'preferences' ? <PreferencesPanel /> : <NotificationList key={filter} filter={filter} />}</div>
    </>
  );
}
