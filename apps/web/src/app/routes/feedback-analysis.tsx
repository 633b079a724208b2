import { ADMIN_MESSAGES } from '@wattwise/shared/contract/admin';
import { AdminGate } from '@/features/admin/components/admin-gate.tsx';
import { FeedbackAnalysisView } from '@/features/feedback-analysis/components/feedback-analysis-page.tsx';

/** 02-tools §2.17 and §8: this page's own wording for a refused or failed admin check. */
const FEEDBACK_GATE = { denied: ADMIN_MESSAGES.feedbackNoPermission, failed: ADMIN_MESSAGES.feedbackAuthError };

/** /feedback-analysis: admins only (the server decides); others get the spec's toast and go to /dashboard. */
export function FeedbackAnalysisPage() {
  return (
    <AdminGate messages={FEEDBACK_GATE}>
      <FeedbackAnalysisView />
    </AdminGate>
  );
}
