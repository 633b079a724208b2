import type { Rebate } from '@wattwise/shared/contract/rebates';
import { Loader2Icon } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { useExplanation } from '../api/rebates.ts';
import { REBATE_MESSAGES } from '../messages.ts';
import { ErrorBox } from './error-box.tsx';

/** 'Simplified Details': a plain summary plus the original description. */
export function ExplainDialog({ rebate, onClose }: { rebate: Rebate | null; onClose: () => void }) {
  const explanation = useExplanation(rebate?.id ?? '', rebate !== null);
  return (
    <Dialog open={rebate !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Simplified Details</DialogTitle>
          <DialogDescription>{rebate?.programName}</DialogDescription>
        </DialogHeader>
        {explanation.isPending && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2Icon className="size-4 animate-spin" aria-hidden /> Simplifying…
          </p>
        )}
        {explanation.isError && <ErrorBox message={REBATE_MESSAGES.explainFailed} onRetry={() => void explanation.refetch()} />}
        {explanation.data && (
          <div className="grid gap-4 text-sm">
            <section>
              <h3 className="font-semibold">In short</h3>
              <p>{explanation.data.summary}</p>
            </section>
            <section>
              <h3 className="font-semibold">Original</h3>
              <p className="text-muted-foreground">{explanation.data.original}</p>
            </section>
            <p className="text-xs text-muted-foreground">Answered by: {explanation.data.engine}</p>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
