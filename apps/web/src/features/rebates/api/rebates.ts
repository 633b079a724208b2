import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type {
  EligibilityRequest,
  EligibilityResult,
  Explanation,
  RebateCategory,
  RebateList,
  RecommendationsResult,
  SmartHomeInsights,
  StateCode,
} from '@wattwise/shared/contract/rebates';
import { api } from '@/lib/api-client.ts';

export type DetectedLocation = { city: string; state: StateCode; zip: string };

export const rebateKeys = {
  all: ['rebates'] as const,
  list: () => [...rebateKeys.all, 'list'] as const,
  recommendations: (zip: string | null, interests: readonly string[]) => [...rebateKeys.all, 'recommendations', zip ?? 'from-bills', interests.join(',')] as const,
  explain: (id: string) => [...rebateKeys.all, 'explain', id] as const,
};

/** Cached 5 minutes (02-tools §9). */
export const rebatesQueryOptions = () =>
  queryOptions({ queryKey: rebateKeys.list(), queryFn: () => api.get<RebateList>('/api/rebates'), staleTime: 5 * 60_000 });

export function useRebates() {
  return useQuery(rebatesQueryOptions());
}

export function useRecommendations(location: DetectedLocation | null, interests: readonly RebateCategory[], enabled: boolean) {
  const params = new URLSearchParams();
  if (location) params.set('zip', location.zip);
  if (interests.length > 0) params.set('interests', interests.join(','));
  const query = params.toString();
  return useQuery({
    queryKey: rebateKeys.recommendations(location?.zip ?? null, interests),
    queryFn: () => api.get<RecommendationsResult>(`/api/rebates/recommendations${query ? `?${query}` : ''}`),
    placeholderData: (previous) => previous,
    enabled,
    staleTime: 5 * 60_000,
    retry: 1,
  });
}

export function useExplanation(id: string, enabled: boolean) {
  return useQuery({
    queryKey: rebateKeys.explain(id),
    queryFn: () => api.post<Explanation>(`/api/rebates/${encodeURIComponent(id)}/explain`),
    enabled,
    retry: false,
  });
}

export function useEligibilityCheck(id: string) {
  return useMutation({ mutationFn: (input: EligibilityRequest) => api.post<EligibilityResult>(`/api/rebates/${encodeURIComponent(id)}/eligibility`, input) });
}

export function useSmartHomeInsights() {
  return useMutation({ mutationFn: (description: string) => api.post<SmartHomeInsights>('/api/rebates/insights', { description }) });
}

export async function lookupCoordinates(latitude: number, longitude: number): Promise<DetectedLocation> {
  const { location } = await api.get<{ location: DetectedLocation }>(`/api/rebates/location?latitude=${latitude}&longitude=${longitude}`);
  return location;
}
