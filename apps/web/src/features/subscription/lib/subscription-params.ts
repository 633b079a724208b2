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

/**
 * The notice to show for the return from checkout. The query string alone proves nothing (anyone
 * can type `?subscription=success&plan=pro`), so 'Subscription Activated!' appears only when the
 * server confirms an active subscription of that plan; the canceled notice only to a signed-in
 * user. Until the server reports subscriptions (`confirmedPlan` always null), no success shows.
 */
export function noticeToShow(
  notice: SubscriptionNotice | null,
  context: { isAuthenticated: boolean; confirmedPlan: SubscriptionPlan | null },
): SubscriptionNotice | null {
  if (!notice || !context.isAuthenticated) return null;
  if (notice.kind === 'canceled') return notice;
  return context.confirmedPlan !== null && (notice.plan === null || notice.plan === context.confirmedPlan) ? { ...notice, plan: context.confirmedPlan } : null;
}

/**
 * After `?subscription=success` the webhook that activates the plan may land after the redirect
 * (Stripe sends it on its own time). While the server has not confirmed the plan yet, the page
 * checks again silently with the spec's retry timings (2 s doubling, 3 times, at most 60 s) before
 * deciding; the delay before re-check number `recheck` (1-based), or null when it is time to decide.
 */
export function confirmationRecheckDelayMs(
  notice: SubscriptionNotice | null,
  context: { confirmedPlan: SubscriptionPlan | null; failed: boolean; rechecksDone: number },
): number | null {
  if (notice?.kind !== 'success' || context.confirmedPlan !== null || context.failed || context.rechecksDone >= CONFIRMATION_RECHECKS) return null;
  return Math.min(2000 * 2 ** context.rechecksDone, 60_000);
}

/** Silent re-checks after a successful checkout before the page stops waiting for the plan. */
export const CONFIRMATION_RECHECKS = 3;
