import { inflateSync } from 'node:zlib';
import { buildPdf } from '@wattwise/extractor/testing/pdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillsTestContext, createBillsTestContext } from './bills.test-support.ts';

let ctx: BillsTestContext;
beforeAll(async () => {
  ctx = await createBillsTestContext({}, { startWorker: false });
});
afterAll(async () => {
  await ctx?.close();
});

/**
 * A one-page Letter PDF with a line of text and a black box. (A PDF with a script is refused at upload; the file
 * route's sandbox below is the second line of defence for one that slips through.)
 */
function onePagePdf(): Uint8Array {
  return buildPdf({ pages: [['Amount due $42.00']], box: true });
}

/** Width, height and the share of dark pixels of an 8-bit grayscale PNG (as the server writes them). */
function readGrayPng(bytes: Uint8Array) {
  const buf = Buffer.from(bytes);
  expect(buf.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const width = buf.readUInt32BE(16);
  const height = buf.readUInt32BE(20);
  const idat: Buffer[] = [];
  for (let at = 8; at < buf.length; ) {
    const length = buf.readUInt32BE(at);
    if (buf.toString('ascii', at + 4, at + 8) === 'IDAT') idat.push(buf.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  let dark = 0;
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if ((raw[y * (width + 1) + 1 + x] ?? 255) < 128) dark++;
  return { width, height, darkShare: dark / (width * height) };
}

describe('the original bill, shown as page images', () => {
  it('lists the pages of a PDF and renders each as a PNG, at two scales', async () => {
    const cookie = await ctx.signIn();
    const { bill } = (await (await ctx.upload(cookie, onePagePdf(), 'one-page.pdf')).json()) as { bill: { id: string } };

    const list = await ctx.json<{ pages: unknown[] }>(cookie, `/api/bills/${bill.id}/pages`);
    expect(list.status).toBe(200);
    expect(list.body.pages).toEqual([{ number: 1, url: `/api/bills/${bill.id}/pages/1`, width: 612, height: 792 }]);

    const page = await ctx.app.request(`/api/bills/${bill.id}/pages/1`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('image/png');
    const image = readGrayPng(new Uint8Array(await page.arrayBuffer()));
    expect(image).toMatchObject({ width: 1020, height: 1320 });
    // The text is there (a failed render is blank).
    expect(image.darkShare).toBeGreaterThan(0.001);

    const zoomed = await ctx.app.request(`/api/bills/${bill.id}/pages/1?scale=2`, { headers: { cookie } });
    expect(readGrayPng(new Uint8Array(await zoomed.arrayBuffer())).width).toBe(2040);
    expect((await ctx.app.request(`/api/bills/${bill.id}/pages/2`, { headers: { cookie } })).status).toBe(404);
  });

  it('never hands a PDF to the browser to display: the file itself is a sandboxed download', async () => {
    const cookie = await ctx.signIn();
    const { bill } = (await (await ctx.upload(cookie, onePagePdf(), 'one-page.pdf')).json()) as { bill: { id: string } };
    const file = await ctx.app.request(`/api/bills/${bill.id}/file`, { headers: { cookie } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(file.headers.get('content-security-policy')).toMatch(/(^|; )sandbox($|;)/);
    expect(file.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it("is closed to visitors (401) and to other users (404)", async () => {
    const owner = await ctx.signIn();
    const { bill } = (await (await ctx.upload(owner, onePagePdf(), 'one-page.pdf')).json()) as { bill: { id: string } };
    const other = await ctx.signIn();
    for (const url of [`/api/bills/${bill.id}/pages`, `/api/bills/${bill.id}/pages/1`]) {
      expect((await ctx.app.request(url)).status, url).toBe(401);
      expect((await ctx.app.request(url, { headers: { cookie: other } })).status, url).toBe(404);
    }
  });
});
