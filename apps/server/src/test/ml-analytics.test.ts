// ML analytics through the HTTP API (issue 17), from bills as the worker leaves them.
import type { MlAnalytics } from '@wattwise/shared/contract/ml-analytics';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user as userTable } from '../db/schema/auth.ts';
import { utilityBill } from '../db/schema/bills.ts';
import { type BillsTestContext, createBillsTestContext } from '../features/bills/bills.test-support.ts';

let ctx: BillsTestContext;

type Series = { months: number; provider?: string; accountNumber?: string; firstMonth?: number; usageOf?: (i: number) => number };

async function signInWithBills(months: number, more: Series[] = []): Promise<string> {
  const email = `ml-${months}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const cookie = await ctx.signIn(email);
  const [row] = await ctx.database.db.select({ id: userTable.id }).from(userTable).where(eq(userTable.email, email));
  const userId = row?.id ?? '';
  const values = [{ months }, ...more].flatMap((series, n) => billsOf(userId, series, n));
  if (values.length) await ctx.database.db.insert(utilityBill).values(values);
  return cookie;
}

function billsOf(userId: string, series: Series, n: number) {
  const first = series.firstMonth ?? 0;
  return Array.from({ length: series.months }, (_, i) => {
    const start = new Date(Date.UTC(2025, first + i, 1));
    const end = new Date(Date.UTC(2025, first + i + 1, 0));
    // Winter and summer peaks, like an electrically heated and cooled home.
    const usage = series.usageOf ? series.usageOf(i) : Math.round(700 + 250 * Math.cos((2 * Math.PI * i) / 6));
    return {
      userId,
      fileName: `bill-${n}-${i}.pdf`,
      filePath: `${userId}/${n}-${i}-bill.pdf`,
      mimeType: 'application/pdf',
      fileSize: 1000,
      propertyType: 'residential' as const,
      billType: 'electricity',
      status: 'processed' as const,
      progress: 100,
      utilityProvider: series.provider ?? 'Georgia Power',
      accountNumber: series.accountNumber ?? '123',
      servicePeriodStart: start.toISOString().slice(0, 10),
      servicePeriodEnd: end.toISOString().slice(0, 10),
      usageAmount: usage,
      usageUnit: 'kWh',
      totalAmount: Math.round((15 + usage * 0.14) * 100) / 100,
    };
  });
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

  it('forecasts each account on its own, for the period after that account\'s latest bill, never one series of several utilities', async () => {
    const cookie = await signInWithBills(12, [
      { months: 7, provider: 'Pacific Gas and Electric', accountNumber: '998877', firstMonth: 2, usageOf: (i) => 300 + 10 * i },
      { months: 2, provider: 'Seattle City Light', accountNumber: '555' },
    ]);
    const { status, body } = await ctx.json<MlAnalytics>(cookie, '/api/ml-analytics');
    expect(status).toBe(200);
    expect(body.bills).toBe(12);
    expect(body.account?.label).toBe('Georgia Power ····123');
    expect(body.accounts.map((a) => [a.label, a.bills])).toEqual([
      ['Georgia Power ····123', 12],
      ['Pacific Gas and Electric ····8877', 7],
      ['Seattle City Light ····555', 2],
    ]);
    const [gp, pge, scl] = body.accounts;
    expect(gp?.forecast?.periodStart).toBe('2026-01-01');
    // PG&E's bills end in September 2025: its own next period, not Georgia Power's.
    expect(pge?.latestPeriodEnd).toBe('2025-09-30');
    expect(pge?.forecast?.periodStart).toBe('2025-10-01');
    expect(pge?.mape).not.toBeNull();
    expect(pge?.forecast?.usage).toBeGreaterThan(300);
    expect(pge?.forecast?.usage).toBeLessThan(500);
    expect(scl).toMatchObject({ forecast: null, mape: null, tooFewBills: { have: 2, need: 6, more: 4 } });
    // Another user sees none of it.
    const other = await signInWithBills(0);
    const theirs = await ctx.json<MlAnalytics>(other, '/api/ml-analytics');
    expect(theirs.body).toMatchObject({ bills: 0, account: null, accounts: [], forecast: null, anomalies: [] });
  });

  it('lists as anomalies only bills outside the stated interval of a model whose backtest is good enough', async () => {
    // Two years of a household with a yearly pattern and one month (October 2026) far above it.
    const steady = await signInWithBills(0, [{ months: 24, usageOf: (i) => (i === 21 ? 1600 : Math.round(700 + 250 * Math.cos((2 * Math.PI * i) / 12))) }]);
    const good = (await ctx.json<MlAnalytics>(steady, '/api/ml-analytics')).body;
    expect(good.anomalyCheck.judged).toBe(true);
    expect(good.metrics?.mape).toBeLessThanOrEqual(good.anomalyCheck.maxMape);
    // The October bill; not November's, whose forecast was made from October (the model's own miss).
    expect(good.anomalies.map((a) => a.timestamp)).toEqual(['2026-10-31']);
    for (const a of good.anomalies) {
      const p = good.predictions.find((x) => x.date === a.timestamp);
      expect(p?.anomaly).toBe(true);
      expect(a.explanation).toMatch(/outside|above|below/);
    }
    // Usage that follows no pattern: the model's misses are its own, not the household's.
    const noisy = await signInWithBills(0, [{ months: 12, usageOf: (i) => [200, 1500, 350, 1900, 120, 900, 2400, 300, 1700, 150, 2000, 400][i] ?? 500 }]);
    const bad = (await ctx.json<MlAnalytics>(noisy, '/api/ml-analytics')).body;
    expect(bad.metrics?.mape).toBeGreaterThan(bad.anomalyCheck.maxMape);
    expect(bad.anomalyCheck).toMatchObject({ judged: false });
    expect(bad.anomalyCheck.message).toContain('not listed as anomalies');
    expect(bad.anomalies).toEqual([]);
    expect(bad.predictions.every((p) => !p.anomaly)).toBe(true);
  });
});
