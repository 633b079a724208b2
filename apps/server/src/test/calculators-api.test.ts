import type { MyBillsInputs, SavingsResponse, StateRatesList, WeatherComparisonDto } from '@wattwise/shared/contract/calculators';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../db/schema/auth.ts';
import { utilityBill } from '../db/schema/bills.ts';
import { type BillsTestContext, createBillsTestContext } from '../features/bills/bills.test-support.ts';

// The calculators through the HTTP API: the open savings calculator, and the signed-in
// 'Use my bills' and weather-normalised comparison on bills written straight to the table.

let ctx: BillsTestContext;
let owner: string;
let other: string;
const billIds: string[] = [];

beforeAll(async () => {
  ctx = await createBillsTestContext({}, { startWorker: false });
  const email = `calc-${Date.now()}@example.com`;
  owner = await ctx.signIn(email);
  other = await ctx.signIn();
  const [row] = await ctx.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  const userId = row?.id ?? '';
  // Fourteen monthly gas bills in Atlanta, Nov 2024 – Dec 2025: 1 therm a day plus one per 10 °F·day of cold (roughly).
  const heat = [379, 584, 662, 499, 360, 147, 36, 1, 0, 0, 7, 132, 379, 584];
  const rows = heat.map((hdd, i) => {
    const start = new Date(Date.UTC(2024, 10 + i, 1));
    const end = new Date(Date.UTC(2024, 11 + i, 1));
    const usage = 30 + hdd / 10 + (i === 13 ? 25 : 0); // the last December: 25 therms of new habit
    return {
      userId,
      fileName: `gas-${i}.pdf`,
      filePath: `${userId}/gas-${i}.pdf`,
      mimeType: 'application/pdf',
      fileSize: 1000,
      propertyType: 'residential' as const,
      billType: 'natural_gas',
      status: 'processed' as const,
      utilityProvider: 'Atlanta Gas Light',
      servicePeriodStart: start.toISOString().slice(0, 10),
      servicePeriodEnd: end.toISOString().slice(0, 10),
      usageAmount: usage,
      usageUnit: 'therms',
      totalAmount: Math.round(usage * 1.5 * 100) / 100,
      corrections: { serviceAddress: { value: '12 Peachtree St, Atlanta, GA 30303' } },
    };
  });
  const inserted = await ctx.database.db.insert(utilityBill).values(rows).returning({ id: utilityBill.id });
  billIds.push(...inserted.map((r) => r.id));
});
afterAll(async () => {
  await ctx?.close();
});

describe('savings calculator (open to visitors)', () => {
  it('computes the spec’s figures with the ZIP’s state rates', async () => {
    const { status, body } = await ctx.json<SavingsResponse>(null, '/api/calculators/savings', { method: 'POST', body: { electricBill: 150, gasBill: 80, waterBill: 60, zipCode: '30303' } });
    expect(status).toBe(200);
    expect(body.result).toMatchObject({ oneMonth: 9280, sixMonths: 56794, oneYear: 116928, fiveYears: 640320, peakSavings: 5568, offPeakSavings: 3712, efficiency: 32 });
    expect(body.regional).toMatchObject({ state: 'GA', city: 'Atlanta', region: 'southeast', averageSavings: 0.27, utilityRates: { electric: 0.137, electricYear: 2023 } });
    expect(body.months).toHaveLength(24);
    expect(body.guaranteeEligible).toBe(true);
  });

  it('falls back to the default rates for an unknown ZIP and needs a ZIP', async () => {
    const unknown = await ctx.json<SavingsResponse>(null, '/api/calculators/savings', { method: 'POST', body: { electricBill: 10, gasBill: 0, waterBill: 0, zipCode: '00000' } });
    expect(unknown.body.regional).toMatchObject({ state: null, utilityRates: { electric: 0.18, gas: 1.25, water: 0.007 } });
    const missing = await ctx.json(null, '/api/calculators/savings', { method: 'POST', body: { electricBill: 10, gasBill: 0, waterBill: 0, zipCode: '  ' } });
    expect(missing.status).toBe(422);
  });

  it('lists every state’s rates', async () => {
    const { body } = await ctx.json<StateRatesList>(null, '/api/calculators/state-rates');
    expect(body.states).toHaveLength(51);
    expect(body.states.find((s) => s.state === 'WY')).toMatchObject({ electricYear: 2018, region: 'west' });
  });
});

describe("'Use my bills' and the weather-normalised comparison", () => {
  it('asks a visitor to sign in', async () => {
    expect((await ctx.json(null, '/api/calculators/my-bills')).status).toBe(401);
    expect((await ctx.json(null, `/api/bills/${billIds[13]}/weather-comparison`)).status).toBe(401);
  });

  it('fills the inputs from the owner’s newest year of bills and nothing for another user', async () => {
    const mine = await ctx.json<MyBillsInputs>(owner, '/api/calculators/my-bills');
    expect(mine.body).toMatchObject({ electricBill: null, waterBill: null, zipCode: '30303', billsUsed: 14 });
    expect(mine.body.gasBill).toBeGreaterThan(0);
    const theirs = await ctx.json<MyBillsInputs>(other, '/api/calculators/my-bills');
    expect(theirs.body).toEqual({ electricBill: null, gasBill: null, waterBill: null, zipCode: null, billsUsed: 0 });
  });

  it('splits the change from last December into weather and household', async () => {
    const { status, body } = await ctx.json<WeatherComparisonDto>(owner, `/api/bills/${billIds[13]}/weather-comparison`);
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.lastYearBillId).toBe(billIds[1]);
    expect(body.usage?.change).toBeCloseTo(25, 1);
    expect(body.usage?.household).toBeGreaterThan(20);
    expect(body.message).toContain('household');
  });

  it('hides one user’s bill from another (404)', async () => {
    expect((await ctx.json(other, `/api/bills/${billIds[13]}/weather-comparison`)).status).toBe(404);
  });

  it('takes "the same bill last year" from the same account, 12 months earlier ± 20 days only', async () => {
    const email = `calc-mover-${Date.now()}@example.com`;
    const mover = await ctx.signIn(email);
    const [row] = await ctx.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    const userId = row?.id ?? '';
    const gasBill = (i: number, start: Date, end: Date, provider: string, address: string) => ({
      userId,
      fileName: `mover-${i}.pdf`,
      filePath: `${userId}/mover-${i}.pdf`,
      mimeType: 'application/pdf',
      fileSize: 1000,
      propertyType: 'residential' as const,
      billType: 'natural_gas',
      status: 'processed' as const,
      utilityProvider: provider,
      servicePeriodStart: start.toISOString().slice(0, 10),
      servicePeriodEnd: end.toISOString().slice(0, 10),
      usageAmount: 60 + i,
      usageUnit: 'therms',
      totalAmount: 90 + i,
      corrections: { serviceAddress: { value: address } },
    });
    // This home's account: Jan – Dec 2025 (its December is 11 months after its first bill).
    const home = Array.from({ length: 12 }, (_, i) => gasBill(i, new Date(Date.UTC(2025, i, 1)), new Date(Date.UTC(2025, i + 1, 1)), 'Atlanta Gas Light', '12 Peachtree St, Atlanta, GA 30303'));
    // Another account (the previous home) with a bill exactly a year before that December.
    const previousHome = gasBill(99, new Date(Date.UTC(2024, 11, 1)), new Date(Date.UTC(2025, 0, 1)), 'Liberty Utilities', '9 Oak Ave, Columbus, GA 31901');
    const inserted = await ctx.database.db.insert(utilityBill).values([...home, previousHome]).returning({ id: utilityBill.id });
    const december = inserted[11]?.id ?? '';
    const res = await ctx.json<WeatherComparisonDto>(mover, `/api/bills/${december}/weather-comparison`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'no_last_year', lastYearBillId: null, usage: null });
    expect((await ctx.json(other, `/api/bills/${december}/weather-comparison`)).status).toBe(404);
    expect((await ctx.json(null, `/api/bills/${december}/weather-comparison`)).status).toBe(401);
  });
});
