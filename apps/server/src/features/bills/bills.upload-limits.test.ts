import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN } from '../../test/test-app.ts';
import { BILL_MESSAGES } from './bills.messages.ts';
import { type BillsTestContext, createBillsTestContext, TEXT_BILL } from './bills.test-support.ts';

// Also on PostgreSQL: counts and locks that concurrent uploads race on.

// Upload limits that hold (issue 26): deleting a bill gives neither its upload nor (while unread)
// its place among the bills being read back; uploads refused for their file count toward a
// separate, higher limit per user and per address. No worker runs: bills stay queued.

let ctx: BillsTestContext;
beforeAll(async () => {
  ctx = await createBillsTestContext(
    { UPLOAD_RATE_LIMIT_MAX: '5', UPLOAD_CONCURRENCY_MAX: '3', UPLOAD_REJECTED_MAX: '4', PLAN_LIMITS: 'false' },
    { startWorker: false },
  );
});
afterAll(async () => {
  await ctx?.close();
});

const fromAddress = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

async function upload(cookie: string | null, bytes: Uint8Array, fileName: string, address = '203.0.113.1') {
  const form = new FormData();
  form.set('bill', new File([Buffer.from(bytes)], fileName));
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (cookie) headers.cookie = cookie;
  return ctx.app.request('/api/bills', { method: 'POST', headers, body: form }, fromAddress(address));
}

async function remove(cookie: string, id: string) {
  const res = await ctx.app.request(`/api/bills/${id}`, { method: 'DELETE', headers: { origin: TEST_ORIGIN, cookie } });
  expect(res.status).toBe(204);
}

const notABill = new TextEncoder().encode('just some text, not a bill');

describe('upload limits that hold', () => {
  it('counts accepted uploads even when deleted: 10 upload-then-delete cycles beyond the limit answer 429', async () => {
    // Each bill is deleted at once, still unread (no worker runs), from a new address each time.
    const cookie = await ctx.signIn();
    const accepted: number[] = [];
    const refused: Response[] = [];
    for (let i = 0; i < 15; i++) {
      const res = await upload(cookie, TEXT_BILL.bytes, `cycle-${i}.pdf`, `198.51.100.${i}`);
      if (res.status === 202) {
        accepted.push(i);
        await remove(cookie, ((await res.json()) as { bill: { id: string } }).bill.id);
      } else refused.push(res);
    }
    // Three at once at most (bills deleted unread keep their place), five per window.
    expect(accepted.length).toBeLessThanOrEqual(3);
    expect(refused.length).toBeGreaterThanOrEqual(10);
    for (const res of refused) {
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(BILL_MESSAGES.tooManyUploads);
    }
  });

  it('counts accepted uploads toward the window when the concurrency is not reached', async () => {
    const cookie = await ctx.signIn();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await upload(cookie, TEXT_BILL.bytes, `rate-${i}.pdf`);
      statuses.push(res.status);
      if (res.status === 202) {
        // A bill that finished (here: marked read) frees its place; its upload still counts.
        const id = ((await res.json()) as { bill: { id: string } }).bill.id;
        await ctx.database.execute(`update utility_bills set status = 'processed' where id = $1`, [id]);
        await remove(cookie, id);
      }
    }
    expect(statuses.filter((s) => s === 202)).toHaveLength(5);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  it('refuses a user, and anyone from the same address, who keeps sending refused files; others upload', async () => {
    const abuser = await ctx.signIn();
    for (let i = 0; i < 4; i++) expect((await upload(abuser, notABill, `junk-${i}.pdf`, '192.0.2.7')).status).toBe(415);
    // Now even a real bill from this user is refused until the window ends, from any address.
    const refused = await upload(abuser, TEXT_BILL.bytes, 'real.pdf', '192.0.2.99');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    // Another account from the abuser's address is refused too; from its own address it uploads.
    const neighbour = await ctx.signIn();
    expect((await upload(neighbour, TEXT_BILL.bytes, 'n.pdf', '192.0.2.7')).status).toBe(429);
    expect((await upload(neighbour, TEXT_BILL.bytes, 'n.pdf', '192.0.2.8')).status).toBe(202);
    // A visitor is asked to sign in, and counts toward nothing.
    expect((await upload(null, notABill, 'x.pdf', '192.0.2.8')).status).toBe(401);
  });
});
