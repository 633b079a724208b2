import { Loader2Icon, SaveIcon } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { useBillUploadFlow } from '../hooks/use-bill-upload-flow.ts';
import { useDuplicateQuestion } from '../hooks/use-duplicate-question.ts';
import { UPLOAD_MESSAGES } from '../upload-messages.ts';
import { DuplicateDialog } from './duplicate-dialog.tsx';

/**
 * 'Save this bill' after a bill was only read (the payment page's 'Read from bill'): the ordinary
 * upload of that file — the month's allowance, the reading, and the duplicate prompt when the
 * same provider, account and period is saved already.
 */
export function SaveReadBill({ file }: { file: File }) {
  const flow = useBillUploadFlow({ onUnauthenticated: () => toast.error(UPLOAD_MESSAGES.authRequiredTitle, { description: UPLOAD_MESSAGES.authRequiredBody }) });
  const { phase } = flow.state;
  const saved = phase === 'success' && flow.bill !== null;
  const duplicate = useDuplicateQuestion(flow.bill, saved);
  const askDuplicate = duplicate.open;

  return (
    <div className="flex flex-wrap items-center gap-3" aria-live="polite">
      {saved && !askDuplicate ? (
        <p className="text-sm">
          Bill saved.{' '}
          <Link to="/dashboard" className="font-medium text-primary underline underline-offset-4">
            See it on your dashboard
          </Link>
        </p>
      ) : (
        <>
          <Button type="button" variant="secondary" disabled={flow.isBusy || askDuplicate} onClick={() => flow.upload({ file, propertyType: 'residential', billType: 'electricity' })}>
            {flow.isBusy ? <Loader2Icon className="animate-spin" aria-hidden /> : <SaveIcon aria-hidden />}
            {flow.isBusy ? 'Saving your bill…' : 'Save this bill'}
          </Button>
          <p className="text-sm text-muted-foreground">
            {phase === 'error' && flow.failure ? flow.failure : 'Reading it kept nothing. Save it to track it on your dashboard; it counts toward this month’s bills.'}
          </p>
        </>
      )}
      <DuplicateDialog {...duplicate.dialog} />
    </div>
  );
}
