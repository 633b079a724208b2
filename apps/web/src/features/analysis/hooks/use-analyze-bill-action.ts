import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client.ts';
import { useAnalyzeBill } from '../api/analyze-bill.ts';
import { ANALYSIS_MESSAGES } from '../messages.ts';

/**
 * The Analyze button's action: runs the pipeline and tells the user how it went with the
 * spec's toasts (saved, recommendations saved, completed); an already analyzed bill gets the
 * info toast, any other failure the error toast.
 */
export function useAnalyzeBillAction() {
  const analyze = useAnalyzeBill();
  return {
    analyze: (billId: string) =>
      analyze.mutate(billId, {
        onSuccess: (result) => {
          toast.success(ANALYSIS_MESSAGES.analysisSaved);
          if (result.recommendations.length) toast.success(ANALYSIS_MESSAGES.recommendationsSaved);
          toast.success(ANALYSIS_MESSAGES.analysisCompleted);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'ALREADY_ANALYZED') toast.info(ANALYSIS_MESSAGES.alreadyAnalyzed);
          else toast.error(ANALYSIS_MESSAGES.analyzeFailedWith(error.message || 'Unknown error occurred'));
        },
      }),
    isPending: analyze.isPending,
    /** The bill being analysed, while one is. */
    billId: analyze.isPending ? analyze.variables : undefined,
  };
}
