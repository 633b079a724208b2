import { useQuery } from '@tanstack/react-query';
import type { MlAnalytics } from '@wattwise/shared/contract/ml-analytics';
import { api } from '@/lib/api-client.ts';

export const mlKeys = { all: ['ml-analytics'] as const };

export function useMlAnalytics(enabled: boolean) {
  return useQuery({ queryKey: mlKeys.all, queryFn: () => api.get<MlAnalytics>('/api/ml-analytics'), enabled, staleTime: 5 * 60_000 });
}
