import type { Db } from '../db/client.ts';
import { listReadBills } from '../features/bills/bills.service.ts';
import { getUserContact } from '../features/auth/auth.service.ts';
import { seasonalTipOf } from '../features/notifications/notifications.service.ts';
import { listUsersOptedIn } from '../platform/email-preferences.ts';
import { type TemplateData, templateMail } from '../platform/email-templates/message.ts';
import type { Logger } from '../platform/logger.ts';
import { recordEmailEvent, SEND_EMAIL_JOB } from '../platform/mail.ts';
import type { Queue } from '../platform/queue.ts';
import { signUnsubscribeToken } from '../platform/unsubscribe-token.ts';

// The monthly summary email (02-tools §3 'monthly summary' template fields): built per user from
// their own read bills of the month before, sent only to users who turned monthly_summary on.

/** 02-tools §9: pounds of CO2 per kWh. */
export const CARBON_LBS_PER_KWH = 1.2;

export type MonthlySummaryDeps = { db: Db; queue: Pick<Queue, 'send'>; logger: Logger; publicUrl: string; unsubscribeKey: string };

type MonthFigures = { usage: number | null; averageCost: number | null; bills: number };

/** 'YYYY-MM' of the month before the given one. */
export function previousMonth(month: string): string {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 7);
}

/** A bill counts for the month its service period ends in (its due date when no period was read). */
function figuresOf(bills: Awaited<ReturnType<typeof listReadBills>>, month: string): MonthFigures {
  const inMonth = bills.filter((b) => (b.servicePeriodEnd ?? b.dueDate ?? '').startsWith(month));
  const kwh = inMonth.filter((b) => b.usageUnit === 'kWh' && b.usageAmount !== null).map((b) => b.usageAmount as number);
  const amounts = inMonth.filter((b) => b.totalAmount !== null).map((b) => b.totalAmount as number);
  return {
    usage: kwh.length > 0 ? kwh.reduce((a, b) => a + b, 0) : null,
    averageCost: amounts.length > 0 ? Math.round((amounts.reduce((a, b) => a + b, 0) / amounts.length) * 100) / 100 : null,
    bills: inMonth.length,
  };
}

/** Percent change from `before` to `now`, one decimal; null when either is missing or `before` is 0. */
function percentChange(now: number | null, before: number | null): number | null {
  if (now === null || before === null || before === 0) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}

/**
 * The template data of one user's month ('YYYY-MM'), or null when no bill of theirs falls in
 * it (no mail then). Runs on the connection given (the job's shared one, filtered by user).
 */
export async function buildMonthlySummary(db: Db, userId: string, month: string, publicUrl: string): Promise<TemplateData<'monthly_summary'> | null> {
  const bills = await listReadBills(db, userId);
  const now = figuresOf(bills, month);
  if (now.bills === 0) return null;
  const before = figuresOf(bills, previousMonth(month));
  const contact = await getUserContact(db, userId);
  const date = new Date(`${month}-01T00:00:00Z`);
  const usageChange = percentChange(now.usage, before.usage);
  return {
    first_name: contact?.name ?? '',
    month: date.toLocaleDateString('en-US', { month: 'long', timeZone: 'UTC' }),
    year: date.getUTCFullYear(),
    total_usage: now.usage,
    usage_change: usageChange,
    average_cost: now.averageCost,
    cost_change: percentChange(now.averageCost, before.averageCost),
    // Bills carry no time of day; readings would, and none are joined here yet.
    peak_usage_time: null,
    carbon_footprint: now.usage === null ? null : Math.round(now.usage * CARBON_LBS_PER_KWH * 10) / 10,
    carbon_change: usageChange,
    saving_tips: [seasonalTipOf(date.getUTCMonth() + 1).message],
    bill_count: now.bills,
    action_url: new URL('/dashboard', publicUrl).toString(),
  };
}

/**
 * Queues the summary of the month before `now` for every user who opted in and has bills in it.
 * Once per user and month (an email_events dedupe key), however often it runs.
 */
export async function sendMonthlySummaries(deps: MonthlySummaryDeps, now = new Date()): Promise<number> {
  const month = previousMonth(now.toISOString().slice(0, 7));
  let queued = 0;
  for (const userId of await listUsersOptedIn(deps.db, 'monthly_summary')) {
    const data = await buildMonthlySummary(deps.db, userId, month, deps.publicUrl);
    const contact = data ? await getUserContact(deps.db, userId) : null;
    if (!data || !contact) continue;
    const fresh = await recordEmailEvent(deps.db, { email: contact.email, userId, event: 'queued', template: 'monthly_summary', dedupeKey: `monthly-summary:${month}` });
    if (!fresh) continue;
    const message = await templateMail({
      to: contact.email,
      userId,
      template: 'monthly_summary',
      data,
      reason: 'You get this because monthly summaries are on for your Wattwise account.',
      optional: {
        category: 'monthly_summary',
        unsubscribe: { publicUrl: deps.publicUrl, token: signUnsubscribeToken(deps.unsubscribeKey, userId) },
        preferencesUrl: new URL('/email-test?tab=preferences', deps.publicUrl).toString(),
      },
    });
    await deps.queue.send(SEND_EMAIL_JOB, message);
    queued += 1;
  }
  return queued;
}
