import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN } from '../../test/test-app.ts';
import { type BillsTestContext, createBillsTestContext, TEXT_BILL } from './bills.test-support.ts';

// 'Read from bill' on /payment (issue 28, decision 232): POST /api/bill-readings reads a bill file
// and answers its fields; it keeps nothing — no bill row, no stored file, no slot of the month's
// allowance — so reading a bill to pay it never saves a duplicate. No worker runs: any bill
// row the reading made would stay visible as queued.

let ctx: BillsTestContext;
beforeAll(async () => {
  ctx = await createBillsTestContext({ PLAN_LIMITS: 'true' }, { startWorker: false });
});
afterAll(async () => {
  await ctx?.close();
});

/** Bill rows of every user: a reading must add none, whoever asks. */
async function billRows(): Promise<number> {
  const result: unknown = await ctx.bills.db.execute(sql`select count(*)::int as n from utility_bills`);
  return Number((result as { rows: Array<{ n: number }> }).rows[0]?.n);
}

function readBill(cookie: string | null, bytes: Uint8Array, fileName: string) {
  const form = new FormData();
  form.set('bill', new File([Buffer.from(bytes)], fileName));
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (cookie) headers.cookie = cookie;
  return ctx.app.request('/api/bill-readings', { method: 'POST', headers, body: form });
}

describe('reading a bill without keeping it', () => {
  it('answers the fields of the bill and stores no bill, no file and no upload of the month', async () => {
    const cookie = await ctx.signIn();
    const before = await ctx.json<{ used: number }>(cookie, '/api/bills/allowance');
    const res = await readBill(cookie, TEXT_BILL.bytes, TEXT_BILL.name);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const { reading } = (await res.json()) as { reading: Record<string, unknown> };
    expect(reading).toMatchObject({
      accountNumber: TEXT_BILL.truth.accountNumber,
      totalAmount: TEXT_BILL.truth.totalAmount,
      dueDate: TEXT_BILL.truth.dueDate,
      billType: 'electricity',
    });

    expect((await ctx.json<{ total: number }>(cookie, '/api/bills')).body.total).toBe(0);
    expect(await billRows()).toBe(0);
    expect(ctx.storedFiles()).toEqual([]);
    const after = await ctx.json<{ used: number }>(cookie, '/api/bills/allowance');
    expect(after.body.used).toBe(before.body.used);

    // Saving it afterwards is an ordinary upload: one bill, one slot.
    const saved = await ctx.upload(cookie, TEXT_BILL.bytes, TEXT_BILL.name);
    expect(saved.status).toBe(202);
    expect((await ctx.json<{ total: number }>(cookie, '/api/bills')).body.total).toBe(1);
    expect((await ctx.json<{ used: number }>(cookie, '/api/bills/allowance')).body.used).toBe(before.body.used + 1);
  });

  it('is for signed-in users only, and leaves nothing another user can see', async () => {
    expect((await readBill(null, TEXT_BILL.bytes, TEXT_BILL.name)).status).toBe(401);
    const rows = await billRows();
    const reader = await ctx.signIn();
    const other = await ctx.signIn();
    expect((await readBill(reader, TEXT_BILL.bytes, TEXT_BILL.name)).status).toBe(200);
    expect(await billRows()).toBe(rows);
    for (const cookie of [reader, other]) expect((await ctx.json<{ total: number }>(cookie, '/api/bills')).body.total).toBe(0);
  });

  it('refuses what an upload refuses: a file that is not a bill is 415 and nothing is kept', async () => {
    const cookie = await ctx.signIn();
    const res = await readBill(cookie, new TextEncoder().encode('just some text, not a bill'), 'notes.txt');
    expect(res.status).toBe(415);
    expect((await ctx.json<{ total: number }>(cookie, '/api/bills')).body.total).toBe(0);
  });
});
