import type { Award, GamificationSummary, Implemented } from '@wattwise/shared/contract/gamification';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savingRecommendation } from '../db/schema/analysis.ts';
import { user } from '../db/schema/auth.ts';
import { utilityBill } from '../db/schema/bills.ts';
import { gamificationEvent } from '../db/schema/gamification.ts';
import { withUserScope } from '../db/user-scope.ts';
import { type BillsTestContext, createBillsTestContext } from '../features/bills/bills.test-support.ts';
import { recordDeviceConnected, recordReferralSubscription } from '../features/gamification/gamification.service.ts';

// Gamification through the HTTP API: points from real actions, claims, goals and referrals,
// one user's progress invisible to another.

let ctx: BillsTestContext;
const cookies: Record<'a' | 'b', string> = { a: '', b: '' };
const ids: Record<'a' | 'b', string> = { a: '', b: '' };
let recommendationId = '';

async function signIn(key: 'a' | 'b') {
  const email = `game-${key}-${Date.now()}@example.com`;
  cookies[key] = await ctx.signIn(email);
  const [row] = await ctx.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  ids[key] = row?.id ?? '';
}

const summary = async (key: 'a' | 'b') => (await ctx.json<GamificationSummary>(cookies[key], '/api/gamification')).body;
const post = <T>(key: 'a' | 'b', url: string, body?: unknown) => ctx.json<T>(cookies[key], url, { method: 'POST', body });

beforeAll(async () => {
  ctx = await createBillsTestContext({}, { startWorker: false });
  await signIn('a');
  await signIn('b');
});
afterAll(async () => {
  await ctx?.close();
});

describe('gamification', () => {
  it('asks a visitor to sign in', async () => {
    expect((await ctx.json(null, '/api/gamification')).status).toBe(401);
    expect((await ctx.json(null, '/api/gamification/goal', { method: 'PUT', body: { monthlyGoal: 60 } })).status).toBe(401);
    expect((await ctx.json(null, '/api/gamification/shares', { method: 'POST' })).status).toBe(401);
  });

  it('starts at level 1 with the spec’s defaults', async () => {
    const s = await summary('a');
    expect(s).toMatchObject({ points: 0, level: 1, pointsToNextLevel: 100, monthlyGoalCents: 5000, streak: { current: 0, level: 'Beginner' } });
    expect(s.challenges.map((c) => c.reward)).toEqual([75, 150, 100]);
  });

  it('adds points for tips and shares, and builds a streak', async () => {
    expect((await post<Award>('a', '/api/gamification/tips/led-bulbs/complete')).body.points).toBe(15);
    expect((await post('a', '/api/gamification/tips/led-bulbs/complete')).status).toBe(409);
    expect((await post<Award>('a', '/api/gamification/shares')).body.points).toBe(5);
    // Shares earn points once a day: a second press the same day gives nothing.
    expect((await post<Award>('a', '/api/gamification/shares')).body.points).toBe(0);
    const s = await summary('a');
    expect(s).toMatchObject({ points: 20, counts: { tipsCompleted: 1, shares: 1 }, streak: { current: 1 } });
    expect(s.tips.find((t) => t.id === 'led-bulbs')?.completed).toBe(true);
  });

  it('claims an achievement only once it is finished', async () => {
    expect((await post('a', '/api/gamification/achievements/first-bill/claim')).status).toBe(409);
    const rows = [0, 1].map((i) => ({ userId: ids.a, fileName: `b${i}.pdf`, filePath: `${ids.a}/b${i}.pdf`, mimeType: 'application/pdf', fileSize: 1, propertyType: 'residential' as const, billType: 'electricity', status: 'processed' as const, analyzed: true }));
    const bills = await ctx.database.db.insert(utilityBill).values(rows).returning({ id: utilityBill.id });
    const [rec] = await ctx.database.db
      .insert(savingRecommendation)
      .values({ userId: ids.a, billId: bills[0]?.id ?? '', recommendationType: 'led_lighting', title: 'LED lighting', description: 'Swap bulbs', estimatedSavings: 127 })
      .returning({ id: savingRecommendation.id });
    recommendationId = rec?.id ?? '';
    const claimed = await post<Award>('a', '/api/gamification/achievements/first-bill/claim');
    expect(claimed.body).toEqual({ points: 50, message: 'Achievement unlocked! +50 points' });
    expect((await post('a', '/api/gamification/achievements/first-bill/claim')).status).toBe(409);
    // Two bills this month finish the Bill Check-in challenge.
    const month = new Date().toISOString().slice(0, 7);
    const done = await post<Award>('a', `/api/gamification/challenges/bills-${month}/complete`);
    expect(done.body).toEqual({ points: 75, message: 'Challenge completed! +75 points' });
    const s = await summary('a');
    expect(s).toMatchObject({ points: 20 + 20 + 50 + 75, level: 2, counts: { billsUploaded: 2, analysesRun: 2 } });
  });

  it('marks a recommendation implemented with the spec’s message; another user cannot', async () => {
    expect((await post('b', `/api/gamification/recommendations/${recommendationId}/implement`)).status).toBe(404);
    const { body } = await post<Implemented>('a', `/api/gamification/recommendations/${recommendationId}/implement`);
    expect(body.message).toBe("Great! You've implemented LED lighting. Estimated annual savings: $127.00");
    const s = await summary('a');
    expect(s.implementedRecommendationIds).toEqual([recommendationId]);
    expect(s.currentMonthSavingsCents).toBe(1058); // $127 a year ÷ 12
  });

  it('keeps goals and points per user', async () => {
    const set = await ctx.json<GamificationSummary>(cookies.a, '/api/gamification/goal', { method: 'PUT', body: { monthlyGoal: 75 } });
    expect(set.body.monthlyGoalCents).toBe(7500);
    const b = await summary('b');
    expect(b).toMatchObject({ points: 0, monthlyGoalCents: 5000, implementedRecommendationIds: [] });
    expect(b.tips.every((t) => !t.completed)).toBe(true);
    const seen = await withUserScope(ctx.database.db, ids.b, (db) => db.select().from(gamificationEvent));
    expect(seen).toEqual([]);
  });

  it('counts a connected device through the smart-home hook', async () => {
    expect(await recordDeviceConnected(ctx.database.db, ids.b, 'thermostat-1')).toBe(true);
    expect(await recordDeviceConnected(ctx.database.db, ids.b, 'thermostat-1')).toBe(false);
    expect(await summary('b')).toMatchObject({ points: 25, counts: { devicesConnected: 1 } });
  });

  it('credits $10 to each side once the referred user subscribes, once', async () => {
    const a = await summary('a');
    expect((await post('a', '/api/gamification/referral', { code: a.referral.code })).status).toBe(404);
    expect((await post('b', '/api/gamification/referral', { code: a.referral.code })).status).toBe(204);
    expect((await post('b', '/api/gamification/referral', { code: a.referral.code })).status).toBe(409);
    expect(await recordReferralSubscription(ctx.database.db, ids.b)).toBe(2);
    expect(await recordReferralSubscription(ctx.database.db, ids.b)).toBe(0);
    expect((await summary('a')).referral.creditsCents).toBe(1000);
    expect((await summary('b')).referral).toMatchObject({ creditsCents: 1000, referredBy: true });
  });
});
