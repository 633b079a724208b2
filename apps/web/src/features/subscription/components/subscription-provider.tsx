import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SubscriptionStatus } from '@wattwise/shared/contract/payments';
import { useAuth } from '@/hooks/use-auth.ts';
import { fetchSubscriptionStatus, subscriptionKeys } from '../api/subscription.ts';
import { errorMessageOf, retryDelayMs, shouldToastFailure, SUBSCRIPTION_CHECK } from '../lib/subscription-check.ts';
import { EMPTY_SUBSCRIPTION, SubscriptionContext, type SubscriptionState } from '../subscription-context.ts';

type Trigger = 'initial' | 'interval' | 'manual' | 'retry' | 'confirm';
type Checked = { userId: string | null; status: SubscriptionStatus | null; isLoading: boolean; error: string | null; lastChecked: Date | null };

/**
 * The subscription check of 01-core §4: on sign-in and every 10 minutes, one request at a time;
 * a failure retries silently up to 3 times (2 s doubling, at most 60 s), the first failure clears
 * the subscription and plan, and only the first check and a manual one toast an error. Signed
 * out, everything is cleared.
 */
export function SubscriptionProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const queryClient = useQueryClient();
  const [checked, setChecked] = useState<Checked>({ userId: null, status: null, isLoading: false, error: null, lastChecked: null });
  const inFlight = useRef(false);
  const retryTimer = useRef<number | undefined>(undefined);
  const activeUser = useRef<string | null>(null);

  const check = useCallback(
    (first: Trigger): Promise<void> => {
      const run = async (trigger: Trigger, attempt: number): Promise<void> => {
      const forUser = activeUser.current;
      if (!forUser || inFlight.current) return;
      inFlight.current = true;
      setChecked((c) => ({ ...c, userId: forUser, isLoading: true }));
      try {
        const status = await fetchSubscriptionStatus();
        if (activeUser.current !== forUser) return;
        queryClient.setQueryData(subscriptionKeys.status(), status);
        setChecked({ userId: forUser, status, isLoading: false, error: null, lastChecked: new Date() });
      } catch (error) {
        if (activeUser.current !== forUser) return;
        // The messages load with the first failure: this provider is in every page's first load (decision 040).
        const { PAYMENT_MESSAGES } = await import('@wattwise/shared/payment-messages');
        if (activeUser.current !== forUser) return;
        const message = errorMessageOf(error) || PAYMENT_MESSAGES.subscriptionCheckFailed;
        setChecked((c) => ({ userId: forUser, status: attempt === 0 ? null : c.status, isLoading: false, error: message, lastChecked: c.lastChecked }));
        if (shouldToastFailure(trigger)) {
          // sonner loads on first use: this provider is in the app's entry (docs/decisions/040).
          void import('sonner').then(({ toast }) =>
            toast.error(PAYMENT_MESSAGES.subscriptionErrorTitle, { description: PAYMENT_MESSAGES.subscriptionErrorDescription }),
          );
        }
        if (attempt < SUBSCRIPTION_CHECK.retries) {
          window.clearTimeout(retryTimer.current);
          retryTimer.current = window.setTimeout(() => void run('retry', attempt + 1), retryDelayMs(attempt + 1));
        }
      } finally {
        inFlight.current = false;
      }
      };
      return run(first, 0);
    },
    [queryClient],
  );

  useEffect(() => {
    activeUser.current = userId;
    window.clearTimeout(retryTimer.current);
    if (!userId) return;
    void check('initial');
    const interval = window.setInterval(() => void check('interval'), SUBSCRIPTION_CHECK.refreshMs);
    return () => {
      window.clearInterval(interval);
      window.clearTimeout(retryTimer.current);
    };
  }, [userId, check]);

  const value = useMemo<SubscriptionState>(() => {
    // Signed out (or another user's answer still in state): nothing is known.
    if (!userId || checked.userId !== userId) return { ...EMPTY_SUBSCRIPTION, isLoading: userId !== null, checkSubscription: () => check('manual'), recheckSubscription: () => check('confirm') };
    return {
      hasActiveSubscription: checked.status?.hasActiveSubscription ?? false,
      subscription: checked.status?.subscription ?? null,
      plan: checked.status?.plan ?? null,
      canManage: checked.status?.canManage ?? false,
      isLoading: checked.isLoading || (checked.status === null && checked.error === null),
      error: checked.error,
      lastChecked: checked.lastChecked,
      checkSubscription: () => check('manual'),
      recheckSubscription: () => check('confirm'),
    };
  }, [userId, checked, check]);

  return <SubscriptionContext.Provider value={value}>{children}</SubscriptionContext.Provider>;
}
