import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeReaders, readDocument } from '../src/read/read-document.ts';
import { extractFields } from '../src/fields/extract-fields.ts';
import type { TextItem } from '../src/types.ts';
import { generateBill, type GenerateOptions } from './gen/generate.ts';
import { LAYOUTS } from './gen/layouts/index.ts';
import type { BillTruth } from './gen/truth.ts';
import { WORDING_IDS } from './gen/wordings.ts';
import { LAYOUT_SPLIT, WORDING_SPLIT } from './splits.ts';

const ALL: GenerateOptions = {
  seed: 'unit',
  forms: ['text-pdf', 'multipage-pdf'],
  layouts: LAYOUTS.map((l) => l.id),
  wordings: WORDING_IDS,
};

const cents = (n: number) => Math.round(n * 100);
/** The reader joins items with one or more spaces and may split words: compare without spaces. */
const squash = (s: string) => s.replace(/\s+/g, '');

/** Pairs of text items drawn over each other (more than a sliver in both directions). */
function overlappingPairs(items: TextItem[]): string[] {
  const pairs: string[] = [];
  items.forEach((a, i) => {
    for (const b of items.slice(i + 1)) {
      const dx = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      const dy = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      if (dx > 1 && dy > Math.min(a.height, b.height) * 0.3) pairs.push(`${a.text} / ${b.text}`);
    }
  });
  return pairs;
}

let dir = '';
const bills: { truth: BillTruth; file: string }[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wattwise-gen-'));
  // One bill per layout family (bill i uses family i mod count).
  for (let i = 1; i <= LAYOUTS.length; i++) {
    const bill = await generateBill(i, ALL);
    const file = path.join(dir, `${bill.name}.${bill.extension}`);
    await writeFile(file, bill.bytes);
    bills.push({ truth: bill.truth, file });
  }
});

afterAll(async () => {
  await closeReaders();
  await rm(dir, { recursive: true, force: true });
});

describe('generate-bills', () => {
  it('covers every layout family once in a run as long as the family list', () => {
    expect(new Set(bills.map((b) => b.truth.layout)).size).toBe(LAYOUTS.length);
  });

  it('writes truth whose amounts add up', () => {
    for (const { truth } of bills) {
      const items = truth.lineItems.reduce((s, i) => s + cents(i.amount), 0);
      expect(cents(truth.currentCharges), truth.layout).toBe(items);
      expect(cents(truth.totalAmount), truth.layout).toBe(cents(truth.previousBalance) - cents(truth.paymentsReceived) + cents(truth.currentCharges) + cents(truth.lateFees));
      for (const item of truth.lineItems.filter((i) => i.kind === 'variable')) {
        expect(cents(item.amount), item.description).toBe(Math.round((item.quantity ?? 0) * (item.rate ?? 0) * 100));
      }
      expect(truth.servicePeriodStart < truth.servicePeriodEnd).toBe(true);
      expect(truth.statementDate <= truth.dueDate).toBe(true);
    }
  });

  it('gives municipal bills no single usage and commercial bills the sum of their meters', () => {
    const municipal = bills.find((b) => b.truth.layout === 'municipal')?.truth;
    expect(municipal?.usageAmount).toBeNull();
    expect(municipal?.services.length).toBe(3);
    const commercial = bills.find((b) => b.truth.layout === 'commercial-multimeter')?.truth;
    expect(commercial?.usageAmount).toBe(commercial?.services.reduce((s, m) => s + (m.usage ?? 0), 0));
  });

  it("prints the provider, account number and total in the PDF's text layer, with no text over other text", async () => {
    for (const { truth, file } of bills) {
      const doc = await readDocument(new Uint8Array(await readFile(file)));
      expect(doc.pages.every((p) => p.source === 'text-layer')).toBe(true);
      const text = squash(doc.pages.flatMap((p) => p.lines.map((l) => l.text)).join('\n'));
      const total = truth.totalAmount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      expect(text, truth.layout).toContain(squash(truth.utilityProvider));
      expect(text, truth.layout).toContain(squash(truth.accountNumber));
      expect(text, truth.layout).toContain(total);
      for (const page of doc.pages) {
        const items = page.lines.flatMap((l) => l.items);
        expect(overlappingPairs(items), truth.layout).toEqual([]);
        for (const item of items) {
          expect(item.x, `${truth.layout}: ${item.text}`).toBeGreaterThanOrEqual(0);
          expect(item.x + item.width, `${truth.layout}: ${item.text}`).toBeLessThanOrEqual(page.width + 0.5);
        }
      }
    }
  });

  it('keeps the total of the two-page family off page 1', async () => {
    const bill = bills.find((b) => b.truth.layout === 'multipage-total-p2');
    expect(bill?.truth.form).toBe('multipage-pdf');
    const doc = await readDocument(new Uint8Array(await readFile(bill?.file ?? '')));
    const page1 = squash(doc.pages[0]?.lines.map((l) => l.text).join('\n') ?? '');
    expect(page1).not.toMatch(/totalbalance|amountdue|balancedue|amountowing/i);
    expect(doc.pageCount).toBe(2);
  });

  it('is deterministic: same seed and index give the same bytes', async () => {
    const a = await generateBill(3, ALL);
    const b = await generateBill(3, ALL);
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
    const c = await generateBill(3, { ...ALL, seed: 'other' });
    expect(Buffer.from(a.bytes).equals(Buffer.from(c.bytes))).toBe(false);
  });

  it('puts every layout family and wording set in exactly one split', () => {
    const layouts: string[] = [...LAYOUT_SPLIT.train, ...LAYOUT_SPLIT.heldout];
    expect(layouts.sort()).toEqual(LAYOUTS.map((l) => l.id).sort());
    const wordings: string[] = [...WORDING_SPLIT.train, ...WORDING_SPLIT.heldout];
    expect(wordings.sort()).toEqual([...WORDING_IDS].sort());
  });

  it('draws only held-out layouts and wordings when asked for the held-out split', async () => {
    const opts = { ...ALL, layouts: [...LAYOUT_SPLIT.heldout], wordings: [...WORDING_SPLIT.heldout] };
    for (let i = 1; i <= 5; i++) {
      const { truth } = await generateBill(i, opts);
      expect(LAYOUT_SPLIT.heldout).toContain(truth.layout);
      expect(WORDING_SPLIT.heldout).toContain(truth.wording);
    }
  });

  it('prints supplier sections, notices with dollar figures and budget instalments, and the reader still reads the parts of the amount due', async () => {
    const seen = { supplier: 0, notice: 0, budget: 0 };
    const opts: GenerateOptions = { ...ALL, forms: ['text-pdf'], layouts: ['stub-bottom', 'two-column', 'receipt', 'ledger'] };
    for (let i = 1; i <= 40 && Math.min(seen.supplier, seen.notice, seen.budget) === 0; i++) {
      const bill = await generateBill(i, { ...opts, seed: 'structures' });
      const doc = await readDocument(bill.bytes);
      const text = doc.pages.map((p) => p.lines.map((l) => l.text).join('\n')).join('\n');
      const supplier = /supply charges/i.test(text);
      const notice = /changes by about|adds about|You saved/.test(text);
      const budget = /Budget Billing Installment|Equal Payment Plan Amount|budget plan amount/i.test(text);
      if (!supplier && !notice && !budget) continue;
      seen.supplier += supplier ? 1 : 0;
      seen.notice += notice ? 1 : 0;
      seen.budget += budget ? 1 : 0;
      const f = extractFields(doc).fields;
      const t = bill.truth;
      expect(f.totalAmount.value, bill.name).toBe(t.totalAmount);
      expect(f.currentCharges.value, bill.name).toBe(t.currentCharges);
      if (t.previousBalance !== 0) expect(f.previousBalance.value, bill.name).toBe(t.previousBalance);
      if (t.paymentsReceived !== 0) expect(Math.abs(f.paymentsReceived.value ?? 0), bill.name).toBe(t.paymentsReceived);
    }
    expect(seen.supplier).toBeGreaterThan(0);
    expect(seen.notice).toBeGreaterThan(0);
    expect(seen.budget).toBeGreaterThan(0);
  });

  it('makes image forms from the rendered page', async () => {
    const png = await generateBill(1, { ...ALL, forms: ['png-scan'], compact: true });
    expect(png.extension).toBe('png');
    expect(Buffer.from(png.bytes.subarray(1, 4)).toString('latin1')).toBe('PNG');
    const jpg = await generateBill(2, { ...ALL, forms: ['jpeg-photo'], compact: true });
    expect(jpg.extension).toBe('jpg');
    expect([...jpg.bytes.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    const scanned = await generateBill(4, { ...ALL, forms: ['scanned-pdf'] });
    expect(Buffer.from(scanned.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  });
});
