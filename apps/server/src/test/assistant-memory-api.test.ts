// The floating assistant's memory and milestones through the HTTP API: memory kept in
// user_preferences.notification_preferences.aiMemory beside the notification toggles, each
// user's own; milestones from the user's real records, each reached once.
import type { AiMemory, MilestoneCheck } from '@wattwise/shared/contract/assistant-memory';
import type { NotificationPreferences } from '@wattwise/shared/contract/notifications';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savingRecommendation } from '../db/schema/analysis.ts';
import { user } from '../db/schema/auth.ts';
import { utilityBill } from '../db/schema/bills.ts';
import { userPreferences } from '../db/schema/notifications.ts';
import { type BillsTestContext, createBillsTestContext } from '../features/bills/bills.test-support.ts';

let ctx: BillsTestContext;
const cookies = { alice: '', bob: '' };
const ids = { alice: '', bob: '' };
type Who = keyof typeof cookies | null;

const memoryOf = async (who: Who) => ctx.json<{ memory: AiMemory }>(who && cookies[who], '/api/assistant/memory');
const remember = (who: Who, body: unknown) => ctx.json<{ memory: AiMemory }>(who && cookies[who], '/api/assistant/memory', { method: 'PUT', body });
const checkMilestones = (who: Who) => ctx.json<MilestoneCheck>(who && cookies[who], '/api/assistant/milestones', { method: 'POST' });

/** A read, analysed bill with one recommendation worth `yearly` dollars a year: the id of the recommendation. */
async function seedRecommendation(userId: string, yearly: number): Promise<string> {
  const [bill] = await ctx.database.db
    .insert(utilityBill)
    .values({ userId, fileName: 'b.pdf', filePath: `${userId}/b-${yearly}.pdf`, mimeType: 'application/pdf', fileSize: 1, propertyType: 'residential', billType: 'electricity', status: 'processed', analyzed: true })
    .returning({ id: utilityBill.id });
  const [rec] = await ctx.database.db
    .insert(savingRecommendation)
    .values({ userId, billId: bill?.id ?? '', recommendationType: `tip_${yearly}`, title: `Tip worth ${yearly}`, description: 'Do it', estimatedSavings: yearly })
    .returning({ id: savingRecommendation.id });
  return rec?.id ?? '';
}

beforeAll(async () => {
  ctx = await createBillsTestContext({}, { startWorker: false });
  for (const who of ['alice', 'bob'] as const) {
    const email = `memory-${who}-${process.pid}-${Date.now()}@example.com`;
    cookies[who] = await ctx.signIn(email);
    const [row] = await ctx.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    ids[who] = row?.id ?? '';
  }
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('assistant memory', () => {
  it('asks a visitor to sign in (visitors keep theirs in local storage)', async () => {
    expect((await memoryOf(null)).status).toBe(401);
    expect((await remember(null, { preferredPersonality: 'lumi' })).status).toBe(401);
    expect((await checkMilestones(null)).status).toBe(401);
  });

  it('starts from the defaults and keeps what the bubble remembers, field by field', async () => {
    const first = await memoryOf('alice');
    expect(first.status).toBe(200);
    expect(first.body.memory).toMatchObject({ preferredPersonality: 'bolt', greetingSeen: false, dismissCount: 0, milestonesAchieved: [], totalSavings: null });

    await remember('alice', { preferredPersonality: 'wattson', greetingSeen: true });
    const after = await remember('alice', { dismissedAt: 1_790_000_000_000, dismissCount: 2, lastZipCode: '90210', location: { city: 'Beverly Hills', state: 'CA' } });
    expect(after.status).toBe(200);
    expect(after.body.memory).toMatchObject({ preferredPersonality: 'wattson', greetingSeen: true, dismissCount: 2, lastZipCode: '90210', location: { city: 'Beverly Hills', state: 'CA' } });
    expect((await memoryOf('alice')).body.memory).toEqual(after.body.memory);
  });

  it('rejects what is not a memory field, and milestones written by the client', async () => {
    expect((await remember('alice', { preferredPersonality: 'hal9000' })).status).toBe(422);
    expect((await remember('alice', { lastZipCode: '1234' })).status).toBe(422);
    expect((await remember('alice', { milestonesAchieved: ['saved100', 'firstApplication'] })).status).toBe(422);
    expect((await remember('alice', { totalSavings: 1000 })).status).toBe(422);
    expect((await memoryOf('alice')).body.memory.milestonesAchieved).toEqual([]);
  });

  it('lives beside the notification toggles without disturbing them', async () => {
    const prefs = await ctx.json<NotificationPreferences>(cookies.alice, '/api/notifications/preferences');
    const toggled = { ...prefs.body, emailNotifications: !prefs.body.emailNotifications };
    expect((await ctx.json(cookies.alice, '/api/notifications/preferences', { method: 'PUT', body: toggled })).status).toBe(200);
    await remember('alice', { greetingSeen: true, lastVisitedPage: '/dashboard' });
    expect((await ctx.json<NotificationPreferences>(cookies.alice, '/api/notifications/preferences')).body.emailNotifications).toBe(toggled.emailNotifications);
    expect((await memoryOf('alice')).body.memory.preferredPersonality).toBe('wattson');
    const [row] = await ctx.database.db.select().from(userPreferences).where(eq(userPreferences.userId, ids.alice));
    // (The email switch itself lives in email_preferences since decision 073; the JSON keeps the memory.)
    expect(row?.notificationPreferences).toMatchObject({ aiMemory: { preferredPersonality: 'wattson', lastVisitedPage: '/dashboard' } });
  });

  it('is described in the OpenAPI document with its schemas', async () => {
    const doc = (await (await ctx.app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } };
    expect(Object.keys(doc.paths['/api/assistant/memory'] ?? {})).toEqual(expect.arrayContaining(['get', 'put']));
    expect(doc.paths['/api/assistant/milestones']).toHaveProperty('post');
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['AiMemory', 'AiMemoryUpdate', 'MilestoneCheck']));
  });

  it("another user neither reads nor changes it: each has their own", async () => {
    const bobs = await memoryOf('bob');
    expect(bobs.body.memory).toMatchObject({ preferredPersonality: 'bolt', lastZipCode: null, dismissCount: 0 });
    await remember('bob', { preferredPersonality: 'lumi', lastZipCode: '10001' });
    expect((await memoryOf('alice')).body.memory).toMatchObject({ preferredPersonality: 'wattson', lastZipCode: '90210' });
    expect((await memoryOf('bob')).body.memory).toMatchObject({ preferredPersonality: 'lumi', lastZipCode: '10001' });
  });

  it('reads a stored memory of the wrong shape field by field, with defaults for what does not fit', async () => {
    await ctx.database.db
      .update(userPreferences)
      .set({ notificationPreferences: { aiMemory: { preferredPersonality: 'skynet', dismissCount: 3, milestonesAchieved: ['saved100', 'bogus'] } } })
      .where(eq(userPreferences.userId, ids.bob));
    expect((await memoryOf('bob')).body.memory).toMatchObject({ preferredPersonality: 'bolt', dismissCount: 3, milestonesAchieved: [] });
  });
});

describe('assistant milestones', () => {
  it('fires nothing before the user has saved or applied for anything', async () => {
    const { status, body } = await checkMilestones('alice');
    expect(status).toBe(200);
    expect(body).toMatchObject({ reached: [], totalSavings: 0, applications: 0 });
  });

  it("fires '$100 saved' once from the recommendations the user marked implemented", async () => {
    const small = await seedRecommendation(ids.alice, 60);
    const large = await seedRecommendation(ids.alice, 45.5);
    expect((await ctx.json(cookies.alice, `/api/gamification/recommendations/${small}/implement`, { method: 'POST' })).status).toBe(200);
    expect((await checkMilestones('alice')).body).toMatchObject({ reached: [], totalSavings: 60 });
    expect((await ctx.json(cookies.alice, `/api/gamification/recommendations/${large}/implement`, { method: 'POST' })).status).toBe(200);
    const reached = await checkMilestones('alice');
    expect(reached.body).toMatchObject({ reached: ['saved100'], totalSavings: 105.5, memory: { milestonesAchieved: ['saved100'], totalSavings: 105.5 } });
    // Shown once: the next check (another tab, another device) does not fire it again.
    expect((await checkMilestones('alice')).body.reached).toEqual([]);
    expect((await memoryOf('alice')).body.memory.milestonesAchieved).toEqual(['saved100']);
    // A later memory write from the bubble keeps it.
    expect((await remember('alice', { greetingSeen: true })).body.memory.milestonesAchieved).toEqual(['saved100']);
  });

  it("fires 'first rebate application' once, from the applications tracker", async () => {
    const created = await ctx.json(cookies.alice, '/api/applications', { method: 'POST', body: { rebateId: 'ga-hear-heat-pump', programName: 'Georgia HEAR heat pump' } });
    expect(created.status).toBe(201);
    expect((await checkMilestones('alice')).body).toMatchObject({ reached: ['firstApplication'], applications: 1 });
    await ctx.json(cookies.alice, '/api/applications', { method: 'POST', body: { rebateId: 'ga-hear-insulation', programName: 'Georgia HEAR insulation' } });
    expect((await checkMilestones('alice')).body).toMatchObject({ reached: [], applications: 2, memory: { milestonesAchieved: ['saved100', 'firstApplication'] } });
  });

  it("another user's savings and applications never count for them", async () => {
    const bob = await checkMilestones('bob');
    expect(bob.body).toMatchObject({ reached: [], totalSavings: 0, applications: 0 });
  });
});
