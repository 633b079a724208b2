import { getPlan, type PlanId } from './plans.ts';

/**
 * Entitlement rules of the plans (01-core §6, §9), pure so the server's upload check and the
 * upload page's figures agree: bills count per calendar month in the user's own time zone.
 */

/** True for an IANA zone name this runtime knows ('America/Chicago'); anything else falls back to UTC. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone }).format(0);
    return true;
  } catch {
    return false;
  }
}

/** Milliseconds the zone is ahead of UTC at `instant`. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a wall-clock time in `timeZone` happens (the later one across a DST change is never needed for midnights on the 1st). */
function zonedTimeToInstant(year: number, monthIndex: number, day: number, timeZone: string): Date {
  const guess = Date.UTC(year, monthIndex, day);
  const first = guess - zoneOffsetMs(guess, timeZone);
  // A second pass settles the offset when the guess fell on the other side of a change.
  return new Date(guess - zoneOffsetMs(first, timeZone));
}

/** The calendar month containing `now` in `timeZone`: [start, end) as instants, and its 'YYYY-MM' label. */
export function calendarMonthIn(now: Date, timeZone: string): { start: Date; end: Date; month: string } {
  const zone = isKnownTimeZone(timeZone) ? timeZone : 'UTC';
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric' }).formatToParts(now);
  const year = Number(parts.find((p) => p.type === 'year')?.value);
  const month = Number(parts.find((p) => p.type === 'month')?.value);
  return {
    start: zonedTimeToInstant(year, month - 1, 1, zone),
    end: zonedTimeToInstant(month === 12 ? year + 1 : year, month === 12 ? 0 : month, 1, zone),
    month: `${year}-${String(month).padStart(2, '0')}`,
  };
}

export type BillAllowance = {
  plan: PlanId;
  /** Bills the plan allows per month; null is unlimited. */
  limit: number | null;
  used: number;
  /** null when unlimited. */
  remaining: number | null;
  canUpload: boolean;
};

/**
 * What the plan still allows this month, given the bills already uploaded in it. Where the install
 * enforces no plan limits (`enforced` false), every plan is unlimited.
 */
export function billAllowance(plan: PlanId, usedThisMonth: number, enforced = true): BillAllowance {
  const limit = enforced ? getPlan(plan).billsPerMonth : null;
  const remaining = limit === null ? null : Math.max(0, limit - usedThisMonth);
  return { plan, limit, used: usedThisMonth, remaining, canUpload: remaining === null || remaining > 0 };
}

/** The refusal the upload shows past the month's limit, with its 'Upgrade' link to /pricing. */
export function billLimitMessage(plan: PlanId): string {
  const { name, billsPerMonth } = getPlan(plan);
  const bills = billsPerMonth === 1 ? '1 bill' : `${billsPerMonth ?? 0} bills`;
  return `Your ${name} plan includes ${bills} per month, and you have used them all this month. Upgrade your plan to upload more bills.`;
}

/** Subscription statuses that grant the paid plan (the provider's words). */
export const ACTIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing'] as const;

export function isActiveSubscriptionStatus(status: string): boolean {
  return (ACTIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
}
