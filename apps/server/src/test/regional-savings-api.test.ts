import type { RegionalSavings } from '@wattwise/shared/contract/calculators';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savingRecommendation } from '../db/schema/analysis.ts';
import { billListVersion, utilityBill } from '../db/schema/bills.ts';
import { createVerifiedUser } from '../features/demo/demo.service.ts';
import { type TestContext, createTestContext, STRONG_PASSWORD } from './test-app.ts';

// Regional savings: estimates from EIA data for everyone, replaced by Wattwise users' own
// averages only once a region has 20 users (never a figure from fewer).

let ctx: TestContext;

async function seedUser(i: number) {
  const { userId } = await createVerifiedUser(ctx.auth, `region-${i}-${Date.now()}@example.com`, STRONG_PASSWORD);
  const [bill] = await ctx.database.db
    .insert(utilityBill)
    .values({ userId, fileName: 'b.pdf', filePath: `${userId}/b.pdf`, mimeType: 'application/pdf', fileSize: 1, propertyType: 'residential', billType: 'electricity', status: 'processed', totalAmount: 100, corrections: { serviceAddress: { value: '1 Main St, Atlanta, GA 30303' } } })
    .returning({ id: utilityBill.id });
  await ctx.database.db.insert(savingRecommendation).values({ userId, billId: bill?.id ?? '', recommendationType: 'led_lighting', description: 'LEDs', estimatedSavings: 120 });
}

const southeast = async () => {
  const res = await ctx.app.request('/api/regional-savings');
  expect(res.status).toBe(200);
  const body = (await res.json()) as RegionalSavings;
  return body.regions.find((r) => r.region === 'southeast');
};

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('regional savings', () => {
  it('gives labelled estimates for every region to a visitor', async () => {
    const res = await ctx.app.request('/api/regional-savings');
    const body = (await res.json()) as RegionalSavings;
    expect(body.regions.map((r) => [r.region, r.basis])).toEqual([['west', 'estimate'], ['northeast', 'estimate'], ['southeast', 'estimate'], ['midwest', 'estimate']]);
    expect(body.minUsers).toBe(20);
  });

  it('keeps estimates below 20 users and shows the users’ averages from 20', async () => {
    for (let i = 0; i < 19; i++) await seedUser(i);
    const before = await southeast();
    expect(before).toMatchObject({ basis: 'estimate', wattwiseUsers: 19, marketShare: 1 });
    await seedUser(19);
    const after = await southeast();
    // $120 a year each → $10 a month on a $100 bill: 10%.
    expect(after).toMatchObject({ basis: 'users', wattwiseUsers: 20, monthlySavings: 1000, yearlySavings: 12000, monthlyBill: 10000, averageReduction: 0.1, avgElectricSavings: 1000, avgGasSavings: null });
  }, 60_000);

  it('computes the figures once per change to anyone’s bills, not once per visitor', async () => {
    const [first] = await ctx.database.db.select({ id: utilityBill.id, userId: utilityBill.userId }).from(utilityBill).limit(1);
    if (!first) throw new Error('no bill');
    // Figures are kept while the count of changes (bill_list_versions) stands still: a row written
    // with the count put back is not seen...
    const [before] = await ctx.database.db.select().from(billListVersion).where(eq(billListVersion.userId, first.userId));
    await ctx.database.db.insert(savingRecommendation).values({ userId: first.userId, billId: first.id, recommendationType: 'insulation', description: 'Attic', estimatedSavings: 240 });
    await ctx.database.db.update(billListVersion).set({ version: before?.version ?? 0 }).where(eq(billListVersion.userId, first.userId));
    expect(await southeast()).toMatchObject({ yearlySavings: 12000 });
    // ...and any change to bills or recommendations makes the next request recompute: (19 × 120 + 360) / 20 = $132 a year.
    await ctx.database.db.update(utilityBill).set({ totalAmount: 100 }).where(eq(utilityBill.id, first.id));
    expect(await southeast()).toMatchObject({ yearlySavings: 13200 });
  });
});
