import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';

/** The upload's refusal past the plan's bills for the month (server: features/bills/plan-allowance.ts). */
export const PLAN_LIMIT_CODE = 'PLAN_LIMIT_REACHED';
import { ApiError } from '@/lib/api-client.ts';
import { followBillProcessing } from '../api/follow-processing.ts';
import { billKeys } from '@/lib/query-keys.ts';
import { useRetryBill } from '../api/bills.ts';
import { useUploadBill, type UploadBillInput } from '../api/upload-bill.ts';
import { applyProgressEvent, INITIAL_PROGRESS, uploadedState, type ProgressState } from '../lib/upload-progress.ts';
import type { BillSummary } from '@wattwise/shared/contract/bills';
import { UPLOAD_MESSAGES } from '../upload-messages.ts';

export interface BillUploadFlow {
  state: ProgressState;
  /** The bill being processed, then the processed bill. */
  bill: BillSummary | null;
  /** Why processing failed, when it did. */
  failure: string | null;
  /** The failure is the plan's monthly limit: offer an upgrade. */
  needsUpgrade: boolean;
  isBusy: boolean;
  upload: (input: UploadBillInput) => void;
  retry: () => void;
  reset: () => void;
}

/**
 * The upload state machine of 01-core §4: idle → uploading → processing (25, 50, 90) →
 * success (100) or error. Messages and toasts are the spec's; the caller opens the sign-in
 * dialog when `onUnauthenticated` is called.
 */
export function useBillUploadFlow({ onUnauthenticated }: { onUnauthenticated: () => void }): BillUploadFlow {
  const queryClient = useQueryClient();
  const uploadMutation = useUploadBill();
  const retryMutation = useRetryBill();
  const [state, setState] = useState<ProgressState>(INITIAL_PROGRESS);
  const [bill, setBill] = useState<BillSummary | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** The plan's bills for this month are used up: the failure offers an upgrade (01-core §6). */
  const [needsUpgrade, setNeedsUpgrade] = useState(false);
  const stopFollowing = useRef<(() => void) | null>(null);
  const retryRef = useRef<() => void>(() => undefined);

  useEffect(() => () => stopFollowing.current?.(), []);

  const follow = useCallback(
    (billId: string) => {
      stopFollowing.current?.();
      stopFollowing.current = followBillProcessing(billId, {
        onProgress: (event) => setState((current) => applyProgressEvent(current, event)),
        onDone: (processed) => {
          setBill(processed);
          setState((current) => applyProgressEvent(current, { status: 'processed', progress: 100 }));
          void queryClient.invalidateQueries({ queryKey: billKeys.all });
        },
        onFailed: (reason) => {
          const message = reason || UPLOAD_MESSAGES.processingFailedFallback;
          setFailure(message);
          setState((current) => applyProgressEvent(current, { status: 'failed' }));
          void queryClient.invalidateQueries({ queryKey: billKeys.all });
          toast.error(UPLOAD_MESSAGES.processingFailedTitle, {
            description: UPLOAD_MESSAGES.processingFailed(message),
            action: { label: 'Retry', onClick: () => retryRef.current() },
          });
        },
      });
    },
    [queryClient],
  );

  const upload = useCallback(
    (input: UploadBillInput) => {
      setFailure(null);
      setBill(null);
      setState({ phase: 'uploading', progress: 0, step: 'Uploading file' });
      uploadMutation.mutate(input, {
        onSuccess: (queued) => {
          setBill(queued);
          setState(uploadedState());
          follow(queued.id);
        },
        onError: (error) => {
          setState(INITIAL_PROGRESS);
          if (error instanceof ApiError && error.status === 401) {
            onUnauthenticated();
            return;
          }
          const message = error.message || UPLOAD_MESSAGES.uploadFailedFallback;
          setFailure(message);
          setNeedsUpgrade(error instanceof ApiError && error.code === PLAN_LIMIT_CODE);
          setState({ phase: 'error', progress: 0, step: '' });
          toast.error(UPLOAD_MESSAGES.uploadFailedTitle, { description: message });
        },
      });
    },
    [follow, onUnauthenticated, uploadMutation],
  );

  const retry = useCallback(() => {
    if (!bill) return;
    setFailure(null);
    retryMutation.mutate(bill.id, {
      onSuccess: (queued) => {
        setBill(queued);
        setState(uploadedState());
        follow(queued.id);
      },
      onError: (error) => {
        toast.error(UPLOAD_MESSAGES.processingFailedTitle, {
          description: UPLOAD_MESSAGES.processingFailed(error.message || UPLOAD_MESSAGES.processingFailedFallback),
        });
      },
    });
  }, [bill, follow, retryMutation]);

  useEffect(() => {
    retryRef.current = retry;
  }, [retry]);

  const reset = useCallback(() => {
    stopFollowing.current?.();
    stopFollowing.current = null;
    setState(INITIAL_PROGRESS);
    setBill(null);
    setFailure(null);
  }, []);

  return {
    state,
    bill,
    failure,
    needsUpgrade,
    isBusy: state.phase === 'uploading' || state.phase === 'processing' || retryMutation.isPending,
    upload,
    retry,
    reset,
  };
}
