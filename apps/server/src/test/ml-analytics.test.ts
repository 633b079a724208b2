// ML analytics through the HTTP API (issue 17), from bills as the worker leaves them.
import type { MlAnalytics } from '@wattwise/shared/contract/ml-analytics';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user as userTable } from '../db/schema/auth.ts';
import { utilityBill } from '../db/schema/bills.ts';
import { type BillsTestContext, createBillsTestContext } from '../features/bills/bills.test-support.ts';

let ctx: BillsTestContext;

async function signInWithBills(months: number): Promise<string> {
  const email = `ml-${months}-${Date.now()}@example.com`;
  const cookie = await ctx.signIn(email);
  const [row] = await ctx.database.db.select({ id: userTable.id }).from(userTable).where(eq(userTable.email, email));
  const userId = row?.id ?? '';
  const values = Array.from({ length: months }, (_, i) => {
    const start = new Date(Date.UTC(2025, i, 1));
    const end = new Date(Date.UTC(2025, i + 1, 0));
    // Winter and summer peaks, like an electrically heated and cooled home.
    const usage = Math.round(700 + 250 * Math.cos((2 * Math.PI * i) / 6));
    return {
      userId,
      fileName: `bill-${i}.pdf`,
      filePath: `${userId}/${i}-bill.pdf`,
      mimeType: 'application/pdf',
      fileSize: 1000,
      propertyType: 'residential' as const,
      billType: 'electricity',
      status: 'processed' as const,
      progress: 100,
      utilityProvider: 'Georgia Power',
      accountNumber: '123',
      servicePeriodStart: start.toISOString().slice(0, 10),
      servicePeriodEnd: end.toISOString().slice(0, 10),
      usageAmount: usage,
      usageUnit: 'kWh',
      totalAmount: Math.round((15 + usage * 0.14) * 100) / 100,
    };
  });
  if (values.length) await ctx.database.db.insert(utilityBill).values(values);
  return cookie;
}

beforeAll(async () => {
  ctx = await createBillsTestContext({}, { startWorker: false });
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('ML analytics', () => {
  it('forecasts the next bill of a year of bills with an interval, its backtested error graded, and feature weights', async () => {
    const cookie = await signInWithBills(12);
    const { status, body } = await ctx.json<MlAnalytics>(cookie, '/api/ml-analytics');
    expect(status).toBe(200);
    expect(body.bills).toBe(12);
    expect(body.tooFewBills).toBeNull();
    expect(body.forecast?.periodStart).toBe('2026-01-01');
    expect(body.forecast?.usageLow).toBeLessThanOrEqual(body.forecast?.usage ?? 0);
    expect(body.forecast?.usageHigh).toBeGreaterThanOrEqual(body.forecast?.usage ?? 0);
    expect(body.forecast?.cost).toBeGreaterThan(0);
    expect(body.metrics?.backtestBills).toBe(8);
    expect(['green', 'yellow', 'red']).toContain(body.metrics?.mapeGrade);
    expect(body.predictions).toHaveLength(8);
    expect(body.features.reduce((s, f) => s + f.importance, 0)).toBeCloseTo(1, 6);
    // Two users in the database: far too few to cluster, and the page is told so.
    expect(body.clustering.clusters).toEqual([]);
    expect(body.clustering.minUsers).toBe(20);
  });

  it('says how many more bills are needed, and answers 401 to a visitor', async () => {
    const cookie = await signInWithBills(3);
    const { body } = await ctx.json<MlAnalytics>(cookie, '/api/ml-analytics');
    expect(body.tooFewBills).toEqual({ have: 3, need: 6, more: 3 });
    expect(body.forecast).toBeNull();
    expect((await ctx.json(null, '/api/ml-analytics')).status).toBe(401);
  });
});
