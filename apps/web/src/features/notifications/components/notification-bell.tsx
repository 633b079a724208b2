import type { NotificationEvent, NotificationPreferences } from '@wattwise/shared/contract/notifications';
import { BellIcon } from 'lucide-react';
import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { cn } from '@/lib/utils.ts';
import { useUnreadCount } from '../api/notifications.ts';
import { useNotificationStream } from '../api/use-notification-stream.ts';

/** The header's bell: the unread count, live; a pop-up for each new notification when push notifications are on. */
export function NotificationBell() {
  const navigate = useNavigate();
  const unread = useUnreadCount(true);
  const onNotification = useCallback(
    ({ notification }: NotificationEvent, prefs: NotificationPreferences | undefined) => {
      if (!notification || prefs?.pushNotifications === false) return;
      const url = notification.action_url;
      toast(notification.title, { description: notification.message, action: url ? { label: 'View', onClick: () => void navigate(url) } : undefined });
    },
    [navigate],
  );
  useNotificationStream(true, onNotification);
  const count = unread.data ?? 0;
  const label = count > 0 ? `Notifications, ${count} unread` : 'Notifications';
  return (
    <Link
      to="/notifications"
      aria-label={label}
      title={label}
      className="relative inline-flex size-11 items-center justify-center rounded-md text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none md:size-9"
    >
      <BellIcon className="size-5" aria-hidden />
      {count > 0 && (
        <span
          data-testid="unread-count"
          className={cn('absolute top-0.5 right-0.5 min-w-5 rounded-full bg-destructive px-1 text-center text-[11px] leading-5 font-semibold text-white tabular-nums')}
          aria-hidden
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
