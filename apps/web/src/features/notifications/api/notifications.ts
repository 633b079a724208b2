import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationList, NotificationPreferences } from '@wattwise/shared/contract/notifications';
import { apiRequest } from '@/lib/api-client.ts';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (filter: 'all' | 'unread') => [...notificationKeys.all, 'list', filter] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
};

export function useNotifications(filter: 'all' | 'unread', enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.list(filter),
    queryFn: () => apiRequest<NotificationList>(`/api/notifications?filter=${filter}`),
    enabled,
  });
}

export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.unreadCount(),
    queryFn: async () => (await apiRequest<{ unreadCount: number }>('/api/notifications/unread-count')).unreadCount,
    enabled,
  });
}

export function useNotificationPreferences(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.preferences(),
    queryFn: () => apiRequest<NotificationPreferences>('/api/notifications/preferences'),
    enabled,
  });
}

export function useSaveNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (prefs: NotificationPreferences) => apiRequest<NotificationPreferences>('/api/notifications/preferences', { method: 'PUT', body: prefs }),
    onSuccess: (saved) => client.setQueryData(notificationKeys.preferences(), saved),
  });
}

export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<unknown>(`/api/notifications/${id}/read`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ updated: number }>('/api/notifications/read-all', { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
