import { AlertDialog, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from '@/components/ui/alert-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import type { DuplicateAction } from '@wattwise/shared/contract/bills';

interface DuplicateDialogProps {
  open: boolean;
  isPending: boolean;
  description: string;
  onChoose: (action: DuplicateAction) => void;
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
