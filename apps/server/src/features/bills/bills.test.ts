import { extractBill } from '@wattwise/extractor/extract';
import { ExtractionError } from '@wattwise/extractor/types';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { billAnalysis, mlFeedback, processingRun, savingRecommendation, utilityBill } from '../../db/schema/index.ts';
import { SIGN_IN_REQUIRED } from '../../http/session.ts';
import { BILL_MESSAGES } from './bills.messages.ts';
import { findBill } from './bills.queries.ts';
import { analyzeBillRow } from '../analysis/analysis.service.ts';
import { ANALYSIS_PENDING_MS, applyBillCorrections } from './bills.service.ts';
import { type BillsTestContext, createBillsTestContext, PHOTO_BILL, TEXT_BILL } from './bills.test-support.ts';

// Also on PostgreSQL: uploads, reading and corrections through concurrent connections and raw SQL.

type Bill = Record<string, unknown> & { id: string; status: string };

let ctx: BillsTestContext;
/** Makes the next bill reading fail with this error (then reads normally again). */
let failNextWith: Error | null = null;

beforeAll(async () => {
  ctx = await createBillsTestContext(
    {},
    {
      extract: (bytes, opts) => {
        const error = failNextWith;
        failNextWith = null;
        return error ? Promise.reject(error) : extractBill(bytes, opts);
      },
    },
  );
});
afterAll(async () => {
  await ctx?.close();
});

const TRUTH = TEXT_BILL.truth;

async function uploadAndProcess(cookie: string, file = TEXT_BILL, fields: Record<string, string> = {}, timeoutMs?: number) {
  const res = await ctx.upload(cookie, file.bytes, file.name, fields);
  expect(res.status).toBe(202);
  const { bill } = (await res.json()) as { bill: Bill };
  return ctx.waitForBill(cookie, bill.id, timeoutMs);
}

async function countRows() {
  const bills = await ctx.database.db.select().from(utilityBill);
  return bills.length;
}

describe('upload → processing', () => {
  it('stores the file, queues the bill and reads provider, amount and due date', async () => {
    const cookie = await ctx.signIn();
    const res = await ctx.upload(cookie, TEXT_BILL.bytes, TEXT_BILL.name, { billType: 'electricity', propertyType: 'residential' });
    expect(res.status).toBe(202);
    const { bill } = (await res.json()) as { bill: Bill };
    expect(bill).toMatchObject({ status: 'queued', progress: 25, fileName: TEXT_BILL.name, utilityProvider: 'Unknown', totalAmount: null, analyzed: false });

    const done = await ctx.waitForBill(cookie, bill.id);
    expect(done).toMatchObject({
      status: 'processed',
      progress: 100,
      utilityProvider: TRUTH.utilityProvider,
      accountNumber: TRUTH.accountNumber,
      totalAmount: TRUTH.totalAmount,
      dueDate: TRUTH.dueDate,
      servicePeriodStart: TRUTH.servicePeriodStart,
      servicePeriodEnd: TRUTH.servicePeriodEnd,
      usageAmount: TRUTH.usageAmount,
      usageUnit: TRUTH.usageUnit,
      duplicateOfId: null,
    });
    expect(done.processingConfidence).toBeGreaterThan(0.8);
    expect(done.accountId).toEqual(expect.any(String));
    const fields = done.fields as Record<string, { value: unknown; corrected: boolean }>;
    expect(fields.totalAmount).toMatchObject({ value: TRUTH.totalAmount, corrected: false, originalValue: TRUTH.totalAmount });
    const processing = done.processing as { strategy: { textractAPI: string }; processingCost: number; textSources: string[] };
    expect(processing.strategy.textractAPI).toBe('detect');
    expect(processing.textSources).toEqual(['text-layer']);
    expect(processing.processingCost).toBeCloseTo(0.0015, 6);

    // The original file, stored under {userId}/{timestamp}-{fileName}.
    const [row] = await ctx.database.db.select().from(utilityBill).where(eq(utilityBill.id, bill.id));
    expect(row?.filePath).toMatch(new RegExp(`^${row?.userId}/\\d+-${TEXT_BILL.name.replace('.', '\\.')}$`));
    const file = await ctx.app.request(`/api/bills/${bill.id}/file`, { headers: { cookie } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    // Downloaded, never framed or shown by the browser's PDF viewer (see bill-pages.test.ts).
    expect(file.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(file.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(TEXT_BILL.bytes))).toBe(true);

    // The account was created under the default property, and the run is in the cost summary.
    const accounts = await ctx.json<{ accounts: { id: string; provider: string; billCount: number; confirmed: boolean }[] }>(cookie, '/api/utility-accounts');
    expect(accounts.body.accounts).toEqual([expect.objectContaining({ id: done.accountId, provider: TRUTH.utilityProvider, billCount: 1, confirmed: false })]);
    const costs = await ctx.json<Record<string, unknown>>(cookie, '/api/processing/costs');
    expect(costs.body).toMatchObject({ documentsProcessed: 1, badge: 'Excellent', score: 85 });
    expect(costs.body.textractCosts).toBeCloseTo(0.0015, 6);
    const list = await ctx.json<{ items: Bill[] }>(cookie, '/api/bills?propertyType=residential');
    expect(list.body.items.map((b) => b.id)).toEqual([bill.id]);
    expect((await ctx.json<{ items: Bill[] }>(cookie, '/api/bills?propertyType=commercial')).body.items).toEqual([]);
  });

  it('streams progress over SSE: the current state first, then done with the bill', async () => {
    const cookie = await ctx.signIn();
    const res = await ctx.upload(cookie, TEXT_BILL.bytes, TEXT_BILL.name);
    const { bill } = (await res.json()) as { bill: Bill };
    const events = await ctx.app.request(`/api/bills/${bill.id}/events`, { headers: { cookie } });
    expect(events.status).toBe(200);
    expect(events.headers.get('content-type')).toContain('text/event-stream');
    const text = await events.text(); // the server closes the stream after `done`
    expect(text).toMatch(/^retry: 15000$/m); // a browser waits 15 s before reconnecting to a restarting server
    const names = [...text.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
    expect(names[0]).toBe('progress');
    expect(names.at(-1)).toBe('done');
    const done = /event: done\ndata: (.*)\n/.exec(text)?.[1];
    expect(JSON.parse(done ?? '{}')).toMatchObject({ bill: { id: bill.id, status: 'processed', totalAmount: TRUTH.totalAmount } });
  });

  it('reads a phone photo (JPEG) through OCR', { timeout: 180_000 }, async () => {
    const cookie = await ctx.signIn();
    // OCR of a whole photo: on a busy two-core machine this can take a minute.
    const photo = await uploadAndProcess(cookie, PHOTO_BILL, {}, 150_000);
    expect(photo).toMatchObject({ status: 'processed', totalAmount: PHOTO_BILL.truth.totalAmount });
    expect((photo.processing as { textSources: string[] }).textSources).toEqual(['ocr']);
    const file = await ctx.app.request(`/api/bills/${photo.id}/file`, { headers: { cookie } });
    expect(file.headers.get('content-type')).toBe('image/jpeg');
  });

  it('answers 401 with the spec message to anonymous visitors', async () => {
    const upload = await ctx.upload(null, TEXT_BILL.bytes, TEXT_BILL.name);
    expect(upload.status).toBe(401);
    expect(await upload.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: SIGN_IN_REQUIRED } });
    for (const url of ['/api/bills', '/api/properties', '/api/utility-accounts', '/api/recommendations', '/api/processing/costs']) {
      expect((await ctx.json(null, url)).status, url).toBe(401);
    }
    expect((await ctx.json(null, '/api/feedback', { method: 'POST', body: {} })).status).toBe(401);
    expect((await ctx.json(null, '/api/bills/00000000-0000-4000-8000-000000000000/analyze', { method: 'POST' })).status).toBe(401);

    // A real, analyzed bill stays closed to a visitor without a session, whatever the route.
    const owner = await ctx.signIn();
    const bill = await uploadAndProcess(owner);
    expect((await ctx.json(owner, `/api/bills/${bill.id}/analyze`, { method: 'POST' })).status).toBe(200);
    for (const [method, url] of [
      ['GET', `/api/bills/${bill.id}`],
      ['GET', `/api/bills/${bill.id}/file`],
      ['GET', `/api/bills/${bill.id}/events`],
      ['POST', `/api/bills/${bill.id}/analyze`],
      ['PATCH', `/api/bills/${bill.id}/fields`],
      ['DELETE', `/api/bills/${bill.id}`],
    ] as const) {
      const res = await ctx.json(null, url, { method, body: method === 'PATCH' ? { corrections: [{ field: 'totalAmount', value: 1 }] } : undefined });
      expect(res.status, `${method} ${url}`).toBe(401);
    }
    expect((await ctx.json<{ bill: Bill }>(owner, `/api/bills/${bill.id}`)).body.bill).toMatchObject({ totalAmount: TRUTH.totalAmount, analyzed: true });
  });

  it('refuses a file over 10 MB with 413 and keeps nothing', async () => {
    const cookie = await ctx.signIn();
    const before = await countRows();
    const big = new Uint8Array(12 * 1024 * 1024);
    big.set(new TextEncoder().encode('%PDF-1.7\n'));
    const res = await ctx.upload(cookie, big, 'huge.pdf');
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: { code: 'FILE_TOO_LARGE', message: BILL_MESSAGES.fileTooLarge } });
    expect(await countRows()).toBe(before);
    expect(ctx.storedFiles().filter((f) => f.includes('huge'))).toEqual([]);
  });

  it('refuses a program renamed .pdf with 415 and keeps nothing', async () => {
    const cookie = await ctx.signIn();
    const before = { rows: await countRows(), files: ctx.storedFiles().length };
    const exe = new Uint8Array(4096);
    exe.set([0x4d, 0x5a, 0x90, 0x00]); // MZ: a Windows executable
    const res = await ctx.upload(cookie, exe, 'invoice.pdf');
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ error: { code: 'UNSUPPORTED_TYPE', message: 'Please upload a PDF or image file (JPEG, PNG, HEIC).' } });
    expect({ rows: await countRows(), files: ctx.storedFiles().length }).toEqual(before);
  });

  it('refuses a truncated PDF with 422 "Bill processing failed: …" and keeps nothing', async () => {
    const cookie = await ctx.signIn();
    const before = { rows: await countRows(), files: ctx.storedFiles().length };
    const whole = TEXT_BILL.bytes;
    const res = await ctx.upload(cookie, whole.slice(0, 900), 'cut.pdf');
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('UNREADABLE_FILE');
    expect(body.error.message).toMatch(/^Bill processing failed: /);
    expect({ rows: await countRows(), files: ctx.storedFiles().length }).toEqual(before);
  });

  it('marks a bill that cannot be read as failed with the reason, and retries it on request', async () => {
    const cookie = await ctx.signIn();
    failNextWith = new ExtractionError('NO_TEXT_FOUND', 'No text could be read from this file.');
    const failed = await uploadAndProcess(cookie);
    expect(failed).toMatchObject({ status: 'failed', progress: 0, failureReason: 'No text could be read from this file.' });
    const notFailed = await ctx.json(cookie, `/api/bills/${failed.id}/analyze`, { method: 'POST' });
    expect(notFailed.status).toBe(409);

    const retry = await ctx.json<{ bill: Bill }>(cookie, `/api/bills/${failed.id}/retry`, { method: 'POST' });
    expect(retry.status).toBe(202);
    expect(retry.body.bill).toMatchObject({ status: 'queued', failureReason: null });
    const done = await ctx.waitForBill(cookie, failed.id);
    expect(done).toMatchObject({ status: 'processed', totalAmount: TRUTH.totalAmount });
    expect((await ctx.json(cookie, `/api/bills/${failed.id}/retry`, { method: 'POST' })).status).toBe(409);
  });
});

describe('plan allowance where this install enforces no plan limits (PLAN_LIMITS off)', () => {
  it('says every plan is unlimited and counts the uploads; a visitor gets 401', async () => {
    const cookie = await ctx.signIn();
    const before = (await ctx.json(cookie, '/api/bills/allowance')).body;
    expect(before).toMatchObject({ plan: 'free', limit: null, remaining: null, used: 0, canUpload: true });
    for (const name of ['one.pdf', 'two.pdf']) expect((await ctx.upload(cookie, TEXT_BILL.bytes, name)).status).toBe(202);
    // Two bills on the free plan (1 a month where limits apply): nothing says "used up".
    expect((await ctx.json(cookie, '/api/bills/allowance')).body).toMatchObject({ plan: 'free', limit: null, used: 2, canUpload: true });
    expect((await ctx.json(null, '/api/bills/allowance')).status).toBe(401);
  });
});

describe('duplicates', () => {
  it('recognises the same account and period, then keeps both or replaces the earlier bill', async () => {
    const cookie = await ctx.signIn();
    const first = await uploadAndProcess(cookie);
    const second = await uploadAndProcess(cookie);
    expect(second.duplicateOfId).toBe(first.id);
    expect(second.accountId).toBe(first.accountId);

    const keep = await ctx.json<{ bill: Bill }>(cookie, `/api/bills/${second.id}/duplicate`, { method: 'POST', body: { action: 'keep_both' } });
    expect(keep.status).toBe(200);
    expect(keep.body.bill.duplicateOfId).toBeNull();
    expect((await ctx.json(cookie, `/api/bills/${first.id}`)).status).toBe(200);
    // A correction of another field keeps that choice; moving the period away and back asks again.
    const correct = async (field: string, value: string) =>
      (await ctx.json<{ bill: Bill }>(cookie, `/api/bills/${second.id}/fields`, { method: 'PATCH', body: { corrections: [{ field, value }] } })).body.bill;
    expect((await correct('totalAmount', '99.99')).duplicateOfId).toBeNull();
    const periodEnd = String(second.servicePeriodEnd);
    expect((await correct('servicePeriodEnd', '2020-01-31')).duplicateOfId).toBeNull();
    expect((await correct('servicePeriodEnd', periodEnd)).duplicateOfId).toBe(first.id);
    await ctx.json(cookie, `/api/bills/${second.id}/duplicate`, { method: 'POST', body: { action: 'keep_both' } });

    const third = await uploadAndProcess(cookie);
    expect(third.duplicateOfId).toBe(first.id);
    const replace = await ctx.json<{ bill: Bill }>(cookie, `/api/bills/${third.id}/duplicate`, { method: 'POST', body: { action: 'replace' } });
    expect(replace.status).toBe(200);
    expect((await ctx.json(cookie, `/api/bills/${first.id}`)).status).toBe(404);
    expect((await ctx.json(cookie, `/api/bills/${third.id}/duplicate`, { method: 'POST', body: { action: 'replace' } })).status).toBe(409);
  });
});

describe('analysis, corrections and feedback', () => {
  it('analyses once, then says it has already been analyzed', async () => {
    const cookie = await ctx.signIn();
    const bill = await uploadAndProcess(cookie);
    const first = await ctx.json<{ success: boolean; analysis: { billId: string; costs: { currentCharges: number } }; recommendations: unknown[] }>(
      cookie,
      `/api/bills/${bill.id}/analyze`,
      { method: 'POST' },
    );
    expect(first.status).toBe(200);
    expect(first.body.success).toBe(true);
    expect(first.body.analysis.billId).toBe(bill.id);
    expect(first.body.analysis.costs.currentCharges).toBeGreaterThan(0);
    const again = await ctx.json(cookie, `/api/bills/${bill.id}/analyze`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: { code: 'ALREADY_ANALYZED', message: 'This bill has already been analyzed' } });

    const detail = await ctx.json<{ bill: Bill }>(cookie, `/api/bills/${bill.id}`);
    expect(detail.body.bill).toMatchObject({ analyzed: true });
    expect(detail.body.bill.analysis).toMatchObject({ billId: bill.id });
    const anomalies = await ctx.json<{ hasAnomalies: boolean; anomalies: unknown[] }>(cookie, `/api/bills/${bill.id}/anomalies`, { method: 'POST' });
    expect(anomalies.status).toBe(200);
    expect(anomalies.body.hasAnomalies).toBe(anomalies.body.anomalies.length > 0);
    const cards = await ctx.json<{ recommendations: { billId: string; implemented: boolean; recommendationType: string }[] }>(
      cookie,
      '/api/recommendations?propertyType=residential',
    );
    expect(cards.body.recommendations.length).toBe(first.body.recommendations.length);
    expect(cards.body.recommendations.every((r) => r.billId === bill.id && r.implemented === false)).toBe(true);
    // Each card says what kind of advice it is, so the dashboard can tell spike advice from the rest.
    expect(cards.body.recommendations.map((r) => r.recommendationType).sort()).toEqual(
      (first.body.recommendations as { recommendationType: string }[]).map((r) => r.recommendationType).sort(),
    );
  });

  it('saves a correction as ml_feedback and analyses the corrected value', async () => {
    const cookie = await ctx.signIn();
    const bill = await uploadAndProcess(cookie);
    expect((await ctx.json(cookie, `/api/bills/${bill.id}/analyze`, { method: 'POST' })).status).toBe(200);
    // Row ids: the analysis the correction queues may already have written new rows.
    const stored = async () => [
      ...(await ctx.database.db.select({ id: billAnalysis.id }).from(billAnalysis).where(eq(billAnalysis.billId, bill.id))),
      ...(await ctx.database.db.select({ id: savingRecommendation.id }).from(savingRecommendation).where(eq(savingRecommendation.billId, bill.id))),
    ].map((r) => r.id);
    const analysed = await stored();
    expect(analysed.length).toBeGreaterThan(1);

    const blank = await ctx.json(cookie, `/api/bills/${bill.id}/fields`, { method: 'PATCH', body: { corrections: [{ field: 'totalAmount', value: ' ' }] } });
    expect(blank.status).toBe(422);
    expect(blank.body).toMatchObject({ error: { message: 'Please provide a correction' } });

    const res = await ctx.json<{ bill: Bill & { fields: Record<string, { value: unknown; corrected: boolean; originalValue: unknown }> } }>(
      cookie,
      `/api/bills/${bill.id}/fields`,
      { method: 'PATCH', body: { corrections: [{ field: 'totalAmount', value: '250.50' }], notes: 'The stub shows 250.50' } },
    );
    expect(res.status).toBe(200);
    expect(res.body.bill).toMatchObject({ totalAmount: 250.5, analyzed: false, analysis: null, recommendations: [] });
    expect(res.body.bill.fields.totalAmount).toMatchObject({ value: 250.5, corrected: true, originalValue: TRUTH.totalAmount });
    // The analysis of the old value and its cards are gone, not only left out of the answer.
    expect((await stored()).filter((id) => analysed.includes(id))).toEqual([]);

    const feedback = await ctx.database.db.select().from(mlFeedback).where(eq(mlFeedback.entityId, bill.id));
    expect(feedback).toEqual([
      expect.objectContaining({ feedbackType: 'correction', entityType: 'bill', field: 'totalAmount', originalValue: String(TRUTH.totalAmount), correctedValue: '250.5', userNotes: 'The stub shows 250.50' }),
    ]);

    const again = await ctx.json<{ analysis: { costs: { currentCharges: number } } }>(cookie, `/api/bills/${bill.id}/analyze`, { method: 'POST' });
    expect(again.status).toBe(200);
    expect(again.body.analysis.costs.currentCharges).toBe(250.5);
  });

  it('does not save an analysis of values corrected while it was computed', async () => {
    const cookie = await ctx.signIn();
    const bill = await uploadAndProcess(cookie);
    const [owner] = await ctx.database.db.select({ userId: utilityBill.userId }).from(utilityBill).where(eq(utilityBill.id, bill.id));
    const userId = owner?.userId ?? '';
    await applyBillCorrections(ctx.database.db, userId, bill.id, [{ field: 'totalAmount', value: '111.11' }]);
    const read = await findBill(ctx.database.db, userId, bill.id);
    if (!read) throw new Error('bill not found');
    // A correction lands after the analysis read the bill and before it saved.
    await applyBillCorrections(ctx.database.db, userId, bill.id, [{ field: 'totalAmount', value: '222.22' }]);
    await expect(analyzeBillRow(ctx.database.db, userId, read)).rejects.toMatchObject({ code: 'ALREADY_ANALYZED' });
    const after = await findBill(ctx.database.db, userId, bill.id);
    expect(after).toMatchObject({ totalAmount: 222.22 });
    // Not marked analysed with the old values (the automatic analysis may have run with the new ones).
    const [saved] = await ctx.database.db.select({ analysis: billAnalysis.analysis }).from(billAnalysis).where(eq(billAnalysis.billId, bill.id));
    if (saved) expect(JSON.stringify(saved.analysis)).not.toContain('111.11');
  });

  it('queues one analysis for corrections made one after another, and sends again a mark gone stale', async () => {
    const cookie = await ctx.signIn();
    const bill = await uploadAndProcess(cookie);
    const correct = (value: string) => ctx.json<{ bill: Bill & { analysisState: string | null } }>(cookie, `/api/bills/${bill.id}/fields`, { method: 'PATCH', body: { corrections: [{ field: 'totalAmount', value }] } });
    const analysisJobs = async () => (await ctx.database.execute(`select id from pgboss.job where name = 'analyse-bill' and singleton_key = $1 and state = 'created'`, [bill.id])).rows.length;
    const send = vi.spyOn(ctx.queue, 'send');
    try {
      // The reading queued the bill's analysis (no analysis worker runs here): corrections find it waiting.
      expect(await analysisJobs()).toBe(1);
      for (const value of ['101.01', '102.02', '103.03']) {
        const res = await correct(value);
        expect(res.status).toBe(200);
        expect(res.body.bill.analysisState).toBe('queued');
      }
      expect(send.mock.calls.filter(([job]) => job.name === 'analyse-bill')).toEqual([]);
      expect(await analysisJobs()).toBe(1);
      // A mark older than the pending window (a process died before sending) is sent again.
      await ctx.database.execute(`update utility_bills set updated_at = now() - interval '${ANALYSIS_PENDING_MS + 60_000} milliseconds' where id = $1`, [bill.id]);
      expect((await correct('104.04')).status).toBe(200);
      expect(send.mock.calls.filter(([job]) => job.name === 'analyse-bill')).toHaveLength(1);
    } finally {
      send.mockRestore();
    }
  });

  it('answers a correction with the bill exactly as the database then holds it', async () => {
    const cookie = await ctx.signIn();
    const bill = await uploadAndProcess(cookie);
    const [owner] = await ctx.database.db.select({ userId: utilityBill.userId }).from(utilityBill).where(eq(utilityBill.id, bill.id));
    const userId = owner?.userId ?? '';
    const { row } = await applyBillCorrections(ctx.database.db, userId, bill.id, [
      { field: 'totalAmount', value: '1,234.5' },
      { field: 'servicePeriodEnd', value: '2024-02-29' },
      { field: 'usageAmount', value: 812.25 },
      { field: 'utilityProvider', value: ' Example Power ' },
      { field: 'accountNumber', value: '55-1234' },
      { field: 'customerName', value: 'Ada Lovelace' },
    ]);
    // The answer is built from the row as read plus the columns written, not read back: it must
    // be the same bill the next read finds, column for column.
    expect(row).toEqual(await findBill(ctx.database.db, userId, bill.id));
    expect(row).toMatchObject({ totalAmount: 1234.5, servicePeriodEnd: '2024-02-29', usageAmount: 812.25, utilityProvider: 'Example Power', analysisState: 'queued' });
  });

  it('applies the feedback dialog rules', async () => {
    const cookie = await ctx.signIn();
    const bill = await uploadAndProcess(cookie);
    const post = (body: Record<string, unknown>) => ctx.json(cookie, '/api/feedback', { method: 'POST', body: { entityType: 'bill', entityId: bill.id, ...body } });
    expect((await post({ feedbackType: 'correction', correctedValue: '' })).body).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'Please provide a correction' },
    });
    expect((await post({ feedbackType: 'inaccuracy' })).body).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'Please provide either a correction or explanation' },
    });
    const ok = await post({ feedbackType: 'improvement', userNotes: 'Rating: 4/5' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ feedback: { feedbackType: 'improvement', entityType: 'bill', entityId: bill.id, userNotes: 'Rating: 4/5', modelVersion: 'current' } });
    expect((await post({ feedbackType: 'improvement', userNotes: 'x', entityType: 'bill_analysis' })).status).toBe(404);
  });
});

describe('access control', () => {
  it("answers 404 for another user's bill on every route", async () => {
    const owner = await ctx.signIn();
    const other = await ctx.signIn();
    const bill = await uploadAndProcess(owner);
    expect((await ctx.json(owner, `/api/bills/${bill.id}/analyze`, { method: 'POST' })).status).toBe(200);
    const id = bill.id;
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/bills/${id}`],
      ['GET', `/api/bills/${id}/file`],
      ['GET', `/api/bills/${id}/events`],
      ['POST', `/api/bills/${id}/analyze`],
      ['POST', `/api/bills/${id}/anomalies`],
      ['POST', `/api/bills/${id}/retry`],
      ['POST', `/api/bills/${id}/duplicate`, { action: 'replace' }],
      ['PATCH', `/api/bills/${id}/fields`, { corrections: [{ field: 'totalAmount', value: 1 }] }],
      ['POST', '/api/feedback', { feedbackType: 'improvement', entityType: 'bill', entityId: id, userNotes: 'hi' }],
      ['POST', '/api/feedback', { feedbackType: 'improvement', entityType: 'bill_analysis', entityId: id, userNotes: 'hi' }],
      ['DELETE', `/api/bills/${id}`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await ctx.json(other, url, { method, body });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    expect((await ctx.json<{ items: unknown[] }>(other, '/api/bills')).body.items).toEqual([]);
    expect((await ctx.json<{ recommendations: unknown[] }>(other, '/api/recommendations')).body.recommendations).toEqual([]);
    expect((await ctx.json<{ accounts: unknown[] }>(other, '/api/utility-accounts')).body.accounts).toEqual([]);
    // Still there for its owner, untouched.
    expect((await ctx.json<{ bill: Bill }>(owner, `/api/bills/${id}`)).body.bill).toMatchObject({ totalAmount: TRUTH.totalAmount, analyzed: true });
  });

  it('deletes a bill with its file, analysis and feedback', async () => {
    const cookie = await ctx.signIn();
    const bill = await uploadAndProcess(cookie);
    // Feedback of every kind: a correction of the bill, on its analysis and on a recommendation.
    const corrected = await ctx.json(cookie, `/api/bills/${bill.id}/fields`, { method: 'PATCH', body: { corrections: [{ field: 'customerName', value: 'A. Petrov' }] } });
    expect(corrected.status).toBe(200);
    const analysed = await ctx.json<{ recommendations: { id: string }[] }>(cookie, `/api/bills/${bill.id}/analyze`, { method: 'POST' });
    expect(analysed.body.recommendations.length).toBeGreaterThan(0);
    const feedback = [
      { feedbackType: 'inaccuracy', entityType: 'bill_analysis', entityId: bill.id, userNotes: 'off' },
      ...analysed.body.recommendations.slice(0, 1).map((r) => ({ feedbackType: 'improvement', entityType: 'recommendation', entityId: r.id, userNotes: 'more detail' })),
    ];
    for (const body of feedback) expect((await ctx.json(cookie, '/api/feedback', { method: 'POST', body })).status).toBe(201);
    const [row] = await ctx.database.db.select().from(utilityBill).where(eq(utilityBill.id, bill.id));
    expect((await ctx.database.db.select().from(mlFeedback).where(eq(mlFeedback.userId, row?.userId ?? ''))).length).toBe(1 + feedback.length);
    const filesBefore = ctx.storedFiles().length;
    const res = await ctx.app.request(`/api/bills/${bill.id}`, { method: 'DELETE', headers: { cookie, origin: 'http://localhost:3000' } });
    expect(res.status).toBe(204);
    // The file and the text the reader kept beside it.
    expect(ctx.storedFiles().length).toBe(filesBefore - 2);
    expect(ctx.storedFiles().some((f) => f.includes(row?.filePath.split('/')[1] ?? '?'))).toBe(false);
    expect(await ctx.database.db.select().from(mlFeedback).where(eq(mlFeedback.userId, row?.userId ?? ''))).toEqual([]);
    // The processing run stays for the cost figures, detached from the bill.
    const runs = await ctx.database.db.select().from(processingRun).where(eq(processingRun.userId, row?.userId ?? ''));
    expect(runs).toEqual([expect.objectContaining({ billId: null })]);
  });
});

describe('API reference', () => {
  it('lists the bill routes at /api/openapi.json', async () => {
    const doc = (await (await ctx.app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const expected: [string, string][] = [
      ['/api/bills', 'post'],
      ['/api/bills', 'get'],
      ['/api/bills/{id}', 'get'],
      ['/api/bills/{id}', 'delete'],
      ['/api/bills/{id}/file', 'get'],
      ['/api/bills/{id}/pages', 'get'],
      ['/api/bills/{id}/pages/{page}', 'get'],
      ['/api/bills/{id}/events', 'get'],
      ['/api/bills/{id}/retry', 'post'],
      ['/api/bills/{id}/fields', 'patch'],
      ['/api/bills/{id}/duplicate', 'post'],
      ['/api/bills/{id}/analyze', 'post'],
      ['/api/bills/{id}/anomalies', 'post'],
      ['/api/recommendations', 'get'],
      ['/api/feedback', 'post'],
      ['/api/processing/costs', 'get'],
      ['/api/properties', 'get'],
      ['/api/properties/{id}', 'delete'],
      ['/api/utility-accounts', 'get'],
      ['/api/utility-accounts/{id}', 'patch'],
    ];
    for (const [path, method] of expected) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });
});

describe('properties', () => {
  it('creates a default Home, refuses to delete a property with bills, and confirms accounts', async () => {
    const cookie = await ctx.signIn();
    const list = await ctx.json<{ properties: { id: string; name: string; propertyType: string }[] }>(cookie, '/api/properties');
    expect(list.body.properties).toEqual([expect.objectContaining({ name: 'Home', propertyType: 'residential' })]);
    const shop = await ctx.json<{ property: { id: string } }>(cookie, '/api/properties', { method: 'POST', body: { name: 'Corner shop', propertyType: 'commercial', address: '1 Main St' } });
    expect(shop.status).toBe(201);
    const bill = await uploadAndProcess(cookie, TEXT_BILL, { propertyId: shop.body.property.id });
    expect(bill).toMatchObject({ propertyId: shop.body.property.id, propertyType: 'commercial' });
    const del = await ctx.json(cookie, `/api/properties/${shop.body.property.id}`, { method: 'DELETE' });
    expect(del.status).toBe(409);
    const accounts = await ctx.json<{ accounts: { id: string }[] }>(cookie, `/api/utility-accounts?propertyId=${shop.body.property.id}`);
    const accountId = accounts.body.accounts[0]?.id ?? '';
    const home = list.body.properties[0]?.id ?? '';
    const moved = await ctx.json<{ account: { confirmed: boolean; propertyId: string; billCount: number } }>(cookie, `/api/utility-accounts/${accountId}`, {
      method: 'PATCH',
      body: { confirmed: true, propertyId: home },
    });
    expect(moved.body.account).toMatchObject({ confirmed: true, propertyId: home, billCount: 1 });
    expect((await ctx.json<{ bill: Bill }>(cookie, `/api/bills/${bill.id}`)).body.bill).toMatchObject({ propertyId: home, propertyType: 'residential' });
    expect((await ctx.json(cookie, `/api/properties/${shop.body.property.id}`, { method: 'DELETE' })).status).toBe(204);
    const stranger = await ctx.signIn();
    expect((await ctx.json(stranger, `/api/utility-accounts/${accountId}`, { method: 'PATCH', body: { confirmed: false } })).status).toBe(404);
    expect((await ctx.json(stranger, `/api/properties/${home}`, { method: 'PATCH', body: { name: 'Mine' } })).status).toBe(404);
  });
});
