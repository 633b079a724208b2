import { extractBill } from '@wattwise/extractor/extract';
import { buildPdf } from '@wattwise/extractor/testing/pdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readingProgress } from './bills.jobs.ts';
import { type BillsTestContext, createBillsTestContext } from './bills.test-support.ts';

// Also on PostgreSQL: progress events through LISTEN/NOTIFY.

describe('reading progress', () => {
  it('maps the share read to 50–85 in steps, ending at 85', () => {
    const seen: number[] = [];
    const report = readingProgress((p) => seen.push(p));
    for (const share of [0.01, 0.05, 0.2, 0.21, 0.5, 0.75, 1]) report(share);
    expect(seen).toEqual([57, 68, 76, 85]);
  });
});

describe('a bill being read', () => {
  let ctx: BillsTestContext;
  let cookie = '';
  let seenMidway: number | null = null;

  beforeAll(async () => {
    ctx = await createBillsTestContext(
      {},
      {
        // Reports half the document read, and waits until the bill shows it before finishing.
        extract: async (bytes, opts) => {
          opts?.onProgress?.(0.5);
          const id = (await ctx.json<{ items: Array<{ id: string }> }>(cookie, '/api/bills')).body.items[0]?.id ?? '';
          for (let i = 0; i < 100 && seenMidway === null; i++) {
            const { body } = await ctx.json<{ bill: { progress: number } }>(cookie, `/api/bills/${id}`);
            if (body.bill.progress > 50) seenMidway = body.bill.progress;
            else await new Promise((r) => setTimeout(r, 20));
          }
          return extractBill(bytes, opts);
        },
      },
    );
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('shows how far reading got, also to a page loaded mid-way', async () => {
    cookie = await ctx.signIn();
    const res = await ctx.upload(cookie, buildPdf({ pages: [['Pinecrest Utilities', 'Amount Due: $12.34'], ['Page two']] }), 'two-pages.pdf');
    expect(res.status).toBe(202);
    const { bill } = (await res.json()) as { bill: { id: string } };
    expect((await ctx.waitForBill(cookie, bill.id)).status).toBe('processed');
    expect(seenMidway).toBe(68);
  });
});
