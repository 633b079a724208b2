import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateApplicationInput, RebateApplication, UpdateApplicationInput } from '@wattwise/shared/contract/rebates';
import { apiRequest } from '@/lib/api-client.ts';

export const applicationKeys = {
  all: ['applications'] as const,
  list: () => [...applicationKeys.all, 'list'] as const,
};

export function useApplications(enabled: boolean) {
  return useQuery({
    queryKey: applicationKeys.list(),
    queryFn: async () => (await apiRequest<{ applications: RebateApplication[] }>('/api/applications')).applications,
    enabled,
  });
}

export function useAddApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateApplicationInput) =>
      (await apiRequest<{ application: RebateApplication }>('/api/applications', { method: 'POST', body: input })).application,
    onSuccess: () => client.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}

export function useUpdateApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: UpdateApplicationInput }) =>
      (await apiRequest<{ application: RebateApplication }>(`/api/applications/${id}`, { method: 'PATCH', body: input })).application,
    onSuccess: () => client.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}

export function useDeleteApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>(`/api/applications/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}
