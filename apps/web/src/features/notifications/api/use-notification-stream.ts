import { useQueryClient } from '@tanstack/react-query';
import { type NotificationEvent, notificationEventSchema, type NotificationPreferences } from '@wattwise/shared/contract/notifications';
import { useEffect } from 'react';
import { notificationKeys } from './notifications.ts';

/**
 * Keeps the unread count and lists live while a signed-in page is open: the server's
 * notification stream (SSE over the realtime channel) sets the count and refreshes the lists;
 * `onNotification` hears each new one (the header shows it when push notifications are on).
 */
export function useNotificationStream(enabled: boolean, onNotification?: (event: NotificationEvent, prefs: NotificationPreferences | undefined) => void) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/notifications/events');
    const onEvent = (message: MessageEvent<string>) => {
      const parsed = notificationEventSchema.safeParse(JSON.parse(message.data));
      if (!parsed.success) return;
      client.setQueryData(notificationKeys.unreadCount(), parsed.data.unreadCount);
      if (parsed.data.notification) {
        void client.invalidateQueries({ queryKey: [...notificationKeys.all, 'list'] });
        onNotification?.(parsed.data, client.getQueryData<NotificationPreferences>(notificationKeys.preferences()));
      }
    };
    source.addEventListener('notification', onEvent);
    return () => {
      source.removeEventListener('notification', onEvent);
      source.close();
    };
  }, [enabled, client, onNotification]);
}
