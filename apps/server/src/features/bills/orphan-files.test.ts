import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillsTestContext, createBillsTestContext } from './bills.test-support.ts';
import { sweepOrphanFiles } from './orphan-files.ts';

// Also on PostgreSQL: the sweep spares young files when other processes share the database.

let ctx: BillsTestContext;
beforeAll(async () => {
  ctx = await createBillsTestContext({}, { startWorker: false });
});
afterAll(async () => {
  await ctx?.close();
});

describe('files a crash left behind', () => {
  it('are removed at start: partial writes and files no bill points to; bills keep theirs', async () => {
    const cookie = await ctx.signIn();
    // A PNG header and its end chunk are all the upload checks read (no worker runs here).
    const header = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 100, 0, 0, 0, 100, 8, 2, 0, 0, 0, 0, 0, 0, 0];
    const iend = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];
    const png = Uint8Array.from([...header, ...iend]);
    const res = await ctx.upload(cookie, png, 'kept.png');
    expect(res.status).toBe(202);
    const [kept] = ctx.storedFiles();
    expect(kept).toBeDefined();
    const userDir = path.dirname(kept ?? '');
    // The reader's text kept beside a bill's file is that bill's; beside a file with no bill it is not.
    const keptText = `${kept ?? ''}.text.json.gz`;
    fs.writeFileSync(keptText, 'text');
    const leftovers = [
      path.join(userDir, '1700000000004-no-row.pdf.text.json.gz'),
      path.join(userDir, '1700000000000-bill.pdf.a1b2c3d4e5f6.tmp'), // a write cut short
      path.join(userDir, '1700000000001-no-row.pdf'), // stored, then the process died before the row
      path.join(path.dirname(userDir), 'someone-deleted', '1700000000002-gone.pdf'),
    ];
    for (const file of leftovers) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, 'partial');
    }
    // An upload in flight in another process (newer than the cut-off) is spared.
    const inFlight = path.join(userDir, '1700000000003-in-flight.pdf.0a0b0c0d0e0f.tmp');
    fs.writeFileSync(inFlight, 'partial');
    const cutOff = new Date(Date.now() + 1000);
    fs.utimesSync(inFlight, new Date(), new Date(Date.now() + 60_000));

    const removed = await sweepOrphanFiles({ db: ctx.database.db, storage: ctx.bills.storage, logger: ctx.logger }, { olderThan: cutOff });
    expect(removed).toHaveLength(4);
    expect(ctx.storedFiles().sort()).toEqual([kept, keptText, inFlight].sort());
  });
});
