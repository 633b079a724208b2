import type { RecommendationCard } from '@wattwise/shared/contract/analysis';
import type { BillList } from '@wattwise/shared/contract/bills';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billAnalysis, savingRecommendation } from '../../db/schema/analysis.ts';
import { user } from '../../db/schema/auth.ts';
import { utilityBill } from '../../db/schema/bills.ts';
import { meter } from '../../db/schema/meter-data.ts';
import { property } from '../../db/schema/properties.ts';
import { withUserScope } from '../../db/user-scope.ts';
import { TEST_ORIGIN } from '../../test/test-app.ts';
import { type BillsTestContext, createBillsTestContext } from './bills.test-support.ts';

// Also on PostgreSQL: kept answers invalidated by changes another connection makes.

// The bill list and the recommendation cards keep their answers in memory while the user's bills
// and recommendations are unchanged (http/versioned-answers.ts, migrations 0008 and 0015). A kept
// answer must never be older than the data, whichever process or role changed it, and never reach
// another user.

let ctx: BillsTestContext;
const users: Record<'a' | 'b', { cookie: string; id: string }> = { a: { cookie: '', id: '' }, b: { cookie: '', id: '' } };

beforeAll(async () => {
  ctx = await createBillsTestContext({}, { startWorker: false });
  for (const key of ['a', 'b'] as const) {
    const email = `list-cache-${key}-${Date.now()}@example.com`;
    const cookie = await ctx.signIn(email);
    const [row] = await ctx.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    users[key] = { cookie, id: row?.id ?? '' };
  }
});
afterAll(async () => {
  await ctx?.close();
});

async function seedBill(userId: string, name: string, totalAmount: number): Promise<string> {
  const [row] = await ctx.database.db
    .insert(utilityBill)
    .values({ userId, fileName: name, filePath: `${userId}/${name}`, mimeType: 'application/pdf', fileSize: 1000, propertyType: 'residential', billType: 'electricity', status: 'processed', totalAmount })
    .returning({ id: utilityBill.id });
  return row?.id ?? '';
}

async function list(cookie: string, headers: Record<string, string> = {}) {
  const res = await ctx.app.request('/api/bills?limit=10', { headers: { cookie, origin: TEST_ORIGIN, ...headers } });
  const text = await res.text();
  return { status: res.status, etag: res.headers.get('etag'), body: text ? (JSON.parse(text) as BillList) : null };
}

describe('bill list answers kept while the bills are unchanged', () => {
  it('shows a change written straight to the table (as the worker or another instance would) on the next read', async () => {
    const id = await seedBill(users.a.id, 'march.pdf', 80);
    const first = await list(users.a.cookie);
    expect(first.body?.items.map((b) => b.totalAmount)).toEqual([80]);
    expect((await list(users.a.cookie)).body).toEqual(first.body);

    await ctx.database.db.update(utilityBill).set({ totalAmount: 95.5 }).where(eq(utilityBill.id, id));
    expect((await list(users.a.cookie)).body?.items.map((b) => b.totalAmount)).toEqual([95.5]);

    await seedBill(users.a.id, 'april.pdf', 70);
    expect((await list(users.a.cookie)).body?.total).toBe(2);

    await ctx.database.db.delete(utilityBill).where(eq(utilityBill.id, id));
    expect((await list(users.a.cookie)).body?.items.map((b) => b.fileName)).toEqual(['april.pdf']);
  });

  it('keeps the figures of every bill (the dashboard summary) the same way', async () => {
    const figures = async (headers: Record<string, string> = {}) => {
      const res = await ctx.app.request('/api/bills/figures', { headers: { cookie: users.a.cookie, origin: TEST_ORIGIN, ...headers } });
      const text = await res.text();
      return { status: res.status, etag: res.headers.get('etag'), items: text ? (JSON.parse(text) as { items: { totalAmount: number | null }[] }).items : null };
    };
    const before = await figures();
    expect((await figures({ 'if-none-match': before.etag ?? '' })).status).toBe(304);
    const id = await seedBill(users.a.id, 'figures.pdf', 33.5);
    const after = await figures({ 'if-none-match': before.etag ?? '' });
    expect(after.status).toBe(200);
    expect(after.items?.map((b) => b.totalAmount)).toContain(33.5);
    expect(after.items).toHaveLength((before.items?.length ?? 0) + 1);
    await ctx.database.db.delete(utilityBill).where(eq(utilityBill.id, id));
    expect((await figures()).items).toHaveLength(before.items?.length ?? 0);
  });

  it('counts a change made under row-level security (the restricted role) too', async () => {
    const before = await list(users.a.cookie);
    await withUserScope(ctx.database.db, users.a.id, (db) => db.update(utilityBill).set({ totalAmount: 71.25 }).where(eq(utilityBill.userId, users.a.id)));
    const after = await list(users.a.cookie);
    expect(after.body?.items.map((b) => b.totalAmount)).toEqual([71.25]);
    expect(after.etag).not.toBe(before.etag);
  });

  it('answers 304 to the current tag and 200 with the new list once a bill changed', async () => {
    const current = await list(users.a.cookie);
    expect(current.etag).toBeTruthy();
    const unchanged = await list(users.a.cookie, { 'if-none-match': current.etag ?? '' });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBeNull();

    await seedBill(users.a.id, 'may.pdf', 64);
    const changed = await list(users.a.cookie, { 'if-none-match': current.etag ?? '' });
    expect(changed.status).toBe(200);
    expect(changed.body?.total).toBe((current.body?.total ?? 0) + 1);
    expect(changed.etag).not.toBe(current.etag);
  });

  it('sends a long answer gzipped to a browser that accepts gzip, compressed afresh once the bills changed', async () => {
    for (const month of ['july', 'august', 'september']) await seedBill(users.a.id, `${month}.pdf`, 50);
    const gzipped = async () => {
      const res = await ctx.app.request('/api/bills?limit=10', { headers: { cookie: users.a.cookie, origin: TEST_ORIGIN, 'accept-encoding': 'gzip, deflate, br' } });
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('vary')).toContain('Accept-Encoding');
      return { etag: res.headers.get('etag'), body: JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8')) as BillList };
    };
    const plain = await list(users.a.cookie);
    expect(JSON.stringify(plain.body).length).toBeGreaterThan(1024);
    const first = await gzipped();
    expect(first).toEqual({ etag: plain.etag, body: plain.body });
    // Kept: the same bytes again, and the same answer for a browser that takes no gzip.
    expect(await gzipped()).toEqual(first);
    expect((await list(users.a.cookie, { 'accept-encoding': 'gzip;q=0, identity' })).body).toEqual(plain.body);

    await seedBill(users.a.id, 'october.pdf', 51);
    const changed = await gzipped();
    expect(changed.body.total).toBe((plain.body?.total ?? 0) + 1);
    expect(changed.etag).not.toBe(first.etag);
  });

  it("never gives one user another's kept answer, even for the other's tag", async () => {
    const ofA = await list(users.a.cookie);
    const ofB = await list(users.b.cookie, { 'if-none-match': ofA.etag ?? '' });
    expect(ofB.status).toBe(200);
    expect(ofB.body).toEqual({ items: [], total: 0, nextCursor: null });
    expect(ofB.etag).not.toBe(ofA.etag);
  });

  it('keeps nothing for a visitor', async () => {
    const res = await ctx.app.request('/api/bills?limit=10');
    expect(res.status).toBe(401);
    expect(res.headers.get('etag')).toBeNull();
  });
});

describe('recommendation cards kept while bills and recommendations are unchanged', () => {
  async function cards(cookie: string, headers: Record<string, string> = {}) {
    const res = await ctx.app.request('/api/recommendations', { headers: { cookie, origin: TEST_ORIGIN, ...headers } });
    const text = await res.text();
    return { status: res.status, etag: res.headers.get('etag'), body: text ? (JSON.parse(text) as { recommendations: RecommendationCard[] }) : null };
  }

  it('shows a recommendation written straight to the table on the next read, and 304 while nothing changed', async () => {
    const billId = await seedBill(users.b.id, 'june.pdf', 120);
    const before = await cards(users.b.cookie);
    expect(before.body?.recommendations).toEqual([]);
    expect((await cards(users.b.cookie, { 'if-none-match': before.etag ?? '' })).status).toBe(304);

    await ctx.database.db.insert(savingRecommendation).values({ userId: users.b.id, billId, recommendationType: 'led_lighting', title: 'Switch to LEDs', description: 'LEDs', estimatedSavings: 85 });
    const after = await cards(users.b.cookie, { 'if-none-match': before.etag ?? '' });
    expect(after.status).toBe(200);
    expect(after.body?.recommendations.map((r) => [r.title, r.savings])).toEqual([['Switch to LEDs', 85]]);

    // Another user never gets them, even with the owner's tag.
    const ofA = await cards(users.a.cookie, { 'if-none-match': after.etag ?? '' });
    expect(ofA.status).toBe(200);
    expect(ofA.body?.recommendations.map((r) => r.title)).not.toContain('Switch to LEDs');

    await ctx.database.db.update(savingRecommendation).set({ estimatedSavings: 90 }).where(eq(savingRecommendation.billId, billId));
    expect((await cards(users.b.cookie)).body?.recommendations.map((r) => r.savings)).toEqual([90]);
  });
});

describe('one bill\'s detail kept while the bills, analyses and meters are unchanged (decision 200)', () => {
  async function detail(cookie: string, id: string, headers: Record<string, string> = {}) {
    const res = await ctx.app.request(`/api/bills/${id}`, { headers: { cookie, origin: TEST_ORIGIN, ...headers } });
    const text = await res.text();
    type Detail = { bill: { totalAmount: number | null; analysis: unknown; recommendations: unknown[]; meterCheck: unknown } };
    return { status: res.status, etag: res.headers.get('etag'), body: text ? (JSON.parse(text) as Detail) : null };
  }

  it('shows an analysis or recommendation written straight to its table on the next read, 304 while nothing changed', async () => {
    const id = await seedBill(users.b.id, 'detail.pdf', 42);
    const first = await detail(users.b.cookie, id);
    expect(first.body?.bill.analysis).toBeNull();
    expect((await detail(users.b.cookie, id, { 'if-none-match': first.etag ?? '' })).status).toBe(304);

    // An analysis saved by a worker or another instance, with no change to the bill row.
    await ctx.database.db.insert(billAnalysis).values({ userId: users.b.id, billId: id, analysis: { summary: 'kept?' } });
    const analysed = await detail(users.b.cookie, id, { 'if-none-match': first.etag ?? '' });
    expect(analysed.status).toBe(200);
    expect(analysed.body?.bill.analysis).not.toBeNull();

    await ctx.database.db.delete(billAnalysis).where(eq(billAnalysis.billId, id));
    expect((await detail(users.b.cookie, id)).body?.bill.analysis).toBeNull();

    // Another user gets 404, never the kept answer.
    expect((await detail(users.a.cookie, id, { 'if-none-match': first.etag ?? '' })).status).toBe(404);
    await ctx.database.db.delete(utilityBill).where(eq(utilityBill.id, id));
    expect((await detail(users.b.cookie, id)).status).toBe(404);
  });

  it('keeps no answer, and sends no tag, while a meter of the bill\'s kind could change it', async () => {
    const [home] = await ctx.database.db.insert(property).values({ userId: users.b.id, name: 'Home' }).returning({ id: property.id });
    const [row] = await ctx.database.db
      .insert(utilityBill)
      .values({ userId: users.b.id, propertyId: home?.id, fileName: 'metered.pdf', filePath: `${users.b.id}/metered.pdf`, mimeType: 'application/pdf', fileSize: 1000, propertyType: 'residential', billType: 'electricity', status: 'processed', totalAmount: 50, usageAmount: 400, usageUnit: 'kWh', servicePeriodStart: '2026-01-01', servicePeriodEnd: '2026-01-31' })
      .returning({ id: utilityBill.id });
    const id = row?.id ?? '';
    const before = await detail(users.b.cookie, id);
    expect(before.status).toBe(200);
    expect(before.etag).toBeTruthy();

    // A meter added under the bill's property: the detail now depends on its readings.
    await ctx.database.db.insert(meter).values({ userId: users.b.id, propertyId: home?.id ?? '', sourceId: 'm1', commodity: 'electricity', unit: 'kWh', intervalSeconds: 3600, timeZone: 'UTC' });
    const metered = await detail(users.b.cookie, id, { 'if-none-match': before.etag ?? '' });
    expect(metered.status).toBe(200);
    expect(metered.etag).toBeNull();
    expect((await detail(users.b.cookie, id)).etag).toBeNull();
  });
});

describe('with the cache off (BILL_LIST_CACHE_MB=0)', () => {
  it('builds every answer and still tags it', async () => {
    const other = await createBillsTestContext({ BILL_LIST_CACHE_MB: '0' }, { startWorker: false });
    try {
      const email = `list-nocache-${Date.now()}@example.com`;
      const cookie = await other.signIn(email);
      const [row] = await other.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
      await other.database.db.insert(utilityBill).values({ userId: row?.id ?? '', fileName: 'a.pdf', filePath: 'x/a.pdf', mimeType: 'application/pdf', fileSize: 1, propertyType: 'residential', billType: 'electricity', status: 'processed', totalAmount: 12 });
      const res = await other.app.request('/api/bills', { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).toMatch(/^W\/"/);
      expect(((await res.json()) as BillList).items.map((b) => b.totalAmount)).toEqual([12]);
    } finally {
      await other.close();
    }
  });
});
