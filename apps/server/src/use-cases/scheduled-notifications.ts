import type { Db } from '../db/client.ts';
import { listBillsDueOn, listUsersWithBills } from '../features/bills/bills.service.ts';
import { type Notifier, seasonalTipOf } from '../features/notifications/notifications.service.ts';
import { listApplicationsClosingBetween } from '../features/rebates/rebates.service.ts';
import { z } from 'zod';
import type { Logger } from '../platform/logger.ts';
import type { JobDefinition } from '../platform/queue.ts';
import { type MonthlySummaryDeps, sendMonthlySummaries } from './monthly-summary.ts';

/** A due date this many days ahead gets its reminder. */
export const DUE_SOON_DAYS = 3;
/** An application whose programme closes within this many days gets its reminder. */
export const REBATE_CLOSING_DAYS = 14;

export type ScheduledDeps = {
  db: Db;
  notifier: Notifier;
  logger: Logger;
  /** The monthly summary email, sent from this day of the month (UTC) on; absent, not sent. */
  monthlySummary?: { deps: MonthlySummaryDeps; day: number };
};

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** Daily: bills due in three days. Deduplicated per bill, so running it more often is harmless. */
export async function notifyBillsDueSoon(deps: ScheduledDeps, today: string): Promise<number> {
  const day = addDays(today, DUE_SOON_DAYS);
  let sent = 0;
  for (const bill of await listBillsDueOn(deps.db, day)) {
    const who = bill.utilityProvider && bill.utilityProvider !== 'Unknown' ? `${bill.utilityProvider} bill` : 'bill';
    const amount = bill.totalAmount === null ? '' : ` of ${money.format(bill.totalAmount)}`;
    const result = await deps.notifier.notify(bill.userId, {
      type: 'forecast',
      alert: 'billForecasts',
      title: 'Bill due in 3 days',
      message: `Your ${who}${amount} is due on ${formatDay(day)}.`,
      actionUrl: `/dashboard/bills/${bill.id}`,
      dedupeKey: `due:${bill.id}:${day}`,
    });
    if (result) sent += 1;
  }
  return sent;
}

/** Monthly: one seasonal tip per user with bills, for the month of `today`. */
export async function notifySeasonalTips(deps: ScheduledDeps, today: string): Promise<number> {
  const month = today.slice(0, 7);
  const tip = seasonalTipOf(Number(month.slice(5, 7)));
  let sent = 0;
  for (const userId of await listUsersWithBills(deps.db)) {
    const result = await deps.notifier.notify(userId, { type: 'seasonal', alert: 'seasonalTips', title: tip.title, message: tip.message, actionUrl: '/dashboard', dedupeKey: `seasonal:${month}` });
    if (result) sent += 1;
  }
  return sent;
}

/** Daily: tracked applications whose programme closes within two weeks. */
export async function notifyRebatesClosing(deps: ScheduledDeps, today: string): Promise<number> {
  let sent = 0;
  for (const app of await listApplicationsClosingBetween(deps.db, today, addDays(today, REBATE_CLOSING_DAYS))) {
    if (!app.expirationDate) continue;
    const result = await deps.notifier.notify(app.userId, {
      type: 'application',
      alert: 'savingsOpportunities',
      title: 'Rebate closing soon',
      message: `${app.programName} closes on ${formatDay(app.expirationDate)}. Finish your application before then.`,
      actionUrl: '/applications',
      dedupeKey: `rebate-closing:${app.id}:${app.expirationDate}`,
    });
    if (result) sent += 1;
  }
  return sent;
}

/** Every scheduled producer once, for `now` (UTC day). */
export async function runScheduledNotifications(deps: ScheduledDeps, now = new Date()): Promise<{ dueSoon: number; seasonal: number; rebatesClosing: number; monthlySummaries: number }> {
  const today = now.toISOString().slice(0, 10);
  const monthly = deps.monthlySummary;
  return {
    dueSoon: await notifyBillsDueSoon(deps, today),
    seasonal: await notifySeasonalTips(deps, today),
    rebatesClosing: await notifyRebatesClosing(deps, today),
    monthlySummaries: monthly && now.getUTCDate() >= monthly.day ? await sendMonthlySummaries(monthly.deps, now) : 0,
  };
}

/** Hourly, on the fleet's one pg-boss schedule (any worker runs it). */
export const SCHEDULED_NOTIFICATIONS_CRON = '7 * * * *';

/**
 * The scheduled producers as a job. Each notification carries a dedupe key (bill and due day,
 * month, application and closing day), so the daily and monthly producers notify once however
 * often the job runs; the schedule runs it once per hour across all processes.
 */
export function scheduledNotificationsJob(deps: ScheduledDeps): JobDefinition<Record<string, never>> {
  return {
    name: 'scheduled-notifications',
    schema: z.object({}).strict(),
    retryLimit: 0,
    handler: async () => {
      const counts = await runScheduledNotifications(deps);
      deps.logger.info(counts, 'scheduled notifications checked');
    },
  };
}
