import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailEvent, EmailPreferences, EmailPreferencesResponse, TestEmailTemplate } from '@wattwise/shared/contract/email';
import { apiRequest } from '@/lib/api-client.ts';

export const emailKeys = {
  all: ['email'] as const,
  preferences: () => [...emailKeys.all, 'preferences'] as const,
  events: () => [...emailKeys.all, 'events'] as const,
};

export function useEmailPreferences() {
  return useQuery({ queryKey: emailKeys.preferences(), queryFn: () => apiRequest<EmailPreferencesResponse>('/api/email/preferences'), retry: 1 });
}

/**
 * 02-tools §4 'Email preference toggle': applied at once (optimistically), reverted on failure.
 * billing_notifications is also the notifications' Email Notifications switch, so those reload.
 */
export function useToggleEmailPreference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<EmailPreferences>) => apiRequest<EmailPreferencesResponse>('/api/email/preferences', { method: 'PATCH', body: change }),
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey: emailKeys.preferences() });
      const before = client.getQueryData<EmailPreferencesResponse>(emailKeys.preferences());
      if (before) client.setQueryData(emailKeys.preferences(), { ...before, ...change });
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) client.setQueryData(emailKeys.preferences(), context.before);
    },
    onSuccess: (saved) => {
      client.setQueryData(emailKeys.preferences(), saved);
      void client.invalidateQueries({ queryKey: ['notifications', 'preferences'] });
    },
  });
}

export function useEmailEvents(enabled: boolean) {
  return useQuery({ queryKey: emailKeys.events(), queryFn: async () => (await apiRequest<{ events: EmailEvent[] }>('/api/email/events')).events, enabled, refetchInterval: enabled ? 5_000 : false });
}

export function useSendTestEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { to?: string; template: TestEmailTemplate }) => apiRequest<{ success: true }>('/api/email/test', { method: 'POST', body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: emailKeys.events() }),
  });
}
