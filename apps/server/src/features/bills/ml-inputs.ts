import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { utilityBill } from '../../db/schema/bills.ts';

// What the ML analytics (issue 17) read of bills: periods, usage and cost (corrections are in
// the columns), and the anomalies the analysis step stored.

export type MlBillRow = {
  id: string;
  /** The utility account the bill belongs to (never compared with another account's bills). */
  accountKey: string;
  provider: string;
  accountNumber: string;
  billType: string;
  usageUnit: string | null;
  periodStart: string;
  periodEnd: string;
  usage: number;
  cost: number | null;
  anomalies: unknown;
};

const hasPeriodAndUsage = and(eq(utilityBill.status, 'processed'), isNotNull(utilityBill.servicePeriodStart), isNotNull(utilityBill.servicePeriodEnd), isNotNull(utilityBill.usageAmount));

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The account a bill counts under: its utility account; without one, provider + account number +
 * kind; a bill whose provider and account number were both not read stands alone.
 */
function mlAccountKey(r: { id: string; accountId: string | null; provider: string; accountNumber: string; billType: string; usageUnit: string | null }): string {
  if (r.accountId) return `account:${r.accountId}|${r.usageUnit ?? ''}`;
  const known = (v: string) => v !== 'Unknown' && norm(v) !== '';
  if (!known(r.provider) && !known(r.accountNumber)) return `bill:${r.id}`;
  return `read:${norm(r.provider)}|${norm(r.accountNumber)}|${r.billType}|${r.usageUnit ?? ''}`;
}

/** The user's read bills with a period and usage, oldest first. */
export async function listMlBills(db: Db, userId: string): Promise<MlBillRow[]> {
  const rows = await db
    .select({
      id: utilityBill.id,
      accountId: utilityBill.accountId,
      provider: utilityBill.utilityProvider,
      accountNumber: utilityBill.accountNumber,
      billType: utilityBill.billType,
      usageUnit: utilityBill.usageUnit,
      periodStart: utilityBill.servicePeriodStart,
      periodEnd: utilityBill.servicePeriodEnd,
      usage: utilityBill.usageAmount,
      cost: sql<number | null>`coalesce(${utilityBill.currentCharges}, ${utilityBill.totalAmount})`.mapWith(Number),
      anomalies: utilityBill.anomalies,
      duplicateOf: utilityBill.duplicateOfId,
    })
    .from(utilityBill)
    .where(and(eq(utilityBill.userId, userId), hasPeriodAndUsage))
    .orderBy(utilityBill.servicePeriodEnd);
  return rows.flatMap((r) =>
    r.periodStart && r.periodEnd && r.usage !== null && r.duplicateOf === null
      ? [{ id: r.id, accountKey: mlAccountKey(r), provider: r.provider, accountNumber: r.accountNumber, billType: r.billType, usageUnit: r.usageUnit, periodStart: r.periodStart, periodEnd: r.periodEnd, usage: r.usage, cost: Number.isFinite(r.cost) ? r.cost : null, anomalies: r.anomalies }]
      : [],
  );
}

/**
 * Every user's electricity bills in kWh (period and usage only, keyed by an opaque number per
 * user, never the user id): the anonymised input of the usage-profile clustering.
 */
export async function listUsageProfileBills(db: Db): Promise<{ owner: string; periodStart: string; periodEnd: string; usage: number }[]> {
  const rows = await db
    .select({ owner: utilityBill.userId, periodStart: utilityBill.servicePeriodStart, periodEnd: utilityBill.servicePeriodEnd, usage: utilityBill.usageAmount })
    .from(utilityBill)
    .where(and(hasPeriodAndUsage, eq(utilityBill.billType, 'electricity'), eq(utilityBill.usageUnit, 'kWh')));
  return rows.flatMap((r) => (r.periodStart && r.periodEnd && r.usage !== null ? [{ owner: r.owner, periodStart: r.periodStart, periodEnd: r.periodEnd, usage: r.usage }] : []));
}

/** Bills processed after `since` (every user's; for the /metrics histograms), oldest first. */
export async function listProcessedSince(db: Db, since: Date): Promise<{ processingTimeMs: number | null; confidence: number; finishedAt: Date }[]> {
  return db
    .select({ processingTimeMs: utilityBill.processingTimeMs, confidence: utilityBill.processingConfidence, finishedAt: utilityBill.updatedAt })
    .from(utilityBill)
    .where(and(eq(utilityBill.status, 'processed'), gt(utilityBill.updatedAt, since)))
    .orderBy(utilityBill.updatedAt)
    .limit(10_000);
}
