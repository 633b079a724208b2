import type { AdminRefundRequest, GuaranteeStatus } from '@wattwise/shared/contract/payments';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { yearlySavingsFoundSinceCents } from '../features/analysis/analysis.service.ts';
import { getUserContact } from '../features/auth/auth.service.ts';
import type { Notifier } from '../features/notifications/notifications.service.ts';
import {
  approveRefundRequest,
  GUARANTEE,
  GUARANTEE_MESSAGES,
  getGuaranteeFacts,
  listRefundRequestsForReview,
  recordRefundRequest,
  type RefundDecisionDeps,
  rejectRefundRequest,
} from '../features/payments/payments.service.ts';
import { getPlan } from '@wattwise/shared/plans';

/**
 * The savings guarantee (01-core §1, §9; issue 11): the yearly savings found on the user's
 * analysed bills since the paid plan started (analysis), against the plan (payments). After
 * 30 days with less than $100 a year found, a refund may be requested; an admin reviews it.
 */
export async function getGuaranteeStatus(db: Db, userId: string, now = new Date()): Promise<GuaranteeStatus> {
  const { subscription, requested, latestRequest } = await getGuaranteeFacts(db, userId);
  const refundRequest = latestRequest
    ? {
        id: latestRequest.id,
        status: latestRequest.status,
        requestedAt: latestRequest.createdAt.toISOString(),
        decidedAt: latestRequest.decidedAt?.toISOString() ?? null,
        refundedCents: latestRequest.refundedCents,
      }
    : null;
  if (!subscription) {
    return { hasGuarantee: false, planStartedAt: null, yearlySavingsCents: 0, minimumYearlyCents: GUARANTEE.minimumYearlyCents, eligibleFrom: null, canRequestRefund: false, refundRequested: false, refundRequest };
  }
  const started = subscription.createdAt;
  const eligibleFrom = new Date(started.getTime() + GUARANTEE.waitDays * 86_400_000);
  const found = await yearlySavingsFoundSinceCents(db, userId, started);
  return {
    hasGuarantee: true,
    planStartedAt: started.toISOString(),
    yearlySavingsCents: found,
    minimumYearlyCents: GUARANTEE.minimumYearlyCents,
    eligibleFrom: eligibleFrom.toISOString(),
    canRequestRefund: !requested && now >= eligibleFrom && found < GUARANTEE.minimumYearlyCents,
    refundRequested: requested,
    refundRequest,
  };
}

export async function requestGuaranteeRefund(db: Db, userId: string, now = new Date()): Promise<GuaranteeStatus> {
  const status = await getGuaranteeStatus(db, userId, now);
  if (status.refundRequested) {
    if (status.refundRequest?.status === 'pending') throw new AppError('ALREADY_REQUESTED', 409, GUARANTEE_MESSAGES.alreadyRequested);
    throw new AppError('ALREADY_DECIDED', 409, GUARANTEE_MESSAGES.alreadyDecided);
  }
  const { subscription } = await getGuaranteeFacts(db, userId);
  if (!status.canRequestRefund || !subscription) throw new AppError('NOT_ELIGIBLE', 409, GUARANTEE_MESSAGES.notEligible);
  await recordRefundRequest(db, userId, subscription.id, status.yearlySavingsCents);
  return getGuaranteeStatus(db, userId, now);
}

/**
 * Admin review of refund requests (owner connection, all users): each with the user's figures —
 * savings found when asked and now, when the plan started, what was paid on it.
 */
export async function listRefundRequestsForAdmin(db: Db, filter: { status?: 'pending'; id?: string }, limit = 200): Promise<AdminRefundRequest[]> {
  const rows = await listRefundRequestsForReview(db, filter, limit);
  return Promise.all(
    rows.map(async ({ request, subscription, amountPaidCents }) => ({
      id: request.id,
      userId: request.userId,
      email: (await getUserContact(db, request.userId))?.email ?? '',
      status: request.status,
      requestedAt: request.createdAt.toISOString(),
      yearlySavingsCentsAtRequest: request.yearlySavingsCents,
      yearlySavingsCents: subscription ? await yearlySavingsFoundSinceCents(db, request.userId, subscription.createdAt) : request.yearlySavingsCents,
      plan: subscription?.plan ?? 'free',
      billingCycle: subscription?.billingCycle ?? null,
      planStartedAt: subscription?.createdAt.toISOString() ?? null,
      amountPaidCents,
      refundedCents: request.refundedCents,
      decidedAt: request.decidedAt?.toISOString() ?? null,
    })),
  );
}

export type RefundReviewDeps = RefundDecisionDeps & { notifier: Pick<Notifier, 'notify'> };

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * An admin's decision on a refund request (payments refunds and cancels, or records the
 * rejection), and the user told in the app and by email, once per request.
 */
export async function decideGuaranteeRefund(deps: RefundReviewDeps, adminId: string, id: string, decision: 'approve' | 'reject'): Promise<AdminRefundRequest[]> {
  const result = decision === 'approve' ? await approveRefundRequest(deps, adminId, id) : await rejectRefundRequest(deps, adminId, id);
  if (result.changed) {
    const { request } = result;
    await deps.notifier.notify(
      request.userId,
      request.status === 'approved'
        ? {
            type: 'other',
            alert: null,
            title: 'Your refund was approved',
            message: `Under the savings guarantee we refunded ${dollars(request.refundedCents ?? 0)} to your card. Your ${result.plan ? getPlan(result.plan).name : 'paid'} plan has ended.`,
            actionUrl: '/payment-dashboard',
            dedupeKey: `guarantee-refund:${id}`,
          }
        : {
            type: 'other',
            alert: null,
            title: 'Your refund request was declined',
            message: 'After review, your savings-guarantee refund request was not approved. Your plan continues; contact Support if you have questions.',
            actionUrl: '/dashboard',
            dedupeKey: `guarantee-refund:${id}`,
          },
    );
  }
  return listRefundRequestsForAdmin(deps.db, { id });
}
