import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ExtractionError, type DocumentText } from '../types.ts';
import { MAX_FILE_BYTES } from './detect.ts';
import { openPdf } from './pdf.ts';
import { isBlank, renderPageGray } from './pdf-render.ts';
import { closeReaders, readDocument } from './read-document.ts';
import { buildPdf } from './testing/minimal-pdf.ts';

const FIXTURES = path.join(import.meta.dirname, '../../test-fixtures');
// Bills written by the generator into the repository (tools/README.md), one or more per form.
const BILLS = path.join(FIXTURES, 'generated');

afterAll(async () => {
  await closeReaders();
});

const textOf = (doc: DocumentText) => doc.pages.flatMap((p) => p.lines.map((l) => l.text)).join('\n');

async function errorOf(input: Uint8Array | Promise<Uint8Array>): Promise<{ code?: string }> {
  const bytes = await input;
  try {
    await readDocument(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(ExtractionError);
    return { code: (error as ExtractionError).code };
  }
  return {};
}

/** A small real PNG (noise, so it does not compress to almost nothing). */
async function smallPng(): Promise<Uint8Array> {
  const pixels = Buffer.alloc(200 * 200);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  return new Uint8Array(await sharp(pixels, { raw: { width: 200, height: 200, channels: 1 } }).png().toBuffer());
}

const fixture = async (name: string) => new Uint8Array(await readFile(path.join(FIXTURES, name)));

/** The first generated bill of a form (chosen from the truth files at run time) and its truth. */
async function firstOfForm(form: string): Promise<{ file: string; expected: Record<string, unknown> }> {
  const names = (await readdir(BILLS)).filter((f) => f.endsWith('.json') && f !== 'README.json').sort();
  for (const name of names) {
    const expected = JSON.parse(await readFile(path.join(BILLS, name), 'utf8')) as Record<string, unknown>;
    if (expected.form !== form) continue;
    const base = name.slice(0, -'.json'.length);
    const file = (await readdir(BILLS)).find((f) => f.startsWith(`${base}.`) && !f.endsWith('.json'));
    if (file) return { file: path.join(BILLS, file), expected };
  }
  throw new Error(`no ${form} bill in ${BILLS}`);
}

describe('readDocument on hostile files', () => {
  it.each([
    ['empty file', 'EMPTY_FILE', Promise.resolve(new Uint8Array(0))],
    ['buffer over 10 MB', 'FILE_TOO_LARGE', Promise.resolve(new Uint8Array(MAX_FILE_BYTES + 1).fill(0x25))],
    ['text file named .pdf', 'UNSUPPORTED_TYPE', fixture('not-a-pdf.pdf')],
    ['truncated PDF', 'CORRUPT_FILE', fixture('truncated.pdf')],
    ['encrypted PDF', 'ENCRYPTED_PDF', fixture('encrypted.pdf')],
    ['PNG claiming 100000x100000 pixels', 'IMAGE_TOO_LARGE', fixture('bomb.png')],
    ['21-page PDF', 'TOO_MANY_PAGES', Promise.resolve(buildPdf({ pages: Array.from({ length: 21 }, (_, i) => [`Page ${i + 1}`]) }))],
    ['PNG cut in the middle', 'CORRUPT_FILE', smallPng().then((b) => b.slice(0, Math.floor(b.length / 2)))],
    ['JPEG with garbage after the header', 'CORRUPT_FILE', Promise.resolve(Uint8Array.from([0xff, 0xd8, 0xff, 0xdb, 0, 4, 1, 2, 0xff, 0xc0, 0, 17, 8, 0, 10, 0, 10, 1, 1, 0x11, 0, 0xff, 0xd9]))],
  ])('%s gives %s', async (_name, code, input) => {
    const result = await errorOf(input);
    expect(result.code).toBe(code);
  });

  it('reads a PDF with junk before its header', async () => {
    const pdf = buildPdf({ pages: [['Amount Due $12.34']] });
    const doc = await readDocument(new Uint8Array([0x0d, 0x0a, 0x20, ...pdf]));
    expect(textOf(doc)).toContain('Amount Due $12.34');
  });

  it('reads a PDF given as a Node Buffer (a slice of a pooled buffer) without touching the caller\'s bytes', async () => {
    const pdf = buildPdf({ pages: [['Amount Due $12.34']] });
    const pooled = Buffer.concat([Buffer.from('xx'), Buffer.from(pdf)]).subarray(2);
    const doc = await readDocument(pooled);
    expect(doc.pages[0]?.lines.map((l) => l.text).join(' ')).toContain('$12.34');
    expect(pooled.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('honours a lower page limit', async () => {
    const pdf = buildPdf({ pages: [['one'], ['two'], ['three']] });
    expect((await readDocument(pdf)).pageCount).toBe(3);
    await expect(readDocument(pdf, { maxPages: 2 })).rejects.toMatchObject({ code: 'TOO_MANY_PAGES' });
  });
});

describe('readDocument on text PDFs', () => {
  it('reads the text layer as positioned lines', async () => {
    const { file, expected } = await firstOfForm('text-pdf');
    const doc = await readDocument(new Uint8Array(await readFile(file)));
    expect(doc.kind).toBe('pdf');
    expect(doc.pages.map((p) => p.source)).toEqual(['text-layer']);
    const text = textOf(doc);
    expect(text).toContain(String(expected.accountNumber));
    expect(text).toContain(Number(expected.totalAmount).toFixed(2));
    const lines = doc.pages[0]?.lines ?? [];
    // Top to bottom, each line's items left to right, inside the page.
    for (let i = 1; i < lines.length; i++) expect(lines[i]!.y + lines[i]!.height).toBeGreaterThanOrEqual(lines[i - 1]!.y + lines[i - 1]!.height - 0.01);
    for (const line of lines) {
      expect(line.x).toBeGreaterThanOrEqual(0);
      expect(line.y).toBeGreaterThanOrEqual(0);
      expect(line.x + line.width).toBeLessThanOrEqual(doc.pages[0]!.width + 1);
      const xs = line.items.map((it) => it.x);
      expect([...xs].sort((a, b) => a - b)).toEqual(xs);
    }
  });

  it('renders pages that are not blank (the legacy pdf.js build on Node)', async () => {
    const doc = await openPdf(buildPdf({ pages: [['Rendered text']], box: true }));
    try {
      const { image } = await renderPageGray(doc, await doc.getPage(1), 72);
      expect(image.width).toBe(612);
      expect(isBlank(image)).toBe(false);
    } finally {
      await doc.destroy();
    }
  });
});

describe('readDocument with OCR', () => {
  it('OCRs a scanned bill and finds its amount due and account number', async () => {
    const { file, expected } = await firstOfForm('scanned-pdf');
    const doc = await readDocument(new Uint8Array(await readFile(file)));
    expect(doc.pages.map((p) => p.source)).toEqual(['ocr']);
    const text = textOf(doc);
    expect(text).toContain(Number(expected.totalAmount).toFixed(2));
    expect(text.replace(/[\s-]/g, '')).toContain(String(expected.accountNumber).replace(/[\s-]/g, ''));
    const item = doc.pages[0]?.lines[0]?.items[0];
    expect(item?.confidence).toBeGreaterThan(0);
    expect(item?.confidence).toBeLessThanOrEqual(1);
  });

  it('converts a HEIC photo (iPhone format) and OCRs it', async () => {
    // test-fixtures/photo-bill.heic: a made-up bill, see scripts/make-heic-fixture.ts.
    const doc = await readDocument(await fixture('photo-bill.heic'));
    expect(doc.kind).toBe('heic');
    expect(doc.pages.map((p) => p.source)).toEqual(['ocr']);
    const text = textOf(doc);
    expect(text).toContain('128.47');
    expect(text.replace(/[\s-]/g, '')).toContain('55201180937');
  });

  it('OCRs a phone photo (skewed, uneven light) and finds its amount due', async () => {
    const { file, expected } = await firstOfForm('jpeg-photo');
    const doc = await readDocument(new Uint8Array(await readFile(file)));
    expect(doc.kind).toBe('jpeg');
    expect(textOf(doc)).toContain(Number(expected.totalAmount).toFixed(2));
  });
});

describe('readDocument progress', () => {
  it('reports the share read as pages finish, up to 1', async () => {
    const shares: number[] = [];
    await readDocument(buildPdf({ pages: [['Page one'], ['Page two'], ['Page three']] }), { onProgress: (s) => shares.push(s) });
    expect(shares.map((s) => Math.round(s * 100))).toEqual([33, 67, 100]);
  });

  it('reports OCR bands within a photo, never going backwards', async () => {
    const shares: number[] = [];
    await readDocument(await fixture('generated/gen-fixtures-png-0001.png'), { onProgress: (s) => shares.push(s) });
    expect(shares.at(-1)).toBe(1);
    expect(shares).toEqual([...shares].sort((a, b) => a - b));
  });
});
