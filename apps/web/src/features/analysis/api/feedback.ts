import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { FeedbackInput } from '@wattwise/shared/contract/feedback';

export function useSubmitFeedback() {
  return useMutation({
    mutationFn: (input: FeedbackInput) => api.post<{ feedback: unknown }>('/api/feedback', input),
  });
}
