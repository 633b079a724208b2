import { createContext, useContext } from 'react';
import type { PlanId } from '@wattwise/shared/plans';
import type { Subscription } from '@wattwise/shared/contract/payments';

/** The client's subscription state (01-core §3): the server's answer plus loading, error and when it was checked. */
export type SubscriptionState = {
  hasActiveSubscription: boolean;
  subscription: Subscription | null;
  plan: PlanId | null;
  canManage: boolean;
  isLoading: boolean;
  error: string | null;
  lastChecked: Date | null;
  /** A check the user asked for (shows an error toast on failure). */
  checkSubscription: () => Promise<void>;
  /** A silent check (no toast), e.g. while a payment's webhook may still be on its way. */
  recheckSubscription: () => Promise<void>;
};

export const EMPTY_SUBSCRIPTION: SubscriptionState = {
  hasActiveSubscription: false,
  subscription: null,
  plan: null,
  canManage: false,
  isLoading: false,
  error: null,
  lastChecked: null,
  checkSubscription: () => Promise.resolve(),
  recheckSubscription: () => Promise.resolve(),
};

export const SubscriptionContext = createContext<SubscriptionState>(EMPTY_SUBSCRIPTION);

export function useSubscription(): SubscriptionState {
  return useContext(SubscriptionContext);
}
