import zlib from 'node:zlib';
import { buildPdf } from '@wattwise/extractor/testing/pdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utilityBill } from '../../db/schema/index.ts';
import { TEST_ORIGIN } from '../../test/test-app.ts';
import { BILL_MESSAGES } from './bills.messages.ts';
import { type BillsTestContext, createBillsTestContext, TEXT_BILL } from './bills.test-support.ts';
import { MAX_INFLATED_BYTES, PDF_BOMB_MESSAGE, POLYGLOT_MESSAGE } from './file-screening.ts';
import {
  concat,
  elfExecutable,
  flateBombPdf,
  jpegDeclaring,
  manyPagesPdf,
  pageTreeBombPdf,
  peExecutable,
  pngDeclaring,
  rawPdf,
  streamObject,
  text,
  zipArchive,
  zlibZeros,
} from './testing/hostile-files.ts';

// Malformed and hostile uploads (issue 18): each is refused with a clear 4xx and the spec's
// message (01-core §8: 415 'Please upload a PDF or image file (JPEG, PNG, HEIC).', 413 'File is
// too large…', else 422 'Bill processing failed: {reason}'), before anything is kept: no bill
// row, no stored file, no job. No worker runs here: nothing is read, only checked.

let ctx: BillsTestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createBillsTestContext({ UPLOAD_RATE_LIMIT_MAX: '1000' }, { startWorker: false });
  cookie = await ctx.signIn();
});
afterAll(async () => {
  await ctx?.close();
});

/** Uploads as a browser form would, with the file's declared content type. */
function upload(bytes: Uint8Array, fileName: string, type = '') {
  const form = new FormData();
  form.set('bill', new File([Buffer.from(bytes)], fileName, { type }));
  return ctx.app.request('/api/bills', { method: 'POST', headers: { origin: TEST_ORIGIN, cookie }, body: form });
}

async function whatIsKept() {
  const rows = (await ctx.database.db.select({ id: utilityBill.id }).from(utilityBill)).length;
  const jobs = Number((await ctx.database.execute(`select count(*)::int as n from pgboss.job where name = 'process-bill'`)).rows[0]?.n ?? 0);
  return { rows, jobs, files: ctx.storedFiles().length };
}

const failed = (reason: string) => ({ status: 422, code: 'UNREADABLE_FILE', message: BILL_MESSAGES.processingFailed(reason) });
const unsupported = { status: 415, code: 'UNSUPPORTED_TYPE', message: BILL_MESSAGES.unsupportedType };
const PDF_DAMAGED = 'The PDF is damaged or incomplete.';
const IMAGE_DAMAGED = 'The image is damaged or incomplete.';
const html = text('<!DOCTYPE html><html><body><script>fetch("/api/bills").then(r=>r.text()).then(alert)</script></body></html>');
const svg = text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><rect width="10" height="10"/></svg>');
const bill = TEXT_BILL.bytes;

type Case = { name: string; file: () => Uint8Array; fileName: string; type?: string; expected: { status: number; code: string; message: string } };

const CASES: Case[] = [
  { name: 'zero bytes', file: () => new Uint8Array(), fileName: 'bill.pdf', type: 'application/pdf', expected: failed('The file is empty.') },
  { name: 'a PDF cut in half', file: () => bill.slice(0, Math.floor(bill.length / 2)), fileName: 'half.pdf', expected: failed(PDF_DAMAGED) },
  { name: 'a PDF cut after its header', file: () => bill.slice(0, 900), fileName: 'cut.pdf', expected: failed(PDF_DAMAGED) },
  { name: 'a PDF with only a header', file: () => text('%PDF-1.7\n%%EOF\n'), fileName: 'header.pdf', expected: failed(PDF_DAMAGED) },
  {
    name: 'an encrypted PDF (user password)',
    file: () => buildPdf({ pages: [['Electric bill', 'Amount due $10.00']], encrypted: true }),
    fileName: 'locked.pdf',
    expected: failed('The PDF is protected by a password.'),
  },
  {
    name: `a PDF whose content stream inflates past ${MAX_INFLATED_BYTES / 1024 / 1024} MB (Flate bomb)`,
    file: () => flateBombPdf(MAX_INFLATED_BYTES + 64 * 1024 * 1024),
    fileName: 'bomb.pdf',
    expected: failed(PDF_BOMB_MESSAGE),
  },
  {
    name: 'a PDF bomb of two Flate layers (small outer stream)',
    file: () =>
      rawPdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
        streamObject('/Filter [/FlateDecode /FlateDecode]', zlib.deflateSync(zlibZeros(MAX_INFLATED_BYTES + 1024 * 1024), { level: 9 })),
      ]),
    fileName: 'double.pdf',
    expected: failed(PDF_BOMB_MESSAGE),
  },
  { name: 'a PDF of 100,000 pages (a page tree of shared nodes)', file: pageTreeBombPdf, fileName: 'pages.pdf', expected: failed('The PDF has 100000 pages; at most 20 are read.') },
  { name: 'a PDF of 5,000 pages', file: () => manyPagesPdf(5000), fileName: 'many.pdf', expected: failed('The PDF has 5000 pages; at most 20 are read.') },
  { name: 'a PNG declaring 100,000 × 100,000 pixels', file: () => pngDeclaring(100_000, 100_000), fileName: 'bomb.png', expected: failed('The image has more than 40 megapixels.') },
  { name: 'a JPEG declaring 65,000 × 65,000 pixels', file: () => jpegDeclaring(65_000, 65_000), fileName: 'bomb.jpg', expected: failed('The image has more than 40 megapixels.') },
  { name: 'a PNG cut before its end', file: () => pngDeclaring(800, 600).slice(0, 40), fileName: 'cut.png', expected: failed(IMAGE_DAMAGED) },
  { name: 'a JPEG cut before its end', file: () => jpegDeclaring(800, 600).slice(0, 26), fileName: 'cut.jpg', expected: failed(IMAGE_DAMAGED) },
  { name: 'a PDF with a ZIP archive appended (PDF + ZIP polyglot)', file: () => concat(bill, zipArchive('payload.exe', elfExecutable(512))), fileName: 'bill.pdf', expected: failed(POLYGLOT_MESSAGE) },
  { name: 'a JPEG that is also a web page (JPEG + HTML polyglot)', file: () => jpegDeclaring(800, 600, html), fileName: 'photo.jpg', type: 'image/jpeg', expected: failed(POLYGLOT_MESSAGE) },
  { name: 'a PNG carrying an SVG', file: () => pngDeclaring(800, 600, svg), fileName: 'photo.png', type: 'image/png', expected: failed(POLYGLOT_MESSAGE) },
  { name: 'a program with a PDF inside (ELF + PDF)', file: () => concat(elfExecutable(256), bill), fileName: 'bill.pdf', expected: failed(POLYGLOT_MESSAGE) },
  { name: 'a Linux program renamed .pdf', file: () => elfExecutable(), fileName: 'bill.pdf', type: 'application/pdf', expected: unsupported },
  { name: 'a Windows program renamed .pdf', file: () => peExecutable(), fileName: 'invoice.pdf', type: 'application/pdf', expected: unsupported },
  { name: 'an SVG sent as an image', file: () => svg, fileName: 'bill.svg', type: 'image/svg+xml', expected: unsupported },
  { name: 'an SVG named .png', file: () => svg, fileName: 'bill.png', type: 'image/png', expected: unsupported },
  { name: 'an HTML page named .jpg', file: () => html, fileName: 'bill.jpg', type: 'image/jpeg', expected: unsupported },
  // A ZIP holding a PDF uncompressed shows a PDF header early enough for readers: still a polyglot.
  { name: 'a ZIP archive holding a PDF, named .pdf', file: () => zipArchive('bill.pdf', bill), fileName: 'bill.pdf', type: 'application/pdf', expected: failed(POLYGLOT_MESSAGE) },
  { name: 'a ZIP archive of a program, named .pdf', file: () => zipArchive('setup.exe', peExecutable()), fileName: 'bill.pdf', type: 'application/pdf', expected: unsupported },
  { name: 'plain text declared application/pdf', file: () => text('Amount due: $120.00\n'), fileName: 'bill.pdf', type: 'application/pdf', expected: unsupported },
];

describe('hostile and malformed uploads', () => {
  it.each(CASES)('refuses $name with a clear 4xx and keeps nothing', async ({ file, fileName, type, expected }) => {
    const before = await whatIsKept();
    const res = await upload(file(), fileName, type);
    expect({ status: res.status, body: await res.json() }).toEqual({ status: expected.status, body: { error: { code: expected.code, message: expected.message } } });
    expect(await whatIsKept()).toEqual(before);
  });

  it('takes a real bill whatever type or name the browser declared (the bytes decide), stored as a PDF', async () => {
    const before = await whatIsKept();
    const res = await upload(bill, 'photo.png', 'image/png');
    expect(res.status).toBe(202);
    const { bill: created } = (await res.json()) as { bill: { id: string } };
    const file = await ctx.app.request(`/api/bills/${created.id}/file`, { headers: { cookie } });
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(await whatIsKept()).toEqual({ rows: before.rows + 1, jobs: before.jobs + 1, files: before.files + 1 });
  });

  it('takes a PDF whose streams unpack to less than the budget', async () => {
    const res = await upload(flateBombPdf(8 * 1024 * 1024), 'blank.pdf');
    expect(res.status).toBe(202);
  });
});
