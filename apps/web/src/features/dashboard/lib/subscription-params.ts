export type SubscriptionPlan = 'basic' | 'pro';

export type SubscriptionNotice =
  | { kind: 'success'; plan: SubscriptionPlan | null }
  | { kind: 'canceled'; plan: SubscriptionPlan | null };

/** Timings of 01-core §2. */
export const SUBSCRIPTION_TIMINGS = {
  successRedirectMs: 3000,
  successModalHideMs: 8000,
  canceledQueryClearMs: 1000,
  canceledNoticeHideMs: 8000,
} as const;

/** Reads `?subscription=success|canceled&plan=basic|pro` after checkout; anything else is ignored. */
export function parseSubscriptionParams(params: URLSearchParams): SubscriptionNotice | null {
  const status = params.get('subscription');
  const planParam = params.get('plan');
  const plan: SubscriptionPlan | null = planParam === 'basic' || planParam === 'pro' ? planParam : null;
  if (status === 'success') return { kind: 'success', plan };
  if (status === 'canceled' || status === 'cancelled') return { kind: 'canceled', plan };
  return null;
}

export function planLabel(plan: SubscriptionPlan | null): string {
  return plan === 'pro' ? 'Pro' : plan === 'basic' ? 'Basic' : 'paid';
}
