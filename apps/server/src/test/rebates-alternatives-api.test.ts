// Rebate picks through the HTTP API (issue 24): alternatives are never summed, and savings use one home's own usage.
import type { RecommendationsResult } from '@wattwise/shared/contract/rebates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user as userTable } from '../db/schema/auth.ts';
import { utilityBill } from '../db/schema/bills.ts';
import { property, utilityAccount } from '../db/schema/properties.ts';
import { type BillsTestContext, createBillsTestContext } from '../features/bills/bills.test-support.ts';

let ctx: BillsTestContext;
beforeAll(async () => {
  ctx = await createBillsTestContext({}, { startWorker: false });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

async function userIdOf(email: string): Promise<string> {
  const [row] = await ctx.database.db.select({ id: userTable.id }).from(userTable).where(eq(userTable.email, email));
  return row?.id ?? '';
}

/** A home with one electricity account and `months` monthly bills of `kwh`, the last ending in `lastMonth` of 2025. */
async function home(userId: string, name: string, provider: string, kwh: number, lastMonth: number, address: string) {
  const [p] = await ctx.database.db.insert(property).values({ userId, name, address }).returning({ id: property.id });
  const [a] = await ctx.database.db
    .insert(utilityAccount)
    .values({ userId, propertyId: p?.id ?? '', provider, accountNumber: `${name}-1`, matchKey: `${provider}${name}`.toLowerCase().replace(/[^a-z0-9]/g, ''), billType: 'electricity' })
    .returning({ id: utilityAccount.id });
  await ctx.database.db.insert(utilityBill).values(
    Array.from({ length: 3 }, (_, i) => {
      const m = lastMonth - 2 + i;
      return {
        userId,
        propertyId: p?.id ?? null,
        accountId: a?.id ?? null,
        fileName: `${name}-${i}.pdf`,
        filePath: `${userId}/${name}-${i}.pdf`,
        mimeType: 'application/pdf',
        fileSize: 1000,
        propertyType: 'residential' as const,
        billType: 'electricity',
        status: 'processed' as const,
        progress: 100,
        utilityProvider: provider,
        accountNumber: `${name}-1`,
        totalAmount: Math.round(kwh * 0.2 * 100) / 100,
        usageAmount: kwh,
        usageUnit: 'kWh',
        servicePeriodStart: `2025-${String(m).padStart(2, '0')}-01`,
        servicePeriodEnd: `2025-${String(m).padStart(2, '0')}-30`,
        extracted: { confidence: 0.95, fields: { totalAmount: { value: kwh * 0.2, confidence: 0.95 }, usageAmount: { value: kwh, confidence: 0.95 } } },
        corrections: { serviceAddress: { value: address, at: '2025-12-01T00:00:00Z' } },
      };
    }),
  );
}

describe('rebate picks', () => {
  it('shows partial- and whole-home heat pump rebates of one programme as alternatives and never sums them', async () => {
    const cookie = await ctx.signIn();
    const { status, body } = await ctx.json<RecommendationsResult>(cookie, '/api/rebates/recommendations?state=MA&interests=heat_pump');
    expect(status).toBe(200);
    const massSave = body.recommendations.filter((r) => r.rebate.provider === 'Mass Save' && r.rebate.category === 'heat_pump');
    expect(massSave.length).toBeGreaterThanOrEqual(2);
    for (const pick of massSave) expect(pick.alternativeIds.sort()).toEqual(massSave.filter((o) => o !== pick).map((o) => o.rebate.id).sort());
    const sum = body.recommendations.reduce((s, r) => s + r.estimatedSavings, 0);
    const bestMassSave = Math.max(...massSave.map((r) => r.estimatedSavings));
    const others = body.recommendations.filter((r) => !massSave.includes(r)).reduce((s, r) => s + r.estimatedSavings, 0);
    expect(body.combinedSavings).toBeLessThan(sum);
    expect(body.combinedSavings).toBeLessThanOrEqual(others + bestMassSave);
    // A visitor gets no personal picks.
    expect((await ctx.json(null, '/api/rebates/recommendations?state=MA')).status).toBe(401);
  });

  it("prices savings from the newest home's own usage, never kWh of several homes in several states added up", async () => {
    const email = `rebates-homes-${Date.now()}@example.com`;
    const cookie = await ctx.signIn(email);
    const userId = await userIdOf(email);
    await home(userId, 'shop', 'Pacific Gas and Electric', 9000, 6, '1 Market St, San Francisco, CA 94105');
    await home(userId, 'house', 'Georgia Power', 900, 11, '12 Peachtree St, Atlanta, GA 30303');
    const { body } = await ctx.json<RecommendationsResult>(cookie, '/api/rebates/recommendations');
    expect(body.location.state).toBe('GA');
    expect(body.usage.monthlyKwh).toBeGreaterThan(850);
    expect(body.usage.monthlyKwh).toBeLessThan(950);
    expect(body.usage.utilities).toEqual(['Georgia Power']);
    expect(body.usage.billCount).toBe(3);
    // Another user sees neither home.
    const other = await ctx.signIn();
    const theirs = await ctx.json<RecommendationsResult>(other, '/api/rebates/recommendations');
    expect(theirs.body.usage).toMatchObject({ monthlyKwh: null, billCount: 0, utilities: [] });
  });
});
