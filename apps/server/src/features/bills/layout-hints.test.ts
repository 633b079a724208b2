import { buildPdf } from '@wattwise/extractor/testing/pdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillsTestContext, createBillsTestContext } from './bills.test-support.ts';

// Made-up bills whose amount to pay is printed under a label no reader knows ("Zorblat"), beside
// a "Current charges" figure the reader takes for the total until it is taught otherwise.
const bill = (period: string, due: string, current: string, amount: string) =>
  buildPdf({
    pages: [
      [
        'Pinecrest Municipal Utilities',
        'Account Number: 7781-2290-45',
        `Service Period: ${period}`,
        `Due Date: ${due}`,
        `Current charges: ${current}`,
        `Zorblat: ${amount}`,
        'Total Usage: 612 kWh',
      ],
    ],
  });
const JANUARY = bill('01/05/2026 - 02/03/2026', '02/24/2026', '$40.00', '$97.12');
const FEBRUARY = bill('02/03/2026 - 03/04/2026', '03/25/2026', '$35.50', '$81.25');

let ctx: BillsTestContext;
beforeAll(async () => {
  ctx = await createBillsTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function uploadAndRead(cookie: string, bytes: Uint8Array, name: string) {
  const res = await ctx.upload(cookie, bytes, name);
  expect(res.status).toBe(202);
  const { bill: created } = (await res.json()) as { bill: { id: string } };
  return ctx.waitForBill(cookie, created.id);
}

describe('learning from corrections', () => {
  it('reads a field corrected on one bill right on the next bill of the same account', async () => {
    const cookie = await ctx.signIn();
    const first = await uploadAndRead(cookie, JANUARY, 'january.pdf');
    expect(first).toMatchObject({ status: 'processed', totalAmount: 40 });

    const corrected = await ctx.json(cookie, `/api/bills/${first.id}/fields`, { method: 'PATCH', body: { corrections: [{ field: 'totalAmount', value: '97.12' }] } });
    expect(corrected.status).toBe(200);

    const second = await uploadAndRead(cookie, FEBRUARY, 'february.pdf');
    expect(second).toMatchObject({ status: 'processed', totalAmount: 81.25 });

    // Another user's corrections teach nothing here: their bills are theirs.
    const stranger = await ctx.signIn();
    const theirs = await uploadAndRead(stranger, FEBRUARY, 'february.pdf');
    expect(theirs).toMatchObject({ status: 'processed', totalAmount: 35.5 });
  });

  it('keeps the read text beside the file and deletes it with the bill', async () => {
    const cookie = await ctx.signIn();
    const read = await uploadAndRead(cookie, JANUARY, 'january.pdf');
    expect(ctx.storedFiles().some((f) => f.endsWith('.text.json.gz'))).toBe(true);
    const before = ctx.storedFiles().length;
    expect((await ctx.json(cookie, `/api/bills/${read.id}`, { method: 'DELETE' })).status).toBe(204);
    // The file and its text both go.
    expect(ctx.storedFiles().length).toBe(before - 2);
  });
});
