// Admin ML feedback analytics through the HTTP API (issue 17): review, export, and 'Train Model'
// measured on the held-out generated bills. Composed here: it spans bills, feedback and admin.
import type { FeedbackAnalysis, TrainingResult } from '@wattwise/shared/contract/feedback-analysis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN } from './test-app.ts';
import { createAdmin } from '../features/auth/auth.service.ts';
import { type BillsTestContext, createBillsTestContext, generatedBill } from '../features/bills/bills.test-support.ts';

const ZIPLY = generatedBill('gen-fixtures-0017.pdf');
const STATEMENT_DATE = '2025-12-07';

let ctx: BillsTestContext;
let alice: string;
let admin: string;
let billId: string;

const analysis = async () => {
  const res = await ctx.json<FeedbackAnalysis>(admin, '/api/admin/feedback-analysis');
  expect(res.status).toBe(200);
  return res.body;
};
const ziplyAccuracy = async () => (await analysis()).accuracyByProvider.find((p) => p.provider === 'Ziply Fiber')?.accuracy;
const correct = (field: string, value: string | number) => ctx.json(alice, `/api/bills/${billId}/fields`, { method: 'PATCH', body: { corrections: [{ field, value }] } });
const pendingOf = async (field: string) => (await analysis()).recent.find((r) => r.field === field && r.status === 'pending');

beforeAll(async () => {
  ctx = await createBillsTestContext();
  alice = await ctx.signIn();
  const adminEmail = `feedback-admin-${Date.now()}@example.com`;
  admin = await ctx.signIn(adminEmail);
  await createAdmin(ctx.auth, adminEmail);
  const res = await ctx.upload(alice, ZIPLY.bytes, ZIPLY.name);
  billId = ((await res.json()) as { bill: { id: string } }).bill.id;
  expect((await ctx.waitForBill(alice, billId)).status).toBe('processed');
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('admin endpoints', () => {
  it('answer 401 to a visitor and 403 to a signed-in user who is not an admin, every one of them', async () => {
    const endpoints: [string, string, unknown?][] = [
      ['GET', '/api/admin/status'],
      ['GET', '/api/admin/feedback-analysis'],
      ['POST', '/api/admin/feedback/00000000-0000-4000-8000-000000000000/review', { decision: 'accept' }],
      ['GET', '/api/admin/feedback/export'],
      ['POST', '/api/admin/reader-model/train'],
      ['GET', '/api/admin/platform/checks'],
      ['POST', '/api/admin/platform/checks'],
      ['GET', '/api/admin/database/status'],
    ];
    for (const [method, url, body] of endpoints) {
      expect((await ctx.json(null, url, { method, body })).status, `${method} ${url} anonymous`).toBe(401);
      expect((await ctx.json(alice, url, { method, body })).status, `${method} ${url} as a user`).toBe(403);
    }
  });
});

describe('platform status', () => {
  it('tells anyone only up or down; an admin sees each adapter checked for real', async () => {
    const open = await ctx.json<Record<string, unknown>>(null, '/api/platform/status');
    expect(open.status).toBe(200);
    expect(Object.keys(open.body).sort()).toEqual(['isOnline', 'lastCheck', 'version']);
    const { status, body } = await ctx.json<{ isOnline: boolean; checks: { name: string; mode: string; status: string }[] }>(admin, '/api/admin/platform/checks', { method: 'POST' });
    expect(status).toBe(200);
    expect(body.checks.map((c) => c.name)).toEqual(['database', 'storage', 'email', 'ai', 'human_verification', 'helpdesk', 'queue', 'realtime']);
    expect(body.checks.filter((c) => c.status === 'error')).toEqual([]);
    expect(body.checks.find((c) => c.name === 'email')).toMatchObject({ mode: 'embedded', status: 'warning' });
    expect(body.isOnline).toBe(true);

    const db = await ctx.json<{ migrations: { tag: string; applied: boolean }[]; tables: { table: string; rows: number }[]; queries: unknown[] }>(admin, '/api/admin/database/status');
    expect(db.status).toBe(200);
    expect(db.body.migrations.length).toBeGreaterThanOrEqual(9);
    expect(db.body.migrations.every((m) => m.applied)).toBe(true);
    expect(db.body.tables.find((t) => t.table === 'utility_bills')?.rows).toBe(1);
    expect(db.body.queries).toHaveLength(4);
  });
});

describe('feedback analysis', () => {
  it('counts a correction as a miss of its provider until an admin rejects it', async () => {
    expect(await ziplyAccuracy()).toBe(100);
    expect((await correct('usageAmount', 1)).status).toBe(200);
    const before = await analysis();
    expect(before.totalFeedback).toBe(1);
    expect(before.status.pending).toBe(1);
    expect(before.processingRate).toBe(0);
    expect(await ziplyAccuracy()).toBeLessThan(100);
    const item = await pendingOf('usageAmount');
    expect(item?.provider).toBe('Ziply Fiber');

    const res = await ctx.json(admin, `/api/admin/feedback/${item?.id}/review`, { method: 'POST', body: { decision: 'reject' } });
    expect(res.status).toBe(204);
    expect(await ziplyAccuracy()).toBe(100);
    expect((await analysis()).processingRate).toBe(100);
    // Processed once only.
    expect((await ctx.json(admin, `/api/admin/feedback/${item?.id}/review`, { method: 'POST', body: { decision: 'accept' } })).status).toBe(409);
  });

  it('exports every item as CSV', async () => {
    const res = await ctx.app.request('/api/admin/feedback/export', { headers: { cookie: admin, origin: TEST_ORIGIN } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = (await res.text()).trim().split('\n');
    expect(lines[0]).toContain('feedback_type');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('usageAmount');
  });
});

describe('Train Model', () => {
  it('promotes a version that is not worse on the held-out bills, and never one that is worse', async () => {
    // No accepted corrections yet: the rules alone, as good as themselves.
    const first = await ctx.json<TrainingResult>(admin, '/api/admin/reader-model/train', { method: 'POST' });
    expect(first.status).toBe(200);
    expect(first.body.promoted).toBe(true);
    expect(first.body.version.heldoutBills).toBeGreaterThanOrEqual(20);
    expect(first.body.accuracy).toBe(first.body.baselineAccuracy);

    // A wrong correction accepted by mistake: the due date "is" the statement date printed on the bill.
    expect((await correct('dueDate', STATEMENT_DATE)).status).toBe(200);
    const item = await pendingOf('dueDate');
    expect((await ctx.json(admin, `/api/admin/feedback/${item?.id}/review`, { method: 'POST', body: { decision: 'accept' } })).status).toBe(204);
    expect((await analysis()).status.readyForTraining).toBe(1);

    const second = await ctx.json<TrainingResult>(admin, '/api/admin/reader-model/train', { method: 'POST' });
    expect(second.status).toBe(200);
    expect(second.body.correctionsUsed).toBe(1);
    expect(second.body.accuracy).toBeLessThan(second.body.baselineAccuracy);
    expect(second.body.promoted).toBe(false);

    const { versions } = await analysis();
    expect(versions.map((v) => [v.version, v.promoted, v.active])).toEqual([
      [2, false, false],
      [1, true, true],
    ]);
  }, 180_000);
});
