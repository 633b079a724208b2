import { useQuery } from '@tanstack/react-query';
import type { AdminStatus } from '@wattwise/shared/contract/admin';
import { api } from '@/lib/api-client.ts';

export const adminKeys = {
  all: ['admin'] as const,
  status: () => [...adminKeys.all, 'status'] as const,
};

/** The server's admin check (01-core §6 is_admin): 403 for anyone signed in who is not an admin. */
export function useAdminStatus(enabled: boolean) {
  return useQuery({ queryKey: adminKeys.status(), queryFn: () => api.get<AdminStatus>('/api/admin/status'), enabled, retry: false, staleTime: 0 });
}
