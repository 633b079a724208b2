import { buildPdf } from '@wattwise/extractor/testing/pdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillsTestContext, createBillsTestContext } from './bills.test-support.ts';

// The brand the customer knows is stored beside the legal name (issue 25): a bill printed by
// "NSTAR ELECTRIC COMPANY D/B/A EVERSOURCE ENERGY" is NSTAR Electric Company, brand Eversource
// Energy, and rebate programmes keyed on either name match the household's utility.

const DBA_BILL = buildPdf({
  pages: [
    [
      'NSTAR ELECTRIC COMPANY D/B/A EVERSOURCE ENERGY',
      'Account Number 5512-3390-07',
      'Billing Period: 01/02/2026 - 02/01/2026',
      'Energy used 612 kWh',
      'Amount Due $132.45',
      'Due Date: 02/20/2026',
    ],
  ],
});

type Bill = { id: string; status: string; utilityProvider: string; providerBrand: string | null };

let ctx: BillsTestContext;
beforeAll(async () => {
  ctx = await createBillsTestContext({ UPLOAD_RATE_LIMIT_MAX: '1000' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('provider brand', () => {
  it('stores the legal name and the brand, and rebates see both names', async () => {
    const owner = await ctx.signIn();
    const res = await ctx.upload(owner, DBA_BILL, 'eversource.pdf');
    expect(res.status).toBe(202);
    const { bill } = (await res.json()) as { bill: Bill };
    const done = await ctx.waitForBill(owner, bill.id);
    expect(done).toMatchObject({ status: 'processed', utilityProvider: 'NSTAR Electric Company', providerBrand: 'Eversource Energy' });
    const list = await ctx.json<{ items: Bill[] }>(owner, '/api/bills');
    expect(list.body.items.find((b) => b.id === bill.id)?.providerBrand).toBe('Eversource Energy');

    const picks = await ctx.json<{ usage: { utilities: string[] }; location: { state: string } }>(owner, '/api/rebates/recommendations');
    expect(picks.status).toBe(200);
    expect(picks.body.usage.utilities).toEqual(['NSTAR Electric Company', 'Eversource Energy']);
    expect(picks.body.location.state).toBe('MA');

    // Another user sees neither the bill nor its utilities; a visitor gets nothing.
    const other = await ctx.signIn();
    expect((await ctx.json(other, `/api/bills/${bill.id}`)).status).toBe(404);
    expect((await ctx.json<{ usage: { utilities: string[] } }>(other, '/api/rebates/recommendations')).body.usage.utilities).toEqual([]);
    expect((await ctx.json(null, '/api/rebates/recommendations')).status).toBe(401);

    // A corrected provider name drops the brand that belonged to the name read.
    const corrected = await ctx.json<{ bill: Bill }>(owner, `/api/bills/${bill.id}/fields`, { method: 'PATCH', body: { corrections: [{ field: 'utilityProvider', value: 'Unitil' }] } });
    expect(corrected.status).toBe(200);
    expect(corrected.body.bill).toMatchObject({ utilityProvider: 'Unitil', providerBrand: null });
    expect((await ctx.json(other, `/api/bills/${bill.id}/fields`, { method: 'PATCH', body: { corrections: [{ field: 'utilityProvider', value: 'X Power' }] } })).status).toBe(404);
  });
});
