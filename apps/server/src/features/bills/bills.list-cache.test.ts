import type { BillList } from '@wattwise/shared/contract/bills';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../db/schema/auth.ts';
import { utilityBill } from '../../db/schema/bills.ts';
import { withUserScope } from '../../db/user-scope.ts';
import { TEST_ORIGIN } from '../../test/test-app.ts';
import { type BillsTestContext, createBillsTestContext } from './bills.test-support.ts';

// The bill list keeps its answers in memory while the user's bills are unchanged
// (bill-list-cache.ts, migration 0008). A kept answer must never be older than the bills,
// whichever process or role changed them, and never reach another user.

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
