import fs from 'node:fs';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_REQUIRED } from '../../http/session.ts';
import { BILL_MESSAGES } from './bills.messages.ts';
import { type BillsTestContext, createBillsTestContext, TEXT_BILL } from './bills.test-support.ts';
import { ACTIVE_CONTENT_MESSAGE, POLYGLOT_MESSAGE, REFUSED_FILE_ADVICE } from './file-screening.ts';
import { concat, elfExecutable, rawPdf, streamObject, text, zipArchive } from './testing/hostile-files.ts';

// Issue 25: a utility portal's "View bill" download appends an XHTML page after the PDF's last
// %%EOF. A PDF viewer opens it, so it must be read: the bytes after the end are dropped before the
// file is screened, stored and read. A PDF that carries a script, a launch action or an attached
// file (or an archive or a program after its end) is still refused, saying what to do instead.

let ctx: BillsTestContext;
let owner: string;
beforeAll(async () => {
  ctx = await createBillsTestContext({ UPLOAD_RATE_LIMIT_MAX: '1000' });
  owner = await ctx.signIn();
});
afterAll(async () => {
  await ctx?.close();
});

const PORTAL_PAGE = text(
  '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">\n' +
    '<html xmlns="http://www.w3.org/1999/xhtml"><head><title>View Bill</title><script type="text/javascript">window.print()</script></head>' +
    '<body><p>Your bill is shown above.</p></body></html>\n',
);

const CATALOG = '<< /Type /Catalog /Pages 2 0 R >>';
const PAGES = ['<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>'];
const withCatalog = (entries: string, ...more: (string | Uint8Array)[]) => rawPdf([`<< /Type /Catalog /Pages 2 0 R ${entries} >>`, ...PAGES, ...more]);
const refused = (message: string) => ({ status: 422, body: { error: { code: 'UNREADABLE_FILE', message: BILL_MESSAGES.processingFailed(message) } } });

async function respond(res: Response) {
  return { status: res.status, body: (await res.json()) };
}

describe('a PDF with bytes after its last %%EOF', () => {
  it('uploads, is stored without them and is read like the bill alone', async () => {
    const res = await ctx.upload(owner, concat(TEXT_BILL.bytes, PORTAL_PAGE), 'view-bill.pdf');
    expect(res.status).toBe(202);
    const { bill } = (await res.json()) as { bill: { id: string } };
    const done = await ctx.waitForBill(owner, bill.id);
    expect(done).toMatchObject({
      status: 'processed',
      utilityProvider: TEXT_BILL.truth.utilityProvider,
      accountNumber: TEXT_BILL.truth.accountNumber,
      totalAmount: TEXT_BILL.truth.totalAmount,
      dueDate: TEXT_BILL.truth.dueDate,
    });
    const stored = ctx.storedFiles();
    const file = await ctx.app.request(`/api/bills/${bill.id}/file`, { headers: { cookie: owner } });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(TEXT_BILL.bytes))).toBe(true);
    // What storage holds (decrypted: files are encrypted at rest) is the PDF without the page after it.
    const kept = await Promise.all((await ctx.bills.storage.list()).filter((o) => !o.partial).map((o) => ctx.bills.storage.get(o.key)));
    expect(kept.some((bytes) => bytes !== null && Buffer.from(bytes).equals(Buffer.from(TEXT_BILL.bytes)))).toBe(true);
    expect(kept.some((bytes) => bytes !== null && Buffer.from(bytes).includes('View Bill'))).toBe(false);
    expect(stored.some((p) => fs.readFileSync(p).includes('View Bill'))).toBe(false);

    // The bill and its file stay the owner's: another user and a visitor get nothing.
    const other = await ctx.signIn();
    expect((await ctx.json(other, `/api/bills/${bill.id}`)).status).toBe(404);
    expect((await ctx.app.request(`/api/bills/${bill.id}/file`, { headers: { cookie: other } })).status).toBe(404);
    expect((await ctx.json(null, `/api/bills/${bill.id}`)).status).toBe(401);
  });

  it('still refuses a visitor who is not signed in', async () => {
    const res = await ctx.upload(null, concat(TEXT_BILL.bytes, PORTAL_PAGE), 'view-bill.pdf');
    expect(await respond(res)).toEqual({ status: 401, body: { error: { code: 'UNAUTHORIZED', message: SIGN_IN_REQUIRED } } });
  });

  it('still refuses an archive or a program after the end', async () => {
    for (const tail of [zipArchive('payload.exe', elfExecutable(512)), concat(text('\n'), elfExecutable(256))]) {
      const res = await ctx.upload(owner, concat(TEXT_BILL.bytes, tail), 'bill.pdf');
      expect(await respond(res)).toEqual(refused(POLYGLOT_MESSAGE));
    }
  });
});

describe('a PDF with active content', () => {
  const cases: { name: string; file: () => Uint8Array }[] = [
    { name: 'a script run on opening (/JS)', file: () => withCatalog('/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>') },
    { name: 'a script behind #xx name escapes (/J#53)', file: () => withCatalog('/OpenAction << /S /J#61vaScript /J#53 (app.alert\\(1\\)) >>') },
    { name: 'a launch action', file: () => withCatalog('/OpenAction << /S /Launch /F (cmd.exe) >>') },
    { name: 'an attached file', file: () => withCatalog('/Names << /EmbeddedFiles << /Names [(a.exe) 4 0 R] >> >>', '<< /Type /Filespec /F (a.exe) >>') },
    {
      name: 'a script inside a compressed object stream',
      file: () =>
        withCatalog(
          '/OpenAction 5 0 R',
          streamObject('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', zlib.deflateSync(Buffer.from('5 0 << /S /JavaScript /JS (app.alert\\(1\\)) >>'))),
        ),
    },
  ];
  it.each(cases)('refuses $name and says what to do instead', async ({ file }) => {
    const before = ctx.storedFiles().length;
    const res = await ctx.upload(owner, file(), 'bill.pdf');
    const answer = await respond(res);
    expect(answer).toEqual(refused(ACTIVE_CONTENT_MESSAGE));
    expect(JSON.stringify(answer.body)).toContain(REFUSED_FILE_ADVICE);
    expect(ctx.storedFiles().length).toBe(before);
  });

  it('takes a plain PDF whose text mentions JavaScript (only PDF names count)', async () => {
    const res = await ctx.upload(owner, rawPdf([CATALOG, ...PAGES, '(Pay online: JavaScript must be on) ']), 'plain.pdf');
    expect(res.status).toBe(202);
  });
});
