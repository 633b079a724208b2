import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateUtilityAccountInput, UtilityAccount } from '@wattwise/shared/contract/properties';
import { api, apiRequest } from '@/lib/api-client.ts';
import { accountKeys, billKeys } from '@/lib/query-keys.ts';

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

export type UpdateAccountInput = UpdateUtilityAccountInput & { id: string };

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
