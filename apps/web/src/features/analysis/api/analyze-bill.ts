import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnalyzeBillResult, AnomalyResult } from '@wattwise/shared/contract/analysis';
import { api } from '@/lib/api-client.ts';
import { ANALYSIS_MESSAGES } from '../messages.ts';
import { billKeys, recommendationKeys } from '@/lib/query-keys.ts';

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
    await api.post<AnomalyResult>(`/api/bills/${encodeURIComponent(billId)}/anomalies`);
  } catch (error) {
    // Failures of the anomaly step are only logged (01-core §4).
    console.warn('Anomaly detection failed', error);
  }
}

/**
 * The bill pipeline of 01-core §4: analyze (the server saves the analysis and the
 * recommendations and marks the bill analyzed), then the anomaly check. A data hook: what
 * the user is told is said by the caller (`useAnalyzeBillAction`).
 */
export function useAnalyzeBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (billId: string): Promise<AnalyzeBillResult> => {
      const result = await api.post<AnalyzeBillResult>(`/api/bills/${encodeURIComponent(billId)}/analyze`);
      if (!result.success) throw new Error(ANALYSIS_MESSAGES.analyzeFailed);
      await detectAnomaliesOnce(billId);
      return result;
    },
    onSettled: (_data, _error, billId) => {
      void queryClient.invalidateQueries({ queryKey: billKeys.detail(billId) });
      void queryClient.invalidateQueries({ queryKey: billKeys.all });
      void queryClient.invalidateQueries({ queryKey: recommendationKeys.all });
    },
  });
}
