import type { BillAnalysis } from '@wattwise/shared/analysis/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillsTestContext, createBillsTestContext } from './bills.test-support.ts';
import { createFixtureReader, type FixtureFields } from './bill-figures.test-support.ts';

// Issue 9, 'Numbers a user can trust': the figures of the bills API and the analysis, on bills
// whose read fields are set by the test (a fake reader), so the bill reader is not under test.

type Bill = Record<string, unknown> & { id: string; status: string; totalAmount: number | null; propertyType: string };
type Card = { billId: string; recommendationType: string; title: string; billType: string; savings: number; costReduced: number | null; savingsPeriod: string };

const reader = createFixtureReader();
let ctx: BillsTestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await createBillsTestContext({}, { extract: reader.extract });
  cookie = await ctx.signIn();
});
afterAll(async () => {
  await ctx?.close();
});

async function uploadFields(fields: FixtureFields, form: Record<string, string> = {}): Promise<Bill> {
  const res = await ctx.upload(cookie, reader.file(fields), 'bill.pdf', form);
  expect(res.status).toBe(202);
  const { bill } = (await res.json()) as { bill: Bill };
  const done = (await ctx.waitForBill(cookie, bill.id)) as Bill;
  expect(done.status).toBe('processed');
  return done;
}

async function analyze(id: string): Promise<{ analysis: BillAnalysis; recommendations: { estimatedSavings: number; costReduced: number; recommendationType: string }[] }> {
  const res = await ctx.json<{ analysis: BillAnalysis; recommendations: { estimatedSavings: number; costReduced: number; recommendationType: string }[] }>(cookie, `/api/bills/${id}/analyze`, { method: 'POST' });
  expect(res.status).toBe(200);
  return res.body;
}

const month = (m: number, fields: FixtureFields = {}): FixtureFields => {
  const start = new Date(Date.UTC(2025, m - 1, 1));
  const end = new Date(Date.UTC(2025, m, 1));
  const usage = [900, 820, 700, 610, 640, 880, 1120, 1160, 900, 640, 690, 870][(m - 1) % 12] ?? 800;
  const energy = Math.round(usage * 0.14 * 100) / 100;
  return {
    utilityProvider: 'Riverbend Electric Company',
    accountNumber: '4471-0923-5561',
    servicePeriodStart: start.toISOString().slice(0, 10),
    servicePeriodEnd: end.toISOString().slice(0, 10),
    dueDate: new Date(end.getTime() + 20 * 86_400_000).toISOString().slice(0, 10),
    usageAmount: usage,
    totalAmount: Math.round((energy + 12.5) * 100) / 100,
    charges: [
      { label: 'Customer Charge', amount: 12.5, kind: 'fixed' },
      { label: 'Energy Charge', amount: energy, kind: 'variable' },
    ],
    ...fields,
  };
};

describe('a value that was not read is never $0.00 (item 1)', () => {
  it('keeps the amount null through the API, leaves out the figures that need it, then uses a correction', async () => {
    const bill = await uploadFields({ utilityProvider: 'Nowhere Power', usageAmount: 500, servicePeriodStart: '2025-03-01', servicePeriodEnd: '2025-04-01' });
    expect(bill.totalAmount).toBeNull();
    const list = await ctx.json<{ items: Bill[] }>(cookie, '/api/bills');
    expect(list.body.items.find((b) => b.id === bill.id)?.totalAmount).toBeNull();
    const detail = await ctx.json<{ bill: { fields: Record<string, { value: unknown }> } }>(cookie, `/api/bills/${bill.id}`);
    expect(detail.body.bill.fields.totalAmount?.value).toBeNull();

    const { analysis } = await analyze(bill.id);
    expect(analysis.missingInputs).toContain('amount');
    expect(analysis.costs.currentCharges).toBeNull();
    expect(analysis.costs.costPerUnit).toBeNull();
    expect(analysis.annualEstimate?.cost ?? null).toBeNull();
    expect(analysis.checksRun.charges).toBe(false);

    const corrected = await ctx.json(cookie, `/api/bills/${bill.id}/fields`, { method: 'PATCH', body: { corrections: [{ field: 'totalAmount', value: '80.00' }] } });
    expect(corrected.status).toBe(200);
    const again = await analyze(bill.id);
    expect(again.analysis.missingInputs).not.toContain('amount');
    expect(again.analysis.costs.costPerUnit).toBeCloseTo(0.16, 4);
  });
});

describe('cost comes from this period’s charges, not a carried-over balance (item 2)', () => {
  it('prices a unit from current charges and shows the past-due balance as such', async () => {
    const bill = await uploadFields({
      utilityProvider: 'Lone Star Power',
      accountNumber: '1000-2',
      servicePeriodStart: '2025-06-01',
      servicePeriodEnd: '2025-07-01',
      usageAmount: 1000,
      previousBalance: 203.74,
      paymentsReceived: 0,
      currentCharges: 186.89,
      totalAmount: 390.63,
    });
    expect(bill).toMatchObject({ totalAmount: 390.63, currentCharges: 186.89, previousBalance: 203.74, paymentsReceived: 0 });
    const { analysis, recommendations } = await analyze(bill.id);
    expect(analysis.costs.currentCharges).toBe(186.89);
    expect(analysis.costs.costPerUnit).toBeCloseTo(0.1869, 4);
    expect(analysis.costs.pastDueBalance).toBe(203.74);
    expect(analysis.potentialIssues.find((i) => i.code === 'past_due_balance')?.amount).toBe(203.74);
    // One bill: a year of it is at most 12-ish times this period's charges, never of the amount due.
    expect(analysis.annualEstimate?.cost ?? 0).toBeLessThanOrEqual((186.89 * 365) / 30 + 0.01);
    for (const r of recommendations) expect(r.estimatedSavings).toBeLessThanOrEqual(r.costReduced);
  });

  it('accepts corrections of the parts of the amount due', async () => {
    const bill = await uploadFields({ utilityProvider: 'Lone Star Power', accountNumber: '1000-3', usageAmount: 500, totalAmount: 300, servicePeriodStart: '2025-06-01', servicePeriodEnd: '2025-07-01' });
    const res = await ctx.json<{ bill: Bill }>(cookie, `/api/bills/${bill.id}/fields`, {
      method: 'PATCH',
      // A balance is past due only when the payments are known too (issue 24): none were made.
      body: { corrections: [{ field: 'previousBalance', value: '100' }, { field: 'paymentsReceived', value: '0' }, { field: 'currentCharges', value: '$200.00' }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.bill).toMatchObject({ previousBalance: 100, currentCharges: 200 });
    const { analysis } = await analyze(bill.id);
    expect(analysis.costs.costPerUnit).toBeCloseTo(0.4, 4);
    expect(analysis.costs.pastDueBalance).toBe(100);
    expect(analysis.reconciliation?.outcome).toBe('agrees');
  });
});

describe('fixed vs variable from the line items (item 3)', () => {
  it('stores the itemised lines with units × rate and splits fixed from variable', async () => {
    const bill = await uploadFields({
      utilityProvider: 'Lone Star Power',
      accountNumber: '1000-4',
      usageAmount: 824,
      totalAmount: 131.86,
      servicePeriodStart: '2025-05-01',
      servicePeriodEnd: '2025-06-01',
      charges: [
        // The bill prints it under fixed charges; its label alone would read as a variable delivery charge.
        { label: 'Distribution Service Charge', amount: 10, kind: 'fixed' },
        { label: 'Energy Charge', amount: 115.36, quantity: 824, unit: 'kWh', rate: 0.14, kind: 'variable' },
        { label: 'State Tax', amount: 6.5, kind: 'tax' },
      ],
    });
    const detail = await ctx.json<{ bill: { charges: Record<string, unknown>[] } }>(cookie, `/api/bills/${bill.id}`);
    expect(detail.body.bill.charges[1]).toMatchObject({ label: 'Energy Charge', quantity: 824, unit: 'kWh', rate: 0.14, kind: 'variable' });
    const { analysis } = await analyze(bill.id);
    expect(analysis.costs).toMatchObject({ fixed: 10, variable: 115.36, taxesFees: 6.5 });
    expect(analysis.costs.fixedShare).toBeCloseTo(10 / 131.86, 3);
    expect(analysis.costs.marginalRate).toBeCloseTo(0.14, 4);
  });
});

describe('bills of different utilities are never compared (item 4)', () => {
  it('does not compare a Texas bill with a Minnesota one, nor find a gap between them', async () => {
    await uploadFields({ utilityProvider: 'Xcel Energy', serviceAddress: '10 Lake St, Minneapolis, MN 55401', usageAmount: 700, totalAmount: 95, servicePeriodStart: '2024-10-01', servicePeriodEnd: '2024-11-01' });
    const texas = await uploadFields({ utilityProvider: 'TXU Energy', serviceAddress: '5 Elm St, Austin, TX 78701', usageAmount: 1200, totalAmount: 160, servicePeriodStart: '2025-06-06', servicePeriodEnd: '2025-07-07' });
    const { analysis } = await analyze(texas.id);
    expect(analysis.comparisons.previousBill).toBeNull();
    expect(analysis.historyUsed).toBe(0);
    expect(analysis.potentialIssues.map((i) => i.code)).not.toContain('service_gap');
  });
});

describe('yearly figures and savings (item 5)', () => {
  it('gives every bill of an account the same yearly cost, within its bills × 12, and savings under the cost they reduce', async () => {
    const bills: Bill[] = [];
    for (let m = 1; m <= 12; m++) bills.push(await uploadFields(month(m, m === 9 ? { usageAmount: 2300, totalAmount: Math.round((2300 * 0.14 + 12.5) * 100) / 100, charges: [] } : {})));
    const totals = bills.map((b) => b.totalAmount ?? 0);
    const yearly = new Set<number | null>();
    const cardsOfBill = new Map<string, number>();
    for (const bill of bills) {
      const { analysis, recommendations } = await analyze(bill.id);
      cardsOfBill.set(bill.id, recommendations.length);
      yearly.add(analysis.annualEstimate?.cost ?? null);
      for (const r of recommendations) expect(r.estimatedSavings).toBeLessThanOrEqual(r.costReduced);
    }
    expect(yearly.size).toBe(1);
    const [cost] = [...yearly];
    const sum = totals.reduce((s, t) => s + t, 0);
    expect(cost).toBeCloseTo(sum, -1);
    const cards = await ctx.json<{ recommendations: Card[] }>(cookie, '/api/recommendations');
    for (const card of cards.body.recommendations.filter((c) => bills.some((b) => b.id === c.billId))) {
      expect(card.costReduced).not.toBeNull();
      expect(card.savings).toBeLessThanOrEqual(card.costReduced ?? 0);
      if (card.savingsPeriod === 'annual') expect(card.savings).toBeLessThanOrEqual(sum);
    }
    // The overview holds each advice once for the account, however many bills repeat it …
    const overview = cards.body.recommendations.filter((c) => bills.some((b) => b.id === c.billId)).map((c) => `${c.billType}|${c.title}`);
    expect(overview.length).toBeGreaterThan(0);
    expect(new Set(overview).size).toBe(overview.length);
    expect(overview.length).toBeLessThan([...cardsOfBill.values()].reduce((a, b) => a + b, 0));
    // … and a bill's own cards are all there when asked for by bill, to its owner only.
    const last = bills[bills.length - 1]?.id ?? '';
    expect((await ctx.json<{ recommendations: Card[] }>(cookie, `/api/recommendations?billId=${last}`)).body.recommendations).toHaveLength(cardsOfBill.get(last) ?? -1);
    const stranger = await ctx.signIn();
    expect((await ctx.json<{ recommendations: Card[] }>(stranger, `/api/recommendations?billId=${last}`)).body.recommendations).toEqual([]);
  }, 120_000);
});

describe('bill order (item 16)', () => {
  it('lists bills by the period they cover, newest first, whatever the upload order', async () => {
    const own = await ctx.signIn();
    const upload = async (fields: FixtureFields) => {
      const res = await ctx.upload(own, reader.file(fields), 'bill.pdf');
      const { bill } = (await res.json()) as { bill: Bill };
      return ctx.waitForBill(own, bill.id);
    };
    const march = await upload({ utilityProvider: 'Order Power', accountNumber: 'O-1', totalAmount: 30, servicePeriodStart: '2025-03-01', servicePeriodEnd: '2025-04-01' });
    const january = await upload({ utilityProvider: 'Order Power', accountNumber: 'O-1', totalAmount: 10, servicePeriodStart: '2025-01-01', servicePeriodEnd: '2025-02-01' });
    const february = await upload({ utilityProvider: 'Order Power', accountNumber: 'O-1', totalAmount: 20, servicePeriodStart: '2025-02-01', servicePeriodEnd: '2025-03-01' });
    const { body } = await ctx.json<{ items: Bill[] }>(own, '/api/bills');
    expect(body.items.map((b) => b.id)).toEqual([march.id, february.id, january.id]);
  });
});

describe('the property type chosen at upload (item 7)', () => {
  it('stores a commercial bill as commercial, and refuses a property of the other type instead of ignoring the choice', async () => {
    const commercial = await uploadFields({ utilityProvider: 'Shop Power', accountNumber: 'C-1', totalAmount: 500 }, { propertyType: 'commercial' });
    expect(commercial.propertyType).toBe('commercial');
    const { body } = await ctx.json<{ properties: { id: string; propertyType: string }[] }>(cookie, '/api/properties');
    const home = body.properties.find((p) => p.propertyType === 'residential');
    expect(home).toBeDefined();
    const res = await ctx.upload(cookie, reader.file({ totalAmount: 1 }), 'bill.pdf', { propertyType: 'commercial', propertyId: home?.id ?? '' });
    expect(res.status).toBe(422);
    const error = (await res.json()) as { error: { code: string; message: string } };
    expect(error.error.code).toBe('PROPERTY_TYPE_MISMATCH');
    expect(error.error.message).toContain('residential');
  });
});
