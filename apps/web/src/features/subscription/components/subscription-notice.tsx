import { CheckCircle2Icon, XCircleIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { isBuiltScreen } from '@wattwise/shared/web-routes';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { useSubscription } from '../subscription-context.ts';
import { confirmationRecheckDelayMs, noticeToShow, parseSubscriptionParams, planLabel, SUBSCRIPTION_TIMINGS, type SubscriptionNotice as Notice } from '../lib/subscription-params.ts';

/**
 * Return from checkout (01-core §2): `?subscription=success` shows a toast and the
 * 'Subscription Activated!' modal, clears the query after 3 s and hides the modal after 8 s;
 * `?subscription=canceled` shows a destructive toast and a notice with Try Again, clears the
 * query after 1 s and hides the notice after 8 s.
 */
export function SubscriptionNotice({ isAuthenticated }: { isAuthenticated: boolean }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const subscription = useSubscription();
  const [requested] = useState(() => parseSubscriptionParams(searchParams));
  // 'Subscription Activated!' only once the server confirms an active plan (subscription context).
  const confirmedPlan = subscription.hasActiveSubscription && (subscription.plan === 'basic' || subscription.plan === 'pro') ? subscription.plan : null;
  const settled = !requested || requested.kind === 'canceled' || (!subscription.isLoading && subscription.lastChecked !== null) || subscription.error !== null;
  const [initial, setInitial] = useState<Notice | null | undefined>(undefined);
  const [hidden, setHidden] = useState(false);
  const [rechecks, setRechecks] = useState(0);
  const [unconfirmed, setUnconfirmed] = useState(false);
  // The webhook may lag the redirect: while the plan is not confirmed, check again before deciding.
  const recheckIn = settled && initial === undefined ? confirmationRecheckDelayMs(requested, { confirmedPlan, failed: subscription.error !== null, rechecksDone: rechecks }) : null;
  // Decided once, when the checks have answered (state derived during render, not in an effect).
  if (initial === undefined && settled && recheckIn === null) {
    const decided = noticeToShow(requested, { isAuthenticated, confirmedPlan });
    setInitial(decided);
    if (!decided && requested?.kind === 'success' && isAuthenticated) setUnconfirmed(true);
  }
  const { recheckSubscription } = subscription;
  useEffect(() => {
    if (recheckIn === null) return;
    const timer = window.setTimeout(() => {
      setRechecks((n) => n + 1);
      void recheckSubscription();
    }, recheckIn);
    return () => window.clearTimeout(timer);
  }, [recheckIn, recheckSubscription]);
  const notice = hidden ? null : (initial ?? null);
  const announced = useRef(false);

  useEffect(() => {
    if (!initial || announced.current) return;
    announced.current = true;
    const plan = planLabel(initial.plan);
    if (initial.kind === 'success') {
      toast.success('Subscription activated', { description: `Your ${plan} plan is now active.` });
    } else {
      toast.error('Subscription canceled', { description: 'Checkout was canceled and you were not charged.' });
    }
  }, [initial]);

  useEffect(() => {
    if (!initial) return;
    const isSuccess = initial.kind === 'success';
    const clearQuery = window.setTimeout(
      () => void navigate('/dashboard', { replace: true }),
      isSuccess ? SUBSCRIPTION_TIMINGS.successRedirectMs : SUBSCRIPTION_TIMINGS.canceledQueryClearMs,
    );
    const hide = window.setTimeout(
      () => setHidden(true),
      isSuccess ? SUBSCRIPTION_TIMINGS.successModalHideMs : SUBSCRIPTION_TIMINGS.canceledNoticeHideMs,
    );
    return () => {
      window.clearTimeout(clearQuery);
      window.clearTimeout(hide);
    };
  }, [initial, navigate]);

  if (unconfirmed && !hidden) {
    return (
      <Alert role="status">
        <AlertTitle>Confirming your payment</AlertTitle>
        <AlertDescription>
          <p>Your payment provider has not confirmed the subscription yet. Your plan appears here as soon as it does; you can also refresh the page in a minute.</p>
        </AlertDescription>
      </Alert>
    );
  }

  if (!notice) return null;

  if (notice.kind === 'canceled') {
    return (
      <Alert variant="destructive">
        <XCircleIcon aria-hidden />
        <AlertTitle>Subscription canceled</AlertTitle>
        <AlertDescription>
          <p>Checkout was canceled and you were not charged. You can pick a plan again at any time.</p>
          {isBuiltScreen('/pricing') && (
            <Button variant="outline" size="sm" asChild>
              <Link to="/pricing">Try Again</Link>
            </Button>
          )}
        </AlertDescription>
      </Alert>
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && setHidden(true)}>
      <DialogContent>
        <DialogHeader>
          <CheckCircle2Icon className="size-10 text-brand" aria-hidden />
          <DialogTitle>Subscription Activated!</DialogTitle>
          <DialogDescription>
            Your {planLabel(notice.plan)} plan is active. Upload your bills to start finding savings.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          {isBuiltScreen('/pricing') && (
            <Button variant="outline" asChild>
              <Link to="/pricing" onClick={() => setHidden(true)}>
                View Pricing
              </Link>
            </Button>
          )}
          <Button
            onClick={() => {
              setHidden(true);
              void navigate('/dashboard', { replace: true });
            }}
          >
            Go to Dashboard
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
