import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBillsTestContext, PHOTO_BILL, TEXT_BILL, type BillsTestContext } from '../features/bills/bills.test-support.ts';
import { createTestContext, TEST_ORIGIN } from './test-app.ts';

// Stored bill files are ciphertext on disk on a default install; their owner still gets the original.

let ctx: BillsTestContext;
beforeAll(async () => {
  ctx = await createBillsTestContext();
}, 120_000);
afterAll(() => ctx.close());

const download = (cookie: string | null, id: string) =>
  ctx.app.request(`/api/bills/${id}/file`, { headers: cookie ? { cookie, origin: TEST_ORIGIN } : { origin: TEST_ORIGIN } });

describe('bill files at rest', () => {
  it('keeps neither a PDF nor a photo readable on disk, serves the original to its owner only', { timeout: 120_000 }, async () => {
    const owner = await ctx.signIn();
    const other = await ctx.signIn();
    const ids: string[] = [];
    for (const bill of [TEXT_BILL, PHOTO_BILL]) {
      const res = await ctx.upload(owner, bill.bytes, bill.name);
      expect(res.status).toBe(202);
      ids.push(((await res.json()) as { bill: { id: string } }).bill.id);
    }
    const files = ctx.storedFiles();
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const file of files) {
      const head = fs.readFileSync(file).subarray(0, 8);
      expect(head.subarray(0, 4).toString('latin1'), path.basename(file)).not.toBe('%PDF');
      expect(head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])), path.basename(file)).toBe(false); // JPEG
      expect(head.subarray(1, 4).toString('latin1'), path.basename(file)).not.toBe('PNG');
      expect(head.subarray(0, 5).toString('latin1')).toBe('WWENC');
    }
    for (const [i, bill] of [TEXT_BILL, PHOTO_BILL].entries()) {
      const id = ids[i] ?? '';
      const res = await download(owner, id);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(bill.bytes))).toBe(true);
      expect((await download(other, id)).status).toBe(404);
      expect((await download(null, id)).status).toBe(401);
    }
    // The reader worked on the decrypted original.
    expect(await ctx.waitForBill(owner, ids[0] ?? '')).toMatchObject({ status: 'processed', totalAmount: TEXT_BILL.truth.totalAmount });
  });
});

describe('what the trust copy may claim (public config)', () => {
  it('a default install: files encrypted, no TLS claim over http, no certification', async () => {
    const body = (await (await ctx.app.request('/api/public-config')).json()) as { security: unknown };
    expect(body.security).toEqual({ https: false, filesEncrypted: true, complianceStatement: null });
  });

  it("an https install with the operator's statement says both", { timeout: 60_000 }, async () => {
    const other = await createTestContext({ PUBLIC_URL: 'https://wattwise.example', COMPLIANCE_STATEMENT: 'SOC 2 Type I report by Example Audit LLP, 2026' });
    try {
      const body = (await (await other.app.request('/api/public-config')).json()) as { security: unknown };
      expect(body.security).toEqual({ https: true, filesEncrypted: true, complianceStatement: 'SOC 2 Type I report by Example Audit LLP, 2026' });
    } finally {
      await other.close();
    }
  });
});
