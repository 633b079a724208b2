import type { BillAllowanceDto } from '@wattwise/shared/contract/payments';
import { billAllowance, billLimitMessage, calendarMonthIn } from '@wattwise/shared/entitlements';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { getEntitlementPlan } from '../payments/payments.service.ts';
import { countBillsUploadedBetween } from './bills.queries.ts';

/** Where the refusal's 'Upgrade' link goes. */
export const UPGRADE_PATH = '/pricing';

/**
 * The month's bill allowance of the user's plan (free 1, basic 5, pro unlimited; 01-core §9),
 * counted over the calendar month in the user's own time zone. Where this install does not
 * enforce plan limits (PLAN_LIMITS off, or no payment provider to upgrade with), every plan is
 * unlimited: the answer says so rather than show a limit nothing applies.
 */
export async function getBillAllowance(db: Db, userId: string, options: { enforced: boolean; now?: Date }): Promise<BillAllowanceDto> {
  const { plan, timeZone } = await getEntitlementPlan(db, userId);
  const month = calendarMonthIn(options.now ?? new Date(), timeZone);
  const used = await countBillsUploadedBetween(db, userId, month.start, month.end);
  return { ...billAllowance(plan, used, options.enforced), month: month.month, timeZone };
}

/** 403 with the upgrade message (and its link) when the month's allowance is used up. */
export async function assertWithinPlan(db: Db, userId: string, now = new Date()): Promise<void> {
  const allowance = await getBillAllowance(db, userId, { enforced: true, now });
  if (!allowance.canUpload) {
    throw new AppError('PLAN_LIMIT_REACHED', 403, billLimitMessage(allowance.plan), { upgradeUrl: UPGRADE_PATH, limit: allowance.limit, used: allowance.used, month: allowance.month });
  }
}
