import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Award, GamificationSummary, Implemented } from '@wattwise/shared/contract/gamification';
import { apiRequest } from '@/lib/api-client.ts';

export const gamificationKeys = {
  all: ['gamification'] as const,
  summary: () => [...gamificationKeys.all, 'summary'] as const,
};

export function useGamification(enabled: boolean) {
  return useQuery({ queryKey: gamificationKeys.summary(), queryFn: () => apiRequest<GamificationSummary>('/api/gamification'), enabled });
}

/** A POST that changes the summary; the summary reloads after it. */
function useAction<T, V>(request: (vars: V) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: request, onSettled: () => client.invalidateQueries({ queryKey: gamificationKeys.all }) });
}

export const useClaimAchievement = () => useAction((id: string) => apiRequest<Award>(`/api/gamification/achievements/${id}/claim`, { method: 'POST' }));
export const useCompleteChallenge = () => useAction((id: string) => apiRequest<Award>(`/api/gamification/challenges/${id}/complete`, { method: 'POST' }));
export const useClaimMilestone = () => useAction((days: number) => apiRequest<Award>(`/api/gamification/milestones/${days}/claim`, { method: 'POST' }));
export const useCompleteTip = () => useAction((id: string) => apiRequest<Award>(`/api/gamification/tips/${id}/complete`, { method: 'POST' }));
export const useRecordShare = () => useAction(() => apiRequest<Award>('/api/gamification/shares', { method: 'POST' }));
export const useImplementRecommendation = () =>
  useAction((id: string) => apiRequest<Implemented>(`/api/gamification/recommendations/${id}/implement`, { method: 'POST' }));
export const useSetGoal = () =>
  useAction((monthlyGoal: number) => apiRequest<GamificationSummary>('/api/gamification/goal', { method: 'PUT', body: { monthlyGoal } }));
