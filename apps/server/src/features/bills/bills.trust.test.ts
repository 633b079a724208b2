import { generateBill, type GeneratedBill } from '@wattwise/extractor/testing/generate';
import { LAYOUTS } from '@wattwise/extractor/testing/layouts';
import { WORDING_IDS } from '@wattwise/extractor/testing/wordings';
import type { BillAnalysis } from '@wattwise/shared/analysis/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillsTestContext, createBillsTestContext } from './bills.test-support.ts';

// Issue 24 through the HTTP API, on bills made by the repository's generator and read by the
// real reader: a line the reader cannot read never becomes a billing error, a refund or a past
// due; the analysis runs by itself (no Analyze request anywhere in this file) and again after
// each correction.

type Detail = {
  id: string;
  status: string;
  analyzed: boolean;
  analysisState: string | null;
  hasAnomalies: boolean;
  fields: Record<string, { value: unknown; status: string }>;
  analysis: BillAnalysis | null;
  recommendations: { recommendationType: string; estimatedSavings: number; description: string }[];
};

let ctx: BillsTestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await createBillsTestContext({}, { autoAnalyse: true });
  cookie = await ctx.signIn();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const LAYOUT_IDS = LAYOUTS.filter((l) => !l.totalOnLaterPage).map((l) => l.id);
/** Bill `index` of the 'trust' run as a text PDF, with the damage asked for. */
const generated = (index: number, damage: Parameters<typeof generateBill>[1]['damage'] = {}) =>
  generateBill(index, { seed: 'trust', forms: ['text-pdf'], layouts: LAYOUT_IDS, wordings: WORDING_IDS, damage });

async function bill(id: string, as = cookie) {
  return ctx.json<{ bill: Detail }>(as, `/api/bills/${id}`);
}

/** Polls until the bill's own analysis is saved (it runs by itself: nobody asks for it). */
async function analysed(id: string, timeoutMs = 45_000): Promise<Detail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await bill(id);
    if (body.bill.analyzed && body.bill.analysis && body.bill.analysisState === null) return body.bill;
    if (body.bill.analysisState === 'failed') throw new Error('analysis failed');
    if (Date.now() > deadline) throw new Error(`bill ${id} not analysed (state ${body.bill.analysisState})`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

async function uploadGenerated(g: GeneratedBill): Promise<Detail> {
  const res = await ctx.upload(cookie, g.bytes, `${g.name}.pdf`, { billType: g.truth.billType });
  expect(res.status).toBe(202);
  const { bill: queued } = (await res.json()) as { bill: { id: string } };
  const read = await ctx.waitForBill(cookie, queued.id, 60_000);
  expect(read.status).toBe('processed');
  return analysed(queued.id);
}

const codes = (b: Detail) => (b.analysis?.potentialIssues ?? []).map((i) => i.code);
const refund = (b: Detail) => b.recommendations.find((r) => r.recommendationType === 'billing_dispute');

async function correct(id: string, field: string, value: unknown, as = cookie) {
  return ctx.json<{ bill: Detail }>(as, `/api/bills/${id}/fields`, { method: 'PATCH', body: { corrections: [{ field, value }] } });
}

describe('a balance line the reader could not read (issue 24, first finding)', () => {
  let id: string;
  let truth: GeneratedBill['truth'];

  it('is "could not be checked", with no billing error, refund or Unusual flag; analysed without a click', async () => {
    const g = await generated(8, { unreadable: ['previous'] });
    truth = g.truth;
    // The bill adds up: previous − payments + current = amount due.
    expect(Math.abs(Number(truth.previousBalance) - Number(truth.paymentsReceived) + Number(truth.currentCharges) - truth.totalAmount)).toBeLessThan(0.01);
    const b = await uploadGenerated(g);
    id = b.id;
    expect(b.fields.previousBalance?.status).toBe('missing');
    expect(b.analysis?.reconciliation?.outcome).toBe('not_checked');
    expect(b.analysis?.reconciliation?.text).toContain("could not be checked: the bill's previous balance was not read");
    expect(codes(b)).not.toContain('balance_mismatch');
    expect(refund(b)).toBeUndefined();
    expect(b.hasAnomalies).toBe(false);
    // The owner hears that the analysis is ready, and of no billing error.
    const { body } = await ctx.json<{ notifications: { title: string; action_url: string | null }[] }>(cookie, '/api/notifications');
    const ofBill = body.notifications.filter((n) => n.action_url === `/dashboard/bills/${id}`).map((n) => n.title);
    expect(ofBill).toContain('Bill analysis ready');
    expect(ofBill.filter((t) => t.startsWith('Possible billing error'))).toEqual([]);
  });

  it('after the previous balance is added, the analysis runs again by itself and the summary is checked', async () => {
    const res = await correct(id, 'previousBalance', truth.previousBalance);
    expect(res.status).toBe(200);
    // The answer already says the analysis is on its way.
    expect(['queued', 'running']).toContain(res.body.bill.analysisState);
    let b = await analysed(id);
    if (b.analysis?.reconciliation?.outcome === 'estimate') {
      // A part read with low confidence: one click confirms it, and the check follows.
      const unsure = b.analysis.reconciliation.unsure[0] as string;
      expect(b.analysis.reconciliation.text).toContain('to see this');
      await correct(id, unsure, b.fields[unsure]?.value);
      b = await analysed(id);
    }
    expect(b.analysis?.reconciliation?.outcome).toBe('agrees');
    expect(codes(b)).not.toContain('balance_mismatch');
    expect(refund(b)).toBeUndefined();
  });

  it('refuses another user and an anonymous visitor the bill and its corrections', async () => {
    const other = await ctx.signIn();
    expect((await bill(id, other)).status).toBe(404);
    expect((await correct(id, 'previousBalance', 1, other)).status).toBe(404);
    expect((await bill(id, null as unknown as string)).status).toBe(401);
    expect((await ctx.json(null, `/api/bills/${id}/fields`, { method: 'PATCH', body: { corrections: [{ field: 'previousBalance', value: 1 }] } })).status).toBe(401);
    // Nothing changed for the owner.
    expect((await bill(id)).body.bill.fields.previousBalance?.value).toBe(truth.previousBalance);
  });
});

describe('a payment line the reader could not read', () => {
  it('never says the paid balance is past due', async () => {
    const g = await generated(13, { unreadable: ['payments'] });
    // The last bill was paid in full.
    expect(g.truth.paymentsReceived).toBe(g.truth.previousBalance);
    const b = await uploadGenerated(g);
    expect(b.fields.paymentsReceived?.status).toBe('missing');
    expect(codes(b)).not.toContain('past_due_balance');
    expect(b.analysis?.costs.pastDueBalance).toBeNull();
    expect(codes(b)).not.toContain('balance_mismatch');
    expect(refund(b)).toBeUndefined();
  });
});

describe('a notice amount printed next to the charges', () => {
  it('is not taken for the charges: no billing error, no refund', async () => {
    const g = await generated(4, { noticeCents: 224 });
    const b = await uploadGenerated(g);
    expect(b.analysis?.costs.currentCharges).toBe(g.truth.currentCharges);
    expect(codes(b)).not.toContain('charges_mismatch');
    expect(codes(b)).not.toContain('balance_mismatch');
    expect(refund(b)).toBeUndefined();
    expect(b.hasAnomalies).toBe(false);
  });
});

describe('an internet bill (billed in advance)', () => {
  it('gets no due-date finding, though it is due before the month it pays for ends', async () => {
    const g = await generated(11);
    expect(g.truth.billType).toBe('internet');
    const b = await uploadGenerated(g);
    // The service month billed in advance: it starts where the printed one ended and runs past the due date.
    const start = g.truth.servicePeriodEnd;
    const end = new Date(Date.parse(`${start}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(g.truth.dueDate < end).toBe(true);
    const res = await ctx.json<{ bill: Detail }>(cookie, `/api/bills/${b.id}/fields`, {
      method: 'PATCH',
      body: { corrections: [{ field: 'servicePeriodStart', value: start }, { field: 'servicePeriodEnd', value: end }] },
    });
    expect(res.status).toBe(200);
    const again = await analysed(b.id);
    expect(again.analysis?.period.end).toBe(end);
    expect(codes(again)).not.toContain('due_before_period_end');
    expect(codes(again)).not.toContain('future_period');
  });
});
