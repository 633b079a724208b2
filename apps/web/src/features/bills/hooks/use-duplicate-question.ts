import { useState } from 'react';
import { toast } from 'sonner';
import type { BillSummary, DuplicateAction } from '@wattwise/shared/contract/bills';
import { useResolveDuplicate } from '../api/bills.ts';
import { duplicateQuestion } from '../components/duplicate-dialog.tsx';

/**
 * The question an uploaded bill asks when the same provider, account and period is saved already
 * (upload page and "Save this bill"): whether to ask it, the props of its DuplicateDialog, and
 * `reset` to ask again for the next upload.
 */
export function useDuplicateQuestion(bill: BillSummary | null, saved: boolean) {
  const resolveDuplicate = useResolveDuplicate();
  const [handled, setHandled] = useState(false);
  const open = saved && bill?.duplicateOfId != null && !handled;
  const onChoose = (action: DuplicateAction) => {
    if (!bill) return;
    resolveDuplicate.mutate(
      { billId: bill.id, action },
      {
        onSuccess: () => setHandled(true),
        onError: (error) => toast.error('Could not save your choice', { description: error.message }),
      },
    );
  };
  return {
    open,
    reset: () => setHandled(false),
    dialog: { open, isPending: resolveDuplicate.isPending, description: duplicateQuestion(bill), onChoose },
  };
}
