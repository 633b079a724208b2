import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { processingCostKeys } from '@/lib/query-keys.ts';
import type { ProcessingCostSummary } from '@wattwise/shared/contract/processing';

export const processingCostsQueryOptions = () =>
  queryOptions({
    queryKey: processingCostKeys.summary(),
    queryFn: () => api.get<ProcessingCostSummary>('/api/processing/costs'),
  });

export function useProcessingCosts({ enabled }: { enabled: boolean }) {
  return useQuery({ ...processingCostsQueryOptions(), enabled });
}
