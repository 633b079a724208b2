import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utilityBill } from '../../db/schema/index.ts';
import { TEST_ORIGIN } from '../../test/test-app.ts';
import { startBillWorker } from './bills.jobs.ts';
import { BILL_MESSAGES } from './bills.messages.ts';
import { type BillsTestContext, createBillsTestContext, TEXT_BILL } from './bills.test-support.ts';

// Also on PostgreSQL: the job queue retries on the server.

// A file missing from storage when its bill is to be read (a worker on a host that cannot see
// it, a lost object) fails the bill as 'file unavailable' and keeps its slot in the month's
// allowance: the upload itself went through (issue 26: a free user got four bills through in one month).

let ctx: BillsTestContext;
let stopWorker: (() => void) | undefined;
beforeAll(async () => {
  ctx = await createBillsTestContext({ PLAN_LIMITS: 'true' }, { startWorker: false });
});
afterAll(async () => {
  stopWorker?.();
  await ctx?.close();
});

describe('a bill whose file storage lost', () => {
  it('fails as file unavailable without freeing the plan slot, even once deleted', async () => {
    const cookie = await ctx.signIn();
    const uploaded = await ctx.upload(cookie, TEXT_BILL.bytes, 'bill.pdf');
    expect(uploaded.status).toBe(202);
    const id = ((await uploaded.json()) as { bill: { id: string } }).bill.id;
    const [row] = await ctx.database.db.select({ filePath: utilityBill.filePath }).from(utilityBill).where(eq(utilityBill.id, id));
    await ctx.bills.storage.delete(row?.filePath ?? '');
    stopWorker = (await startBillWorker({ ...ctx.bills, database: ctx.database }, ctx.queue, { expireSeconds: ctx.config.billJobExpireSeconds })).stop;

    const bill = await ctx.waitForBill(cookie, id);
    expect(bill.status).toBe('failed');
    expect(bill.failureReason).toBe(BILL_MESSAGES.fileUnavailable);
    expect((await ctx.json(cookie, '/api/bills/allowance')).body).toMatchObject({ plan: 'free', limit: 1, used: 1, canUpload: false });
    expect((await ctx.upload(cookie, TEXT_BILL.bytes, 'again.pdf')).status).toBe(403);

    // Deleting the failed bill does not give the slot back either.
    expect((await ctx.app.request(`/api/bills/${id}`, { method: 'DELETE', headers: { origin: TEST_ORIGIN, cookie } })).status).toBe(204);
    expect((await ctx.json(cookie, '/api/bills/allowance')).body).toMatchObject({ used: 1, canUpload: false });

    // Another user's allowance is their own; a visitor has none.
    const other = await ctx.signIn();
    expect((await ctx.json(other, '/api/bills/allowance')).body).toMatchObject({ used: 0, canUpload: true });
    expect((await ctx.json(null, '/api/bills/allowance')).status).toBe(401);
  }, 60_000);
});
