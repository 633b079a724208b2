import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { recommendationKeys } from '@/lib/query-keys.ts';
import type { PropertyType } from '@wattwise/shared/contract/common';
import type { RecommendationCard } from '@wattwise/shared/contract/analysis';

export const recommendationsQueryOptions = (propertyType: PropertyType | undefined) =>
  queryOptions({
    queryKey: recommendationKeys.list(propertyType),
    queryFn: async () =>
      (
        await api.get<{ recommendations: RecommendationCard[] }>(
          `/api/recommendations${propertyType ? `?propertyType=${propertyType}` : ''}`,
        )
      ).recommendations,
  });

export function useRecommendations(propertyType: PropertyType | undefined, { enabled }: { enabled: boolean }) {
  return useQuery({ ...recommendationsQueryOptions(propertyType), enabled });
}
