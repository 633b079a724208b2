import { api } from '@/lib/api-client.ts';
import type { BillStatus, BillSummary } from '@wattwise/shared/contract/bills';

export interface ProcessingHandlers {
  onProgress: (event: { status: BillStatus; progress: number | null; step: string | null }) => void;
  onDone: (bill: BillSummary) => void;
  onFailed: (reason: string) => void;
}

const POLL_INTERVAL_MS = 1500;

function parseJson(data: unknown): unknown {
  if (typeof data !== 'string') return null;
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Follows a queued bill until it is processed or failed: Server-Sent Events from
 * `GET /api/bills/:id/events`, falling back to polling `GET /api/bills/:id` when the
 * stream is unavailable or drops before the end. Returns a function that stops following.
 */
export function followBillProcessing(billId: string, handlers: ProcessingHandlers): () => void {
  let stopped = false;
  let finished = false;
  let source: EventSource | null = null;
  let pollTimer: number | undefined;
  const path = `/api/bills/${encodeURIComponent(billId)}`;

  const finish = () => {
    finished = true;
    source?.close();
    window.clearTimeout(pollTimer);
  };

  const poll = async () => {
    if (stopped || finished) return;
    try {
      const { bill } = await api.get<{ bill: BillSummary }>(path);
      if (stopped || finished) return;
      if (bill.status === 'processed') {
        finish();
        handlers.onDone(bill);
        return;
      }
      if (bill.status === 'failed') {
        finish();
        handlers.onFailed(bill.failureReason ?? '');
        return;
      }
      handlers.onProgress({ status: bill.status, progress: bill.progress, step: null });
    } catch {
      // A failed poll is retried on the next tick; the job keeps running on the server.
    }
    pollTimer = window.setTimeout(() => void poll(), POLL_INTERVAL_MS);
  };

  const startPolling = () => {
    source?.close();
    source = null;
    if (!stopped && !finished && pollTimer === undefined) void poll();
  };

  if (typeof EventSource === 'undefined') startPolling();
  else {
    source = new EventSource(`${path}/events`, { withCredentials: true });
    source.addEventListener('progress', (event) => {
      const data = parseJson((event).data);
      if (!isRecord(data) || stopped || finished) return;
      const status = data.status as BillStatus;
      handlers.onProgress({
        status,
        progress: typeof data.progress === 'number' ? data.progress : null,
        step: typeof data.step === 'string' ? data.step : null,
      });
    });
    source.addEventListener('done', (event) => {
      const data = parseJson((event).data);
      if (stopped || finished) return;
      if (isRecord(data) && isRecord(data.bill)) {
        finish();
        handlers.onDone(data.bill as unknown as BillSummary);
      } else startPolling();
    });
    source.addEventListener('failed', (event) => {
      const data = parseJson((event).data);
      if (stopped || finished) return;
      finish();
      handlers.onFailed(isRecord(data) && typeof data.reason === 'string' ? data.reason : '');
    });
    // The browser reconnects on its own after a drop; polling is steadier and ends for sure.
    source.onerror = () => {
      if (!stopped && !finished) startPolling();
    };
  }

  return () => {
    stopped = true;
    source?.close();
    window.clearTimeout(pollTimer);
  };
}
