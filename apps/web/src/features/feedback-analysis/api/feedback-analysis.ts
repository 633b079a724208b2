import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbackAnalysis, ReviewFeedbackInput, TrainingResult } from '@wattwise/shared/contract/feedback-analysis';
import { api, ApiError, parseErrorBody } from '@/lib/api-client.ts';

export const feedbackAnalysisKeys = {
  all: ['feedback-analysis'] as const,
  summary: () => [...feedbackAnalysisKeys.all, 'summary'] as const,
};

export function useFeedbackAnalysis(enabled: boolean) {
  return useQuery({ queryKey: feedbackAnalysisKeys.summary(), queryFn: () => api.get<FeedbackAnalysis>('/api/admin/feedback-analysis'), enabled });
}

export function useReviewFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string } & ReviewFeedbackInput) => api.post<null>(`/api/admin/feedback/${encodeURIComponent(id)}/review`, { decision }),
    onSuccess: () => client.invalidateQueries({ queryKey: feedbackAnalysisKeys.all }),
  });
}

export function useTrainModel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TrainingResult>('/api/admin/reader-model/train'),
    onSuccess: () => client.invalidateQueries({ queryKey: feedbackAnalysisKeys.all }),
  });
}

/** Downloads the CSV export through the browser (the file name comes from the server). */
export async function downloadFeedbackCsv(): Promise<void> {
  const res = await fetch('/api/admin/feedback/export', { credentials: 'same-origin' });
  if (!res.ok) {
    const parsed = parseErrorBody(res.status, await res.json().catch(() => null), res.statusText);
    throw new ApiError(res.status, parsed.code, parsed.message, parsed.details);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'ml-feedback.csv';
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}
