import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DatabaseStatus, type PlatformChecks, type PlatformStatus, STATUS_POLL_MS } from '@wattwise/shared/contract/platform-status';
import { api } from '@/lib/api-client.ts';

export const platformKeys = {
  all: ['platform'] as const,
  status: () => [...platformKeys.all, 'status'] as const,
  checks: () => [...platformKeys.all, 'checks'] as const,
};

/** Up or down, for anyone; polled every 60 seconds (02-tools §9). */
export function usePlatformStatus() {
  return useQuery({ queryKey: platformKeys.status(), queryFn: () => api.get<PlatformStatus>('/api/platform/status'), refetchInterval: STATUS_POLL_MS });
}

/** Each adapter's check (admins); polled every 60 seconds. */
export function usePlatformChecks() {
  return useQuery({ queryKey: platformKeys.checks(), queryFn: () => api.get<PlatformChecks>('/api/admin/platform/checks'), refetchInterval: STATUS_POLL_MS });
}

export function useRunChecks() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PlatformChecks>('/api/admin/platform/checks'),
    onSuccess: (data) => client.setQueryData(platformKeys.checks(), data),
  });
}

export function useDatabaseStatus() {
  return useQuery({ queryKey: [...platformKeys.all, 'database'], queryFn: () => api.get<DatabaseStatus>('/api/admin/database/status') });
}
