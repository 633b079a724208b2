import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { PropertyType, RecommendationCard } from '../types.ts';

export const recommendationKeys = {
  all: ['recommendations'] as const,
  list: (propertyType: PropertyType | undefined) => [...recommendationKeys.all, 'list', propertyType ?? 'all'] as const,
};

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
