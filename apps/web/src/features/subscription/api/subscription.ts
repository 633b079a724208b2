import type { BillAllowanceDto, CheckoutRequest, PlanSignUpInput, PlanSignUpResult, SubscriptionStatus } from '@wattwise/shared/contract/payments';
import { api } from '@/lib/api-client.ts';

export const subscriptionKeys = {
  all: ['subscription'] as const,
  status: () => [...subscriptionKeys.all, 'status'] as const,
  allowance: () => [...subscriptionKeys.all, 'allowance'] as const,
};

/** The browser's time zone: bills count per calendar month in it. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The spec's check-subscription (GET /api/subscription). */
export const fetchSubscriptionStatus = (signal?: AbortSignal) => api.get<SubscriptionStatus>('/api/subscription', { signal });

/** The spec's create-checkout for a signed-in user; the human check travels in its header. */
export const createCheckout = (input: CheckoutRequest, captcha: string) =>
  api.post<{ url: string }>('/api/checkout', input, { headers: { 'x-captcha-response': captcha } });

/** The pricing dialog's sign-up for a visitor: the account, this browser signed in, and a checkout URL for a paid plan. */
export const planSignUp = (input: PlanSignUpInput, captcha: string) =>
  api.post<PlanSignUpResult>('/api/plan-sign-up', input, { headers: { 'x-captcha-response': captcha } });

export const fetchBillAllowance = () => api.get<BillAllowanceDto>('/api/bills/allowance');

/** Cancel the paid plan at the end of the period, or keep it renewing: both answer the new status. */
export const cancelAtPeriodEnd = () => api.post<SubscriptionStatus>('/api/subscription/cancel', {});
export const resumeSubscription = () => api.post<SubscriptionStatus>('/api/subscription/resume', {});
/** Stripe's Customer Portal (payment method, plan, invoices); 409 on the built-in test checkout. */
export const openCustomerPortal = () => api.post<{ url: string }>('/api/subscription/portal', {});
