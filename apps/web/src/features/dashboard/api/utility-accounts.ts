import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '@/lib/api-client.ts';
import type { UtilityAccount } from '../types.ts';
import { billKeys } from './bills.ts';

export const accountKeys = {
  all: ['utility-accounts'] as const,
  list: (propertyId: string | undefined) => [...accountKeys.all, 'list', propertyId ?? 'all'] as const,
};

export const accountsQueryOptions = (propertyId: string | undefined) =>
  queryOptions({
    queryKey: accountKeys.list(propertyId),
    queryFn: async () =>
      (
        await api.get<{ accounts: UtilityAccount[] }>(
          `/api/utility-accounts${propertyId ? `?propertyId=${encodeURIComponent(propertyId)}` : ''}`,
        )
      ).accounts,
  });

export function useUtilityAccounts(propertyId: string | undefined, { enabled }: { enabled: boolean }) {
  return useQuery({ ...accountsQueryOptions(propertyId), enabled });
}

export interface UpdateAccountInput {
  id: string;
  propertyId?: string;
  confirmed?: boolean;
}

export function useUpdateUtilityAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...patch }: UpdateAccountInput) =>
      (await apiRequest<{ account: UtilityAccount }>(`/api/utility-accounts/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch }))
        .account,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
      void queryClient.invalidateQueries({ queryKey: billKeys.all });
    },
  });
}
