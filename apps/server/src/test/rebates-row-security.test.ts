// Row-level security on applications (migration 0004), on PGlite and PostgreSQL alike: inside a
// user's scope, a query WITHOUT a user filter sees and changes only that user's rows, and the
// public catalogue is readable but not writable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebateApplication, rebateIncentive } from '../db/schema/rebates.ts';
import { withUserScope } from '../db/user-scope.ts';
import { createVerifiedUser } from '../features/demo/demo.service.ts';
import { createApplication, ensureCatalogue } from '../features/rebates/rebates.service.ts';
import { createTestContext, STRONG_PASSWORD, type TestContext } from './test-app.ts';

// Also on PostgreSQL: row-level security through the restricted role.

let ctx: TestContext;
const ids = { a: '', b: '' };

beforeAll(async () => {
  ctx = await createTestContext();
  for (const key of ['a', 'b'] as const) {
    const { userId } = await createVerifiedUser(ctx.auth, `rls-${key}-${Date.now()}@example.com`, STRONG_PASSWORD);
    ids[key] = userId;
    await createApplication(ctx.database.db, userId, { rebateId: 'ga-hear-heat-pump', programName: `Heat pump of ${key}` });
  }
  await ensureCatalogue(ctx.database.db);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('row-level security on applications', () => {
  it('a scoped query without a user filter sees only its own applications', async () => {
    const all = await ctx.database.db.select({ userId: rebateApplication.userId }).from(rebateApplication);
    expect(new Set(all.map((r) => r.userId))).toEqual(new Set([ids.a, ids.b]));
    const seen = await withUserScope(ctx.database.db, ids.a, (db) => db.select({ userId: rebateApplication.userId }).from(rebateApplication));
    expect(seen.map((r) => r.userId)).toEqual([ids.a]);
  });

  it('a scoped update or delete without a user filter leaves the other user alone', async () => {
    await withUserScope(ctx.database.db, ids.a, (db) => db.update(rebateApplication).set({ currentStatus: 'Paid' }));
    await withUserScope(ctx.database.db, ids.a, (db) => db.delete(rebateApplication));
    const left = await ctx.database.db.select().from(rebateApplication);
    expect(left.map((r) => [r.userId, r.currentStatus])).toEqual([[ids.b, 'Submitted']]);
  });

  it('a scoped user cannot write an application for someone else, nor change the catalogue', async () => {
    await expect(
      withUserScope(ctx.database.db, ids.a, (db) => db.insert(rebateApplication).values({ userId: ids.b, rebateId: 'x', programName: 'Not mine' })),
    ).rejects.toThrow();
    const read = await withUserScope(ctx.database.db, ids.a, (db) => db.select({ id: rebateIncentive.id }).from(rebateIncentive));
    expect(read.length).toBeGreaterThan(10);
    await expect(withUserScope(ctx.database.db, ids.a, (db) => db.update(rebateIncentive).set({ monetaryValue: 1 }))).rejects.toThrow();
  });
});
