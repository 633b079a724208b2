import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { recommendationKeys } from '@/lib/query-keys.ts';
import type { PropertyType } from '@wattwise/shared/contract/common';
import type { RecommendationCard } from '@wattwise/shared/contract/analysis';

const fetchCards = async (query: string) => (await api.get<{ recommendations: RecommendationCard[] }>(`/api/recommendations${query}`)).recommendations;

/** The overview's cards, chosen by the server: one per advice and utility account, from its latest bill, best first. */
export const recommendationsQueryOptions = (propertyType: PropertyType | undefined) =>
  queryOptions({
    queryKey: recommendationKeys.list(propertyType),
    queryFn: () => fetchCards(propertyType ? `?propertyType=${propertyType}` : ''),
  });

export function useRecommendations(propertyType: PropertyType | undefined, { enabled }: { enabled: boolean }) {
  return useQuery({ ...recommendationsQueryOptions(propertyType), enabled });
}

/** Every card of one bill. */
export function useBillRecommendations(billId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: recommendationKeys.ofBill(billId), queryFn: () => fetchCards(`?billId=${encodeURIComponent(billId)}`), enabled });
}
