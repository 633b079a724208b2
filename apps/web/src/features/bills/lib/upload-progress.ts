import type { BillStatus } from '@wattwise/shared/contract/bills';

/**
 * Upload progress of 01-core §4: 25 once the file upload returns, 50 when processing
 * starts, 90 after the bill is read, 100 once the record is saved. The server reports
 * its own figure on each event; the bar never moves backwards.
 */
export const PROGRESS = { uploaded: 25, processingStarted: 50, read: 90, saved: 100 } as const;

export type UploadPhase = 'idle' | 'uploading' | 'processing' | 'success' | 'error';

export interface ProgressState {
  phase: UploadPhase;
  progress: number;
  step: string;
}

export interface ProgressEvent {
  status: BillStatus;
  progress?: number | null;
  step?: string | null;
}

export const INITIAL_PROGRESS: ProgressState = { phase: 'idle', progress: 0, step: '' };

/** Names the step shown under the bar when the server sends none. */
export function stepLabelFor(status: BillStatus, progress: number): string {
  switch (status) {
    case 'queued':
      return 'Uploaded, waiting to be processed';
    case 'processing':
      return progress >= PROGRESS.read ? 'Saving the bill' : 'Reading your bill';
    case 'processed':
      return 'Bill saved';
    case 'failed':
      return 'Processing failed';
  }
}

/** Labels of the server's step ids (GET /api/bills/:id/events). */
const STEP_LABELS: Record<string, string> = {
  waiting: 'Uploaded, waiting to be processed',
  retrying: 'Trying again',
  reading_bill: 'Reading your bill',
  saving_results: 'Saving the results',
  done: 'Bill saved',
};

/** Names a server step: known ids get their label, others such as `checking_totals` read `Checking totals`. */
export function humanizeStep(step: string): string {
  const known = STEP_LABELS[step];
  if (known) return known;
  const text = step.replace(/[_-]+/g, ' ').trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** Progress right after `POST /api/bills` answered. */
export function uploadedState(): ProgressState {
  return { phase: 'processing', progress: PROGRESS.uploaded, step: 'File uploaded' };
}

/** Applies one progress report (SSE event or polled bill) to the current state. */
export function applyProgressEvent(state: ProgressState, event: ProgressEvent): ProgressState {
  const floor = (() => {
    switch (event.status) {
      case 'queued':
        return PROGRESS.uploaded;
      case 'processing':
        return PROGRESS.processingStarted;
      case 'processed':
        return PROGRESS.saved;
      case 'failed':
        return 0;
    }
  })();
  if (event.status === 'failed') {
    return { phase: 'error', progress: state.progress, step: stepLabelFor('failed', state.progress) };
  }
  const reported = typeof event.progress === 'number' && Number.isFinite(event.progress) ? event.progress : 0;
  const progress = Math.min(100, Math.max(state.progress, floor, event.status === 'processed' ? PROGRESS.saved : reported));
  const step = event.step ? humanizeStep(event.step) : stepLabelFor(event.status, progress);
  return { phase: event.status === 'processed' ? 'success' : 'processing', progress, step };
}
