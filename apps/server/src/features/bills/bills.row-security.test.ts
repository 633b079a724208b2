import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billAnalysis,
  mlFeedback,
  processingRun,
  property,
  savingRecommendation,
  utilityAccount,
  utilityBill,
} from '../../db/schema/index.ts';
import { withUserScope } from '../../db/user-scope.ts';
import { type BillsTestContext, createBillsTestContext, TEXT_BILL } from './bills.test-support.ts';

// Also on PostgreSQL: row-level security through the restricted role.

// Row-level security (migration 0002): inside a user's scope, a query WITHOUT a user filter
// still sees and changes only that user's rows.

const OWNED_TABLES = { property, utilityAccount, utilityBill, billAnalysis, savingRecommendation, mlFeedback, processingRun };

let ctx: BillsTestContext;
const users: Record<'a' | 'b', { id: string; billId: string }> = { a: { id: '', billId: '' }, b: { id: '', billId: '' } };

async function billOf(cookie: string): Promise<{ userId: string; billId: string }> {
  const res = await ctx.upload(cookie, TEXT_BILL.bytes, TEXT_BILL.name);
  const { bill } = (await res.json()) as { bill: { id: string } };
  await ctx.waitForBill(cookie, bill.id);
  expect((await ctx.json(cookie, `/api/bills/${bill.id}/analyze`, { method: 'POST' })).status).toBe(200);
  const feedback = await ctx.json(cookie, '/api/feedback', {
    method: 'POST',
    body: { feedbackType: 'improvement', entityType: 'bill', entityId: bill.id, userNotes: 'Clear bill' },
  });
  expect(feedback.status).toBe(201);
  const [row] = await ctx.database.db.select({ userId: utilityBill.userId }).from(utilityBill).where(eq(utilityBill.id, bill.id));
  return { userId: row?.userId ?? '', billId: bill.id };
}

beforeAll(async () => {
  ctx = await createBillsTestContext();
  for (const key of ['a', 'b'] as const) {
    const { userId, billId } = await billOf(await ctx.signIn());
    users[key] = { id: userId, billId };
  }
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('row-level security on the tables a user owns', () => {
  it('shows only the scoped user rows to a query without a user filter, in every table', async () => {
    for (const [name, table] of Object.entries(OWNED_TABLES)) {
      // The owner connection (jobs, admin) sees both users' rows…
      const all = await ctx.database.db.select({ userId: table.userId }).from(table);
      expect(new Set(all.map((r) => r.userId)), name).toEqual(new Set([users.a.id, users.b.id]));
      // …a scoped one only its own.
      const seen = await withUserScope(ctx.database.db, users.a.id, (db) => db.select({ userId: table.userId }).from(table));
      expect(seen.length, name).toBeGreaterThan(0);
      expect(new Set(seen.map((r) => r.userId)), name).toEqual(new Set([users.a.id]));
    }
  });

  it("cannot update or delete another user's rows, even by id", async () => {
    const changed = await withUserScope(ctx.database.db, users.a.id, async (db) => ({
      updated: await db.update(utilityBill).set({ totalAmount: 1 }).where(eq(utilityBill.id, users.b.billId)).returning(),
      deleted: await db.delete(mlFeedback).where(eq(mlFeedback.entityId, users.b.billId)).returning(),
    }));
    expect(changed).toEqual({ updated: [], deleted: [] });
    const [bill] = await ctx.database.db.select().from(utilityBill).where(eq(utilityBill.id, users.b.billId));
    expect(bill?.totalAmount).toBe(TEXT_BILL.truth.totalAmount);
    expect(await ctx.database.db.select().from(mlFeedback).where(eq(mlFeedback.entityId, users.b.billId))).toHaveLength(1);
  });

  it("refuses a row written in another user's name", async () => {
    await expect(
      withUserScope(ctx.database.db, users.a.id, (db) =>
        db.insert(property).values({ userId: users.b.id, name: 'Not mine', propertyType: 'residential' }),
      ),
    ).rejects.toThrow();
  });

  it('sees nothing at all without a user, and leaves the pooled connection as it found it', async () => {
    const none = await withUserScope(ctx.database.db, '', (db) => db.select().from(utilityBill));
    expect(none).toEqual([]);
    const { rows } = await ctx.database.execute("select current_user as role, coalesce(current_setting('wattwise.user_id', true), '') as scoped");
    expect(rows[0]?.role).not.toBe('wattwise_user_scope');
    expect(rows[0]?.scoped).toBe('');
  });
});
