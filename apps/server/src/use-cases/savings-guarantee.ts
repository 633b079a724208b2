import type { GuaranteeStatus } from '@wattwise/shared/contract/payments';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { yearlySavingsFoundSinceCents } from '../features/analysis/analysis.service.ts';
import { GUARANTEE, GUARANTEE_MESSAGES, getGuaranteeFacts, recordRefundRequest } from '../features/payments/payments.service.ts';

/**
 * The savings guarantee (01-core §1, §9; issue 11): the yearly savings found on the user's
 * analysed bills since the paid plan started (analysis), against the plan (payments). After
 * 30 days with less than $100 a year found, a refund may be requested.
 */
export async function getGuaranteeStatus(db: Db, userId: string, now = new Date()): Promise<GuaranteeStatus> {
  const { subscription, requested } = await getGuaranteeFacts(db, userId);
  if (!subscription) {
    return { hasGuarantee: false, planStartedAt: null, yearlySavingsCents: 0, minimumYearlyCents: GUARANTEE.minimumYearlyCents, eligibleFrom: null, canRequestRefund: false, refundRequested: false };
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
  };
}

export async function requestGuaranteeRefund(db: Db, userId: string, now = new Date()): Promise<GuaranteeStatus> {
  const status = await getGuaranteeStatus(db, userId, now);
  if (status.refundRequested) throw new AppError('ALREADY_REQUESTED', 409, GUARANTEE_MESSAGES.alreadyRequested);
  const { subscription } = await getGuaranteeFacts(db, userId);
  if (!status.canRequestRefund || !subscription) throw new AppError('NOT_ELIGIBLE', 409, GUARANTEE_MESSAGES.notEligible);
  await recordRefundRequest(db, userId, subscription.id, status.yearlySavingsCents);
  return { ...status, canRequestRefund: false, refundRequested: true };
}
