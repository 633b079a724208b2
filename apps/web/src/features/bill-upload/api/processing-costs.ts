import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { ProcessingCostSummary } from '../types.ts';

export const processingCostKeys = {
  all: ['processing-costs'] as const,
  summary: () => [...processingCostKeys.all, 'summary'] as const,
};

export const processingCostsQueryOptions = () =>
  queryOptions({
    queryKey: processingCostKeys.summary(),
    queryFn: () => api.get<ProcessingCostSummary>('/api/processing/costs'),
  });

export function useProcessingCosts({ enabled }: { enabled: boolean }) {
  return useQuery({ ...processingCostsQueryOptions(), enabled });
}
