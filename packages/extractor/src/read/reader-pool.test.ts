import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { type DocumentText, ExtractionError } from '../types.ts';
import { closeReaders, decodedPixels, readDocument } from './read-document.ts';
import { createReaderPool, defaultReaderThreads, type ReaderPool } from './reader-pool.ts';
import { buildPdf } from './testing/minimal-pdf.ts';

const BILL = path.join(import.meta.dirname, '../../test-fixtures/generated/gen-fixtures-0001.pdf');
const textOf = (doc: DocumentText) => doc.pages.flatMap((p) => p.lines.map((l) => l.text)).join('\n');
const pools: ReaderPool[] = [];
const pool = (options: Parameters<typeof createReaderPool>[0]) => {
  const created = createReaderPool(options);
  pools.push(created);
  return created;
};
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
  await closeReaders();
});

/** A gray PNG of `width` × `height` with a few dark rows (compresses to little, decodes to all its pixels). */
async function grayPng(width: number, height: number): Promise<Uint8Array> {
  const pixels = Buffer.alloc(width * height, 255);
  for (let y = 100; y < height; y += 400) pixels.fill(0, y * width + 100, y * width + width - 100);
  return new Uint8Array(await sharp(pixels, { raw: { width, height, channels: 1 } }).png({ compressionLevel: 9 }).toBuffer());
}

async function errorOf(promise: Promise<unknown>): Promise<ExtractionError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ExtractionError);
    return error as ExtractionError;
  }
  throw new Error('expected the reading to fail');
}

describe('the reader pool (reading in worker threads)', () => {
  it('reads a bill in a thread as the process itself would, reporting progress', async () => {
    const bytes = new Uint8Array(await readFile(BILL));
    const shares: number[] = [];
    const inThread = await pool({ threads: 1 }).read(bytes, { onProgress: (s) => shares.push(s) });
    const inProcess = await readDocument(bytes);
    expect(textOf(inThread)).toBe(textOf(inProcess));
    expect(inThread.pageCount).toBe(inProcess.pageCount);
    expect(shares.at(-1)).toBe(1);
  }, 60_000);

  it('refuses a file over the decoded-pixel budget from its header, before decoding, with the reason', async () => {
    const png = await grayPng(6000, 6000);
    expect((await decodedPixels(png)).pixels).toBe(36_000_000);
    const error = await errorOf(pool({ threads: 1, maxDecodedPixels: 20_000_000 }).read(png));
    expect(error.code).toBe('IMAGE_TOO_LARGE');
    expect(error.message).toBe('Reading this file would decode 36 million pixels, more than the 20 million one bill may use.');
    // A PDF counts every page at its render size: 3 poster pages of 16 MP each.
    const posters = buildPdf({ pages: [['a'], ['b'], ['c']], box: true });
    const huge = new TextEncoder().encode(new TextDecoder('latin1').decode(posters).replaceAll('/MediaBox [0 0 612 792]', '/MediaBox [0 0 14400 14400]'));
    expect((await decodedPixels(huge)).pixels).toBe(48_000_000);
  }, 60_000);

  it('stops a reading over its time limit (TIMEOUT) and reads the next file on a fresh thread', async () => {
    const limited = pool({ threads: 1, taskTimeoutMs: 300 });
    const error = await errorOf(limited.read(await grayPng(3000, 3000)));
    expect(error.code).toBe('TIMEOUT');
    const quick = pool({ threads: 1, taskTimeoutMs: 60_000 });
    expect(textOf(await quick.read(new Uint8Array(await readFile(BILL))))).toMatch(/\w/);
  }, 60_000);

  it('a cancelled reading fails at once', async () => {
    const controller = new AbortController();
    const reading = pool({ threads: 1 }).read(await grayPng(3000, 3000), { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    expect((await errorOf(reading)).code).toBe('TIMEOUT');
  }, 60_000);

  it('takes one thread per two cores, at least one', () => {
    expect(defaultReaderThreads(1)).toBe(1);
    expect(defaultReaderThreads(2)).toBe(1);
    expect(defaultReaderThreads(8)).toBe(4);
  });
});
