import type { FeedbackInput } from '@wattwise/shared/contract/feedback';
import { toast } from 'sonner';
import { useSubmitFeedback } from '../api/feedback.ts';
import { ANALYSIS_MESSAGES } from '../messages.ts';

/**
 * Sends a feedback dialog's input and says how it went (the toasts of both feedback dialogs);
 * `onSent` closes the dialog that sent it.
 */
export function useSendFeedback(onSent: () => void) {
  const submit = useSubmitFeedback();
  const send = (input: FeedbackInput) =>
    submit.mutate(input, {
      onSuccess: () => {
        toast.success(ANALYSIS_MESSAGES.feedbackThanks);
        onSent();
      },
      onError: () => toast.error(ANALYSIS_MESSAGES.feedbackFailedTitle, { description: ANALYSIS_MESSAGES.feedbackFailed }),
    });
  return { send, pending: submit.isPending };
}
