import { getPlan, planDialogTitle, type PlanId } from '@wattwise/shared/plans';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { formatMoney } from '@/lib/format.ts';

/**
 * The pricing dialog of a paid plan for a signed-in user (01-core §2). Online checkout is the
 * payments work (issue 11): until it lands, the dialog says so and never reports a payment.
 */
export function PlanDialog({ plan, isAnnual, onClose }: { plan: PlanId; isAnnual: boolean; onClose: () => void }) {
  const details = getPlan(plan);
  const price = isAnnual ? `${formatMoney(details.annualCents / 100)}/year` : `${formatMoney(details.monthlyCents / 100)}/month`;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{planDialogTitle(plan)}</DialogTitle>
          <DialogDescription>
            {details.name} plan, {price}.
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm">
          Online payment is not open yet on this Wattwise. Your account stays on the Free plan, and nothing is charged.
        </p>
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </DialogContent>
    </Dialog>
  );
}
