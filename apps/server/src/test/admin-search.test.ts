// The admin check and bill search through the HTTP API (issue 17): composed here because it spans the bills, search and admin features.
import type { BillSearchResponse } from '@wattwise/shared/contract/search';
import { ADMIN_MESSAGES } from '@wattwise/shared/contract/admin';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user as userTable } from '../db/schema/auth.ts';
import { utilityBill } from '../db/schema/bills.ts';
import { createAdmin } from '../features/auth/auth.service.ts';
import { searchBillsOfUser } from '../features/bills/bill-search.queries.ts';
import { type BillsTestContext, createBillsTestContext, TEXT_BILL } from '../features/bills/bills.test-support.ts';
import { solveCaptcha } from './test-app.ts';

// Also on PostgreSQL: full-text search and the admin's database status.

let ctx: BillsTestContext;
let alice: string;
let bob: string;
let admin: string;
let aliceId: string;
let bobId: string;

async function userIdOf(email: string): Promise<string> {
  const [row] = await ctx.database.db.select({ id: userTable.id }).from(userTable).where(eq(userTable.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** A read bill straight into the table (as the worker leaves it), with the text the reader saw. */
async function insertReadBill(userId: string, values: { provider: string; account: string; amount: number; end: string; text: string; createdAt?: Date }) {
  const [row] = await ctx.database.db
    .insert(utilityBill)
    .values({
      userId,
      fileName: 'bill.pdf',
      filePath: `${userId}/${Date.now()}-bill.pdf`,
      mimeType: 'application/pdf',
      fileSize: 1000,
      propertyType: 'residential',
      billType: 'electricity',
      status: 'processed',
      progress: 100,
      utilityProvider: values.provider,
      accountNumber: values.account,
      totalAmount: values.amount,
      servicePeriodEnd: values.end,
      extractedText: values.text,
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning({ id: utilityBill.id });
  if (!row) throw new Error('not inserted');
  return row.id;
}

const search = (cookie: string | null, body: unknown) => ctx.json<BillSearchResponse>(cookie, '/api/search/bills', { method: 'POST', body });

beforeAll(async () => {
  ctx = await createBillsTestContext();
  const stamp = Date.now();
  alice = await ctx.signIn(`search-alice-${stamp}@example.com`);
  bob = await ctx.signIn(`search-bob-${stamp}@example.com`);
  admin = await ctx.signIn(`search-admin-${stamp}@example.com`);
  await createAdmin(ctx.auth, `search-admin-${stamp}@example.com`);
  aliceId = await userIdOf(`search-alice-${stamp}@example.com`);
  bobId = await userIdOf(`search-bob-${stamp}@example.com`);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('the admin check', () => {
  it('answers 401 to a visitor, 403 with the spec message to a user, 200 to an admin', async () => {
    expect((await ctx.json(null, '/api/admin/status')).status).toBe(401);
    const denied = await ctx.json<{ error: { message: string } }>(alice, '/api/admin/status');
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe(ADMIN_MESSAGES.accessDenied);
    const ok = await ctx.json<{ isAdmin: boolean }>(admin, '/api/admin/status');
    expect(ok.status).toBe(200);
    expect(ok.body.isAdmin).toBe(true);
  });

  it("verifies a solved ALTCHA token for the dashboard once (a replay fails), for admins only", async () => {
    const token = await solveCaptcha(ctx.app);
    expect((await ctx.json(alice, '/api/admin/captcha/verify', { method: 'POST', body: { token, expectedAction: 'login' } })).status).toBe(403);
    const first = await ctx.json<{ success: boolean; score: number | null; action: string | null }>(admin, '/api/admin/captcha/verify', { method: 'POST', body: { token, expectedAction: 'login' } });
    // ALTCHA proves work and gives no score: none is invented.
    expect(first.body).toMatchObject({ success: true, score: null, action: null, actionMatch: null });
    const again = await ctx.json<{ success: boolean }>(admin, '/api/admin/captcha/verify', { method: 'POST', body: { token, expectedAction: 'login' } });
    expect(again.body.success).toBe(false);
  });
});

describe('bill search', () => {
  it("finds a bill read by the real worker by its provider and by a word of its text, ranked, with the hit marked", async () => {
    const res = await ctx.upload(alice, TEXT_BILL.bytes, TEXT_BILL.name);
    expect(res.status).toBe(202);
    const { bill } = (await res.json()) as { bill: { id: string } };
    expect((await ctx.waitForBill(alice, bill.id)).status).toBe('processed');
    const [row] = await ctx.database.db.select({ text: utilityBill.extractedText }).from(utilityBill).where(eq(utilityBill.id, bill.id));
    expect(row?.text).toContain('Bluestem');

    const found = await search(alice, { searchTerm: 'bluestem' });
    expect(found.status).toBe(200);
    const hit = found.body.results.find((r) => r.billId === bill.id);
    expect(hit?.billAmount).toBe(TEXT_BILL.truth.totalAmount);
    expect(hit?.highlightText).toMatch(/<mark>Bluestem<\/mark>/i);
    // The amount and the account are searchable too.
    expect((await search(alice, { searchTerm: String(TEXT_BILL.truth.totalAmount.toFixed(2)) })).body.results.map((r) => r.billId)).toContain(bill.id);
    expect((await search(alice, { searchTerm: 'no-such-word-anywhere' })).body.results).toEqual([]);
  }, 60_000);

  it('/metrics shows the queue depth and the processed bill in the processing-time and confidence histograms', async () => {
    const text = await (await ctx.app.request('/metrics')).text();
    expect(text).toContain('# TYPE wattwise_job_queue_depth gauge');
    expect(text).toMatch(/^wattwise_bill_processing_seconds_count \d+$/m);
    expect(Number(/^wattwise_extraction_confidence_count (\d+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(1);
  });

  it('escapes markup in the snippet: only the marks are HTML', async () => {
    await insertReadBill(aliceId, { provider: 'Script Power', account: '12-345', amount: 42.5, end: '2026-03-31', text: 'Note <script>alert("x")</script> & <b>bold</b> payment overdue' });
    const { body } = await search(alice, { searchTerm: 'alert overdue' });
    const snippet = body.results[0]?.highlightText ?? '';
    expect(snippet).toContain('&lt;script&gt;<mark>alert</mark>(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
    expect(snippet).not.toMatch(/<(?!\/?mark>)/);
    expect(snippet).toContain('<mark>overdue</mark>');
  });

  it('ranks the bill that matches more of the term first', async () => {
    await insertReadBill(aliceId, { provider: 'Rank Gas', account: 'R-1', amount: 10, end: '2026-01-31', text: 'winter heating heating heating surcharge' });
    await insertReadBill(aliceId, { provider: 'Rank Gas', account: 'R-1', amount: 11, end: '2026-02-28', text: 'heating once' });
    const { body } = await search(alice, { searchTerm: 'heating surcharge' });
    expect(body.results).toHaveLength(1);
    const both = await search(alice, { searchTerm: 'heating' });
    expect(both.body.results.map((r) => r.billAmount)).toEqual([10, 11]);
  });

  it('finds the same rank window by walking the newest bills or through the index (decision 103)', async () => {
    // Eight bills, oldest first: a word on all of them, another only on the two oldest.
    for (let i = 0; i < 8; i += 1) {
      // Upload times a second apart: the embedded database's clock may give quick inserts the same time.
      await insertReadBill(bobId, { provider: 'Window Power', account: 'W-1', amount: 100 + i, end: `2025-0${i + 1}-28`, text: `zephyrwind notice${i % 2 === 0 ? ' zephyrwind' : ''}${i < 2 ? ' quasarbolt' : ''}`, createdAt: new Date(Date.now() - (8 - i) * 1000) });
    }
    const amounts = async (term: string, scan: number) => (await searchBillsOfUser(ctx.database.db, bobId, term, 25, { rank: 3, scan })).map((r) => r.billAmount);
    // Common word: the walk of 5 fills the window of 3; ranked (two mentions first), then newest first.
    expect(await amounts('zephyrwind', 5)).toEqual([106, 107, 105]);
    expect(await amounts('zephyrwind', 1000)).toEqual([106, 107, 105]);
    // Word only on the oldest bills: the walk of 5 finds none and bob has more bills, so the index answers.
    expect(await amounts('quasarbolt', 5)).toEqual([101, 100]);
    expect(await amounts('quasarbolt', 1000)).toEqual([101, 100]);
    expect(await amounts('quasarbolt -zephyrwind', 5)).toEqual([]);
  });

  it("ignores another user's id from a non-admin: only the caller's bills come back", async () => {
    await insertReadBill(bobId, { provider: 'Bob Electric', account: 'B-9', amount: 99, end: '2026-02-28', text: 'overdue notice' });
    const { status, body } = await search(bob, { searchTerm: 'overdue', userId: aliceId });
    expect(status).toBe(200);
    expect(body.searchedUserId).toBe(bobId);
    expect(body.results.map((r) => r.utilityProviderId)).toEqual(['Bob Electric']);
    const aliceOwn = await search(alice, { searchTerm: 'overdue', userId: bobId });
    expect(aliceOwn.body.results.map((r) => r.utilityProviderId)).toEqual(['Script Power']);
  });

  it("honours the user id filter for an admin", async () => {
    const { body } = await search(admin, { searchTerm: 'overdue', userId: aliceId });
    expect(body.searchedUserId).toBe(aliceId);
    expect(body.results.map((r) => r.utilityProviderId)).toEqual(['Script Power']);
    expect((await search(admin, { searchTerm: 'overdue' })).body.results).toEqual([]);
  });

  it('refuses a blank term with the spec message, and a visitor with 401', async () => {
    const blank = await ctx.json<{ error: { message: string; details?: unknown } }>(alice, '/api/search/bills', { method: 'POST', body: { searchTerm: '   ' } });
    expect(blank.status).toBe(422);
    expect(JSON.stringify(blank.body)).toContain('Please enter a search term.');
    expect((await search(null, { searchTerm: 'overdue' })).status).toBe(401);
  });
});
