import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillAnalysis, Recommendation } from '@wattwise/shared/analysis/types';
import { toast } from 'sonner';
import { api, ApiError } from '@/lib/api-client.ts';
import { DASHBOARD_MESSAGES } from '../messages.ts';
import { billKeys } from './bills.ts';
import { recommendationKeys } from './recommendations.ts';

interface AnalyzeResponse {
  success: boolean;
  analysis: BillAnalysis;
  recommendations: Recommendation[];
}

/** Anomaly detection runs at most once per bill per browser session (01-core §4). */
const ANOMALY_CHECK_KEY = 'wattwise:anomaly-checked';

function anomalyCheckedIds(): Set<string> {
  try {
    const raw = window.sessionStorage.getItem(ANOMALY_CHECK_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return new Set(Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

function markAnomalyChecked(id: string): void {
  try {
    const ids = anomalyCheckedIds();
    ids.add(id);
    window.sessionStorage.setItem(ANOMALY_CHECK_KEY, JSON.stringify([...ids]));
  } catch {
    // Storage can be unavailable (private mode); the server stores the result once anyway.
  }
}

async function detectAnomaliesOnce(billId: string): Promise<void> {
  if (anomalyCheckedIds().has(billId)) return;
  markAnomalyChecked(billId);
  try {
    await api.post<{ hasAnomalies: boolean }>(`/api/bills/${encodeURIComponent(billId)}/anomalies`);
  } catch (error) {
    // Failures of the anomaly step are only logged (01-core §4).
    console.warn('Anomaly detection failed', error);
  }
}

/**
 * The bill pipeline of 01-core §4: analyze (the server saves the analysis and the
 * recommendations and marks the bill analyzed), then the anomaly check. Toasts are the
 * spec's; an already analyzed bill gets the info toast, any failure stops the pipeline.
 */
export function useAnalyzeBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (billId: string) => {
      const result = await api.post<AnalyzeResponse>(`/api/bills/${encodeURIComponent(billId)}/analyze`);
      if (!result.success) throw new Error(DASHBOARD_MESSAGES.analyzeFailed);
      toast.success(DASHBOARD_MESSAGES.analysisSaved);
      if (result.recommendations.length) toast.success(DASHBOARD_MESSAGES.recommendationsSaved);
      await detectAnomaliesOnce(billId);
      return result;
    },
    onSuccess: () => toast.success(DASHBOARD_MESSAGES.analysisCompleted),
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'ALREADY_ANALYZED') toast.info(DASHBOARD_MESSAGES.alreadyAnalyzed);
      else toast.error(DASHBOARD_MESSAGES.analyzeFailedWith(error.message || 'Unknown error occurred'));
    },
    onSettled: (_data, _error, billId) => {
      void queryClient.invalidateQueries({ queryKey: billKeys.detail(billId) });
      void queryClient.invalidateQueries({ queryKey: billKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: recommendationKeys.all });
    },
  });
}
