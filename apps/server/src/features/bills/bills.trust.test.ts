import { yearlySavingsOfCards } from '@wattwise/shared/analysis/combine-savings';
import type { RecommendationCard } from '@wattwise/shared/contract/analysis';
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

describe('a bill of several meters whose billed total was not read (the 11-meter bill read from one meter)', () => {
  it('never takes one meter for the bill: its usage is the sum, or unsure with its advice an estimate; confirmed, the advice follows', async () => {
    // Commercial bill 2 of the 'trust' run: four meters, the "Total Billed kWh" line and every meter but the first unreadable.
    const g = await generateBill(2, { seed: 'trust', forms: ['text-pdf'], layouts: ['commercial-multimeter'], wordings: WORDING_IDS, damage: { unreadable: ['usage'], readableMeters: 1 } });
    const meters = g.truth.services.map((s) => s.usage ?? 0);
    expect(meters.length).toBeGreaterThanOrEqual(2);
    expect(meters.reduce((a, b) => a + b, 0)).toBe(g.truth.usageAmount);
    const b = await uploadGenerated(g);
    const usage = b.fields.usageAmount;
    const sure = usage?.status === 'read' || usage?.status === 'confirmed';
    if (sure) expect(usage?.value).toBe(g.truth.usageAmount);
    else expect(['unsure', 'missing']).toContain(usage?.status);
    // Whatever was read, it is never one meter's usage stated as the bill's.
    if (meters.includes(Number(usage?.value))) expect(sure).toBe(false);

    const cardsOf = async () => (await ctx.json<{ recommendations: RecommendationCard[] }>(cookie, `/api/recommendations?billId=${b.id}`)).body.recommendations;
    const yearly = (cards: RecommendationCard[]) => yearlySavingsOfCards(cards, () => 'account');
    const spending = (d: Detail) => d.analysis?.annualEstimate?.cost ?? 13 * Number(g.truth.currentCharges);
    if (!sure) {
      // No rate per kWh, no usage-driven saving as money: estimates to confirm, left out of the dashboard's total.
      expect(['unsure', 'missing']).toContain(b.analysis?.figures?.costPerUnit.status);
      const cards = await cardsOf();
      for (const c of cards.filter((c) => c.savingsPeriod === 'annual')) expect(c.needsConfirmation, c.title).toBe('usage');
      expect(yearly(cards)).toBe(0);
      expect(b.hasAnomalies).toBe(false);
    }

    // The user confirms the billed kWh in one correction: the analysis runs again and the advice is money, within the spending.
    expect((await correct(b.id, 'usageAmount', g.truth.usageAmount)).status).toBe(200);
    const after = await analysed(b.id);
    expect(after.fields.usageAmount?.value).toBe(g.truth.usageAmount);
    expect(after.fields.usageAmount?.status).toBe('confirmed');
    expect(after.analysis?.figures?.usage.status).toMatch(/^(read|confirmed)$/);
    const cards = await cardsOf();
    expect(cards.every((c) => c.needsConfirmation === null)).toBe(true);
    expect(yearly(cards)).toBeLessThanOrEqual(spending(after));
    // The dashboard's figures: the usage the overview lists is the confirmed sum, sure.
    const figures = await ctx.json<{ items: { id: string; usageAmount: number | null; usageSure: boolean }[] }>(cookie, '/api/bills/figures');
    expect(figures.body.items.find((x) => x.id === b.id)).toMatchObject({ usageAmount: g.truth.usageAmount, usageSure: true });
  });
});

describe('a notice amount printed next to the charges', () => {
  it('is not taken for the charges: no billing error, no refund', async () => {
    const g = await generated(4, { noticeCents: 224 });
    const b = await uploadGenerated(g);
    expect(b.analysis?.costs.currentCharges).toBe(g.truth.currentCharges);
    // Savings Insights' average cost per bill is built on these figures: the charges, not the notice's $2.24.
    const figures = await ctx.json<{ items: { id: string; currentCharges: number | null; totalAmount: number | null }[] }>(cookie, '/api/bills/figures');
    expect(figures.body.items.find((x) => x.id === b.id)).toMatchObject({ currentCharges: g.truth.currentCharges, totalAmount: g.truth.totalAmount });
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
    // No energy advice for a service not billed by the kWh.
    expect(again.analysis?.costs.unit).not.toBe('kWh');
    const { body } = await ctx.json<{ recommendations: RecommendationCard[] }>(cookie, `/api/recommendations?billId=${b.id}`);
    for (const c of body.recommendations) expect(`${c.title} ${c.description}`).not.toMatch(/kwh|kilowatt|thermostat|LED|insulat/i);
  });
});
