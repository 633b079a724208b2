import { billFiguresSchema, type BillList } from '@wattwise/shared/contract/bills';
import { DEFAULT_PAGE_SIZE } from '@wattwise/shared/contract/common';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../db/schema/auth.ts';
import { utilityBill } from '../../db/schema/bills.ts';
import { BILL_MESSAGES } from './bills.messages.ts';
import { type BillsTestContext, createBillsTestContext } from './bills.test-support.ts';

// Also on PostgreSQL: keyset pages and figures in raw SQL.

// GET /api/bills a page at a time, and GET /api/bills/figures, through the HTTP API. Bills are
// written straight to the table: what is tested is the list, not the reader.

let ctx: BillsTestContext;
let owner: string;
let ownerId: string;
let other: string;

beforeAll(async () => {
  ctx = await createBillsTestContext({}, { startWorker: false });
  const email = `pages-${Date.now()}@example.com`;
  owner = await ctx.signIn(email);
  const [row] = await ctx.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  ownerId = row?.id ?? '';
  other = await ctx.signIn();
});
afterAll(async () => {
  await ctx?.close();
});

type Seed = { name: string; status?: 'queued' | 'processing' | 'processed' | 'failed'; end?: string; due?: string; createdAt: string; propertyType?: 'residential' | 'commercial' };

async function seed(userId: string, bills: Seed[]): Promise<Map<string, string>> {
  const rows = await ctx.database.db
    .insert(utilityBill)
    .values(
      bills.map((b) => ({
        userId,
        fileName: b.name,
        filePath: `${userId}/${b.name}`,
        mimeType: 'application/pdf',
        fileSize: 1000,
        propertyType: b.propertyType ?? 'residential',
        billType: 'electricity',
        status: b.status ?? 'processed',
        servicePeriodEnd: b.end ?? null,
        dueDate: b.due ?? null,
        totalAmount: 50,
        createdAt: new Date(b.createdAt),
      })),
    )
    .returning({ id: utilityBill.id, fileName: utilityBill.fileName });
  return new Map(rows.map((r) => [r.fileName, r.id]));
}

async function page(cookie: string | null, query: string) {
  return ctx.json<BillList>(cookie, `/api/bills${query}`);
}

/** Follows nextCursor from the first page to the last. */
async function allPages(cookie: string, query: string): Promise<BillList[]> {
  const pages: BillList[] = [];
  let cursor: string | null = null;
  do {
    const res = await page(cookie, `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status).toBe(200);
    pages.push(res.body);
    cursor = res.body.nextCursor;
  } while (cursor && pages.length < 50);
  return pages;
}

describe('GET /api/bills, a page at a time', () => {
  const same = '2025-06-01T10:00:00.123456Z';
  const seeds: Seed[] = [
    { name: 'march.pdf', end: '2025-03-31', createdAt: '2025-04-02T08:00:00Z' },
    { name: 'january.pdf', end: '2025-01-31', createdAt: '2025-04-01T08:00:00Z' },
    { name: 'february.pdf', end: '2025-02-28', createdAt: '2025-04-03T08:00:00Z' },
    { name: 'due-only.pdf', due: '2025-02-15', createdAt: '2025-04-04T08:00:00Z' },
    // Same period and the same upload instant: the id decides, and no page repeats or skips one.
    { name: 'twin-a.pdf', end: '2024-12-31', createdAt: same },
    { name: 'twin-b.pdf', end: '2024-12-31', createdAt: same },
    { name: 'failed.pdf', status: 'failed', createdAt: '2024-11-05T08:00:00Z' },
    { name: 'reading.pdf', status: 'processing', createdAt: '2025-01-01T08:00:00Z' },
    { name: 'queued.pdf', status: 'queued', createdAt: '2025-05-01T08:00:00Z' },
    { name: 'shop.pdf', end: '2025-03-15', createdAt: '2025-04-05T08:00:00Z', propertyType: 'commercial' },
  ];
  let ids: Map<string, string>;
  beforeAll(async () => {
    ids = await seed(ownerId, seeds);
  });

  it('walks every bill once, in list order, with the total on each page', async () => {
    const pages = await allPages(owner, '?limit=3');
    expect(pages.map((p) => p.items.length)).toEqual([3, 3, 3, 1]);
    expect(pages.every((p) => p.total === seeds.length)).toBe(true);
    expect(pages.at(-1)?.nextCursor).toBeNull();
    const twins = [ids.get('twin-a.pdf'), ids.get('twin-b.pdf')].sort().reverse();
    const order = pages.flatMap((p) => p.items.map((b) => b.fileName));
    expect(order).toEqual([
      'queued.pdf', // being read: on top, newest upload first
      'reading.pdf',
      'march.pdf', // then by period end (else due date, else upload day), newest first
      'shop.pdf',
      'february.pdf',
      'due-only.pdf',
      'january.pdf',
      ...twins.map((id) => seeds.find((s) => ids.get(s.name) === id)?.name),
      'failed.pdf',
    ]);
  });

  it('pages the filtered list, and counts only what the filter keeps', async () => {
    const pages = await allPages(owner, '?propertyType=residential&limit=4');
    expect(pages.map((p) => p.total)).toEqual([9, 9, 9]);
    expect(pages.flatMap((p) => p.items).some((b) => b.fileName === 'shop.pdf')).toBe(false);
    const commercial = await page(owner, '?propertyType=commercial');
    expect(commercial.body).toMatchObject({ total: 1, nextCursor: null });
    expect(commercial.body.items.map((b) => b.id)).toEqual([ids.get('shop.pdf')]);
  });

  it('gives 50 a page unless asked, and at most 100', async () => {
    const many = await seed(
      ownerId,
      Array.from({ length: 95 }, (_, i) => ({ name: `bulk-${i}.pdf`, end: '2020-01-31', createdAt: `2020-02-01T00:00:${String(i % 60).padStart(2, '0')}Z` })),
    );
    expect(many.size).toBe(95);
    const first = await page(owner, '');
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(DEFAULT_PAGE_SIZE);
    expect(first.body.total).toBe(105);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const most = await page(owner, '?limit=100');
    expect(most.body.items).toHaveLength(100);
    const rest = await page(owner, `?limit=100&cursor=${encodeURIComponent(most.body.nextCursor ?? '')}`);
    expect(rest.body).toMatchObject({ total: 105, nextCursor: null });
    expect(rest.body.items).toHaveLength(5);
    for (const limit of ['101', '0', '-1', '2.5', 'ten']) {
      const res = await page(owner, `?limit=${limit}`);
      expect(res.status, `limit=${limit}`).toBe(422);
      expect(res.body).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
  });

  it('answers 400 to a cursor it did not hand out', async () => {
    const garbage = [
      'not-a-cursor',
      Buffer.from('{"rank":1}').toString('base64url'),
      Buffer.from(JSON.stringify([2, '2025-01-01', '2025-01-01T00:00:00.000000Z', ids.get('march.pdf')])).toString('base64url'),
      Buffer.from(JSON.stringify([0, '2025-13-45', '2025-01-01T00:00:00.000000Z', ids.get('march.pdf')])).toString('base64url'),
      Buffer.from(JSON.stringify([0, '2025-01-01', "2025-01-01'; drop table utility_bills; --", ids.get('march.pdf')])).toString('base64url'),
    ];
    for (const cursor of garbage) {
      const res = await page(owner, `?cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'INVALID_CURSOR', message: BILL_MESSAGES.invalidCursor } });
    }
    // A cursor past the last bill is a valid, empty page that still counts the bills.
    const last = await page(owner, '?propertyType=commercial&limit=1');
    const beyond = Buffer.from(JSON.stringify([0, '1900-01-01', '1900-01-01T00:00:00.000000Z', ids.get('march.pdf')])).toString('base64url');
    const empty = await page(owner, `?propertyType=commercial&cursor=${beyond}`);
    expect(empty.body).toEqual({ items: [], total: last.body.total, nextCursor: null });
  });

  it('shows another user none of them, even with the owner\'s cursor, and a visitor gets 401', async () => {
    const mine = await page(owner, '?limit=2');
    const theirs = await page(other, '?limit=2');
    expect(theirs.body).toEqual({ items: [], total: 0, nextCursor: null });
    const withCursor = await page(other, `?cursor=${encodeURIComponent(mine.body.nextCursor ?? '')}`);
    expect(withCursor.body).toEqual({ items: [], total: 0, nextCursor: null });
    expect((await ctx.json<{ items: unknown[] }>(other, '/api/bills/figures')).body.items).toEqual([]);
    expect((await page(null, '')).status).toBe(401);
    expect((await page(null, `?cursor=${encodeURIComponent(mine.body.nextCursor ?? '')}`)).status).toBe(401);
    expect((await ctx.json(null, '/api/bills/figures')).status).toBe(401);
  });
});

describe('GET /api/bills/figures', () => {
  it("returns every bill's chart figures and nothing more, filtered like the list", async () => {
    const all = await ctx.json<{ items: Record<string, unknown>[] }>(owner, '/api/bills/figures');
    expect(all.status).toBe(200);
    const total = (await page(owner, '?limit=1')).body.total;
    expect(all.body.items).toHaveLength(total);
    const keys = Object.keys(billFiguresSchema.shape).sort();
    for (const item of all.body.items) expect(Object.keys(item).sort()).toEqual(keys);
    expect(all.body.items.every((item) => billFiguresSchema.safeParse(item).success)).toBe(true);
    const shop = await ctx.json<{ items: { propertyType: string }[] }>(owner, '/api/bills/figures?propertyType=commercial');
    expect(shop.body.items).toHaveLength(1);
    expect((await ctx.json(owner, '/api/bills/figures?propertyType=castle')).status).toBe(422);
  });
});

describe('the contract in /api/openapi.json', () => {
  it('documents the page, its parameters and the figures from the shared schemas', async () => {
    type Doc = {
      paths: Record<string, Record<string, { parameters?: { name: string }[]; responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const doc = (await (await ctx.app.request('/api/openapi.json')).json()) as Doc;
    const list = doc.paths['/api/bills']?.get;
    expect(list?.parameters?.map((p) => p.name).sort()).toEqual(['cursor', 'limit', 'propertyId', 'propertyType']);
    expect(list?.responses['200']?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/BillList' });
    expect(Object.keys(doc.components.schemas.BillList?.properties ?? {}).sort()).toEqual(['items', 'nextCursor', 'total']);
    expect(Object.keys(list?.responses ?? {}).sort()).toEqual(['200', '304', '400', '401', '422']);
    expect(doc.paths['/api/bills/figures']?.get?.responses['200']?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/BillFiguresList' });
    expect(Object.keys(doc.components.schemas.BillFigures?.properties ?? {}).sort()).toEqual(Object.keys(billFiguresSchema.shape).sort());
    for (const name of ['BillSummary', 'BillDetail', 'Property', 'UtilityAccount', 'RecommendationCard', 'FeedbackInput', 'ProcessingCostSummary', 'Error']) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
  });
});
