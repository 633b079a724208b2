import { AlertCircleIcon, CheckCircle2Icon, RotateCcwIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { Progress } from '@/components/ui/progress.tsx';
import { formatAmountDue, formatDate, MISSING_VALUE } from '@/lib/format.ts';
import type { ProgressState } from '../lib/upload-progress.ts';
import type { BillSummary } from '@wattwise/shared/contract/bills';
import { UPLOAD_MESSAGES } from '../upload-messages.ts';

export function UploadProgress({ state }: { state: ProgressState }) {
  return (
    <div className="grid gap-2" role="status" aria-live="polite">
      <div className="flex items-center justify-between text-sm">
        <span>{state.step || 'Working…'}</span>
        <span className="text-muted-foreground tabular-nums">{state.progress}%</span>
      </div>
      <Progress value={state.progress} aria-label="Upload progress" />
    </div>
  );
}

export function UploadFailure({ message, canRetry, onRetry, upgradeHref }: { message: string; canRetry: boolean; onRetry: () => void; upgradeHref?: string }) {
  return (
    <div role="alert" className="grid gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm">
      <p className="flex items-center gap-2 font-medium text-destructive">
        <AlertCircleIcon className="size-4" aria-hidden />
        {canRetry ? UPLOAD_MESSAGES.processingFailedTitle : UPLOAD_MESSAGES.uploadFailedTitle}
      </p>
      <p>{canRetry ? UPLOAD_MESSAGES.processingFailed(message) : message}</p>
      {upgradeHref ? (
        <Button className="w-fit" asChild>
          <Link to={upgradeHref}>Upgrade</Link>
        </Button>
      ) : null}
      {canRetry && (
        <Button variant="outline" className="w-fit" onClick={onRetry}>
          <RotateCcwIcon aria-hidden />
          Retry
        </Button>
      )}
    </div>
  );
}

/** 'Upload Successful' with what was read off the bill; the page redirects after 3 s unless the user stays. */
export function UploadSuccess({ bill, willRedirect, onUploadAnother }: { bill: BillSummary; willRedirect: boolean; onUploadAnother: () => void }) {
  const provider = bill.utilityProvider && bill.utilityProvider !== 'Unknown' ? bill.utilityProvider : 'Not found on the bill';
  return (
    <div className="grid gap-5 text-center" role="status">
      <CheckCircle2Icon className="mx-auto size-12 text-brand" aria-hidden />
      <div>
        <h2 className="text-xl font-semibold">{UPLOAD_MESSAGES.successTitle}</h2>
        <p className="text-muted-foreground">Your bill was read and saved.</p>
      </div>
      <dl className="grid gap-3 rounded-lg border bg-background p-4 text-left sm:grid-cols-3">
        <div>
          <dt className="text-xs font-medium text-muted-foreground uppercase">Provider</dt>
          <dd className="font-medium">{provider}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-muted-foreground uppercase">Amount</dt>
          {bill.totalAmount == null ? (
            <dd className="font-medium">
              {MISSING_VALUE} —{' '}
              <Link className="text-accent underline-offset-4 hover:underline" to={`/dashboard/bills/${encodeURIComponent(bill.id)}#edit-totalAmount`}>
                add it
              </Link>
            </dd>
          ) : (
            <dd className="text-lg font-semibold tabular-nums">{formatAmountDue(bill.totalAmount)}</dd>
          )}
        </div>
        <div>
          <dt className="text-xs font-medium text-muted-foreground uppercase">Due date</dt>
          <dd className="font-medium">{formatDate(bill.dueDate) ?? 'Not found on the bill'}</dd>
        </div>
      </dl>
      {willRedirect && <p className="text-sm text-muted-foreground">Taking you to your dashboard…</p>}
      <div className="flex flex-col justify-center gap-2 sm:flex-row">
        <Button variant="outline" onClick={onUploadAnother}>
          Upload Another Bill
        </Button>
        <Button asChild>
          <Link to={`/dashboard/bills/${encodeURIComponent(bill.id)}`}>View bill details</Link>
        </Button>
      </div>
    </div>
  );
}
