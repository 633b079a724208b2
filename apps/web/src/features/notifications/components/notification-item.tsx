import type { Notification, NotificationType } from '@wattwise/shared/contract/notifications';
import { AlertTriangleIcon, BellIcon, FileTextIcon, LeafIcon, PiggyBankIcon, TrendingUpIcon, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/utils.ts';

/** 02-tools §2.10: an icon by type. */
const ICONS: Record<NotificationType, { Icon: LucideIcon; tone: string }> = {
  anomaly: { Icon: AlertTriangleIcon, tone: 'bg-destructive/10 text-destructive' },
  seasonal: { Icon: LeafIcon, tone: 'bg-primary/10 text-primary' },
  forecast: { Icon: TrendingUpIcon, tone: 'bg-warning/15 text-foreground' },
  savings: { Icon: PiggyBankIcon, tone: 'bg-primary/10 text-primary' },
  application: { Icon: FileTextIcon, tone: 'bg-accent/10 text-accent' },
  other: { Icon: BellIcon, tone: 'bg-muted text-muted-foreground' },
};

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** Relative time under a week old, else the date (docs/design.md). */
export function formatCreated(iso: string, now = Date.now()): string {
  const at = new Date(iso).getTime();
  const diff = at - now;
  if (-diff >= WEEK_MS) return dateFormat.format(at);
  const minutes = Math.round(diff / 60_000);
  if (Math.abs(minutes) < 60) return relative.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return relative.format(hours, 'hour');
  return relative.format(Math.round(hours / 24), 'day');
}

export function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: (n: Notification) => void }) {
  const { Icon, tone } = ICONS[notification.type];
  return (
    <li
      className={cn('flex flex-wrap items-start gap-3 rounded-xl border bg-card p-4 sm:flex-nowrap', !notification.read && 'border-l-4 border-l-primary')}
      data-read={notification.read}
    >
      <button type="button" className="flex min-w-0 flex-1 items-start gap-3 rounded-md text-left focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none" onClick={() => onOpen(notification)}>
        <span className={cn('inline-flex size-10 shrink-0 items-center justify-center rounded-full', tone)}>
          <Icon className="size-5" aria-hidden />
        </span>
        <span className="grid min-w-0 gap-0.5">
          <span className="flex items-center gap-2 font-medium">
            {notification.title}
            {!notification.read && (
              <span className="size-2 rounded-full bg-primary" aria-label="Unread" role="img" />
            )}
          </span>
          <span className="text-sm text-muted-foreground">{notification.message}</span>
          <time className="text-xs text-muted-foreground" dateTime={notification.created_at}>
            {formatCreated(notification.created_at)}
          </time>
        </span>
      </button>
      {notification.action_url && (
        <Button variant="outline" size="sm" onClick={() => onOpen(notification)}>
          View Details
        </Button>
      )}
    </li>
  );
}
