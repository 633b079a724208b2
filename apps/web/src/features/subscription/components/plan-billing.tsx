import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getPlan } from '@wattwise/shared/plans';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { cancelAtPeriodEnd, fetchBillAllowance, openCustomerPortal, resumeSubscription, subscriptionKeys } from '../api/subscription.ts';
import { useSubscription } from '../subscription-context.ts';

const longDate = (iso: string) => new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(iso));
const money = (cents: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

/**
 * "Plan & billing" in /settings: the plan, when it renews or ends, this month's bills against the
 * allowance, Cancel at period end / Resume, Change plan, and the card through Stripe's portal.
 */
export function PlanBilling() {
  const sub = useSubscription();
  const client = useQueryClient();
  const allowance = useQuery({ queryKey: subscriptionKeys.allowance(), queryFn: fetchBillAllowance, staleTime: 0 });
  const change = useMutation({
    mutationFn: (cancel: boolean) => (cancel ? cancelAtPeriodEnd() : resumeSubscription()),
    onSuccess: async (_status, cancel) => {
      await Promise.all([sub.recheckSubscription(), client.invalidateQueries({ queryKey: subscriptionKeys.all })]);
      toast.success(cancel ? 'Your plan will end at the end of the period' : 'Your plan renews again');
    },
    onError: (error) => toast.error(error.message),
  });
  const portal = useMutation({
    mutationFn: openCustomerPortal,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => toast.error(error.message),
  });
  if (sub.isLoading && !sub.lastChecked) return <Skeleton className="h-32 w-full" />;
  const planId = sub.plan ?? 'free';
  const plan = getPlan(planId);
  const s = sub.hasActiveSubscription ? sub.subscription : null;
  return (
    <div className="grid gap-4 text-sm" data-testid="plan-billing">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-base font-semibold">{plan.name} plan</span>
        {s && <Badge variant={s.cancelAtPeriodEnd ? 'warning' : 'success'}>{s.cancelAtPeriodEnd ? 'Ends at period end' : 'Active'}</Badge>}
      </div>
      {s ? (
        <p>
          {money(s.amountCents, s.currency)} per {s.billingCycle === 'annual' ? 'year' : 'month'}.{' '}
          {s.cancelAtPeriodEnd ? (
            <strong>Ends on {longDate(s.currentPeriodEnd)}</strong>
          ) : (
            <>Renews on {longDate(s.currentPeriodEnd)}</>
          )}
          .
        </p>
      ) : (
        <p className="text-muted-foreground">No paid plan: nothing is charged.</p>
      )}
      {allowance.data && (
        <p data-testid="plan-usage">
          This month: {allowance.data.used} {allowance.data.used === 1 ? 'bill' : 'bills'} uploaded
          {allowance.data.limit === null ? ' (no monthly limit)' : ` of ${allowance.data.limit} allowed`}.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {s && !s.cancelAtPeriodEnd && (
          <Button variant="outline" disabled={change.isPending} onClick={() => change.mutate(true)}>
            Cancel at Period End
          </Button>
        )}
        {s?.cancelAtPeriodEnd && (
          <Button disabled={change.isPending} onClick={() => change.mutate(false)}>
            Resume Plan
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to="/pricing">{s ? 'Change Plan' : 'Upgrade'}</Link>
        </Button>
        {sub.canManage && (
          <Button variant="outline" disabled={portal.isPending} onClick={() => portal.mutate()}>
            Manage Payment Method
          </Button>
        )}
      </div>
      {s && !sub.canManage && <p className="text-xs text-muted-foreground">Paid through the built-in test checkout: no card is stored, so there is no payment method to manage.</p>}
    </div>
  );
}
