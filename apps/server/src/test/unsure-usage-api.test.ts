// Money advice from unsure usage is an estimate (issue 24), through the HTTP API.
import type { BillFigures } from '@wattwise/shared/contract/bills';
import type { RecommendationCard } from '@wattwise/shared/contract/analysis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savingRecommendation } from '../db/schema/analysis.ts';
import { seedBills, signedInUser } from './assistant.test-support.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from './test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

async function call<T>(cookie: string | null, url: string, init: { method?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (cookie) headers.cookie = cookie;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await ctx.app.request(url, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  return { status: res.status, body: (await res.json()) as T };
}

describe('recommendations from a bill whose usage was read unsure', () => {
  it('are estimates to confirm, never money figures, until the usage is confirmed; others never see them', async () => {
    const user = await signedInUser(ctx);
    const other = await signedInUser(ctx);
    // The 11-meter bill read from one meter: usage 5,940 kWh at 14%; the amount read with confidence.
    const [sure, unsure] = await seedBills(ctx.database.db, user.userId, [
      { total: 120, usage: 900, start: '2026-01-01', end: '2026-01-31' },
      { total: 38437.72, usage: 5940, start: '2026-02-01', end: '2026-02-28', usageConfidence: 0.14 },
    ]);
    await ctx.database.db.insert(savingRecommendation).values([
      { userId: user.userId, billId: sure ?? '', recommendationType: 'led_lighting', title: 'Switch to LED lighting', description: 'LEDs', estimatedSavings: 40, costReduced: 1440 },
      {
        userId: user.userId,
        billId: unsure ?? '',
        recommendationType: 'rate_plan_comparison',
        title: 'Compare electricity plans and suppliers',
        description: 'You pay $6.471 per kWh all-in, 2093% above the CA average.',
        estimatedSavings: 251064.08,
        costReduced: 461252.64,
      },
    ]);
    const figures = await call<{ items: BillFigures[] }>(user.cookie, '/api/bills/figures');
    expect(Object.fromEntries(figures.body.items.map((b) => [b.id, [b.usageSure, b.amountSure]]))).toEqual({ [sure ?? '']: [true, true], [unsure ?? '']: [false, true] });

    const overview = await call<{ recommendations: RecommendationCard[] }>(user.cookie, '/api/recommendations');
    expect(overview.status).toBe(200);
    const byBill = Object.fromEntries(overview.body.recommendations.map((c) => [c.billId, c.needsConfirmation]));
    expect(byBill).toEqual({ [sure ?? '']: null, [unsure ?? '']: 'usage' });
    const ofBill = await call<{ recommendations: RecommendationCard[] }>(user.cookie, `/api/recommendations?billId=${unsure}`);
    expect(ofBill.body.recommendations.map((c) => c.needsConfirmation)).toEqual(['usage']);

    // Another user and a visitor see none of it.
    expect((await call<{ recommendations: RecommendationCard[] }>(other.cookie, `/api/recommendations?billId=${unsure}`)).body.recommendations ?? []).toEqual([]);
    expect((await call(null, '/api/recommendations')).status).toBe(401);

    // Confirmed by the user: the usage is sure from then on.
    const confirmed = await call(user.cookie, `/api/bills/${unsure}/fields`, { method: 'PATCH', body: { corrections: [{ field: 'usageAmount', value: 156492 }] } });
    expect(confirmed.status).toBe(200);
    const after = await call<{ items: BillFigures[] }>(user.cookie, '/api/bills/figures');
    expect(after.body.items.find((b) => b.id === unsure)).toMatchObject({ usageAmount: 156492, usageSure: true });
    expect((await call(other.cookie, `/api/bills/${unsure}/fields`, { method: 'PATCH', body: { corrections: [{ field: 'usageAmount', value: 1 }] } })).status).toBe(404);
  });
});
