import { AlertDialog, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from '@/components/ui/alert-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import type { DuplicateAction } from '@wattwise/shared/contract/bills';
import { formatDate } from '@/lib/format.ts';

interface DuplicateDialogProps {
  open: boolean;
  isPending: boolean;
  description: string;
  onChoose: (action: DuplicateAction) => void;
}

type BillNames = { utilityProvider?: string | null; accountNumber?: string | null; servicePeriodEnd?: string | null };

/** The dialog's question about the bill already saved; parts not read are left out, not shown blank. */
export function duplicateQuestion(bill: BillNames | null | undefined): string {
  const account = bill?.accountNumber ? ` for account ${bill.accountNumber}` : '';
  const ending = bill?.servicePeriodEnd ? ` ending ${formatDate(bill.servicePeriodEnd)}` : '';
  return `A bill from ${bill?.utilityProvider ?? 'this provider'}${account}${ending} is already saved. Should this upload replace it?`;
}

/** The same provider, account and period was uploaded before: replace the earlier bill or keep both. */
export function DuplicateDialog({ open, isPending, description, onChoose }: DuplicateDialogProps) {
  return (
    <AlertDialog open={open}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>This bill looks like one you uploaded before</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <Button variant="outline" disabled={isPending} onClick={() => onChoose('keep_both')}>
            Keep both
          </Button>
          <Button disabled={isPending} onClick={() => onChoose('replace')}>
            Replace earlier bill
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
