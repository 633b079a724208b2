import { createReaderPool, type ReaderPool } from '@wattwise/extractor/files';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillsTestContext, createBillsTestContext } from './bills.test-support.ts';
import { rawPdf, streamObject } from './testing/hostile-files.ts';

// Reading isolated from serving (issue 26): a 36 MP PNG and a PDF with huge pages, uploaded four
// at a time, are read in the reader pool's thread while /api/health keeps answering. Measured as a
// ratio against an idle run in the same test, so a slow or busy machine does not decide it.

let ctx: BillsTestContext;
let pool: ReaderPool;
let cookie: string;

beforeAll(async () => {
  // One thread, as the one-process default on a two-core machine.
  pool = createReaderPool({ threads: 1, taskTimeoutMs: 120_000 });
  ctx = await createBillsTestContext({ UPLOAD_RATE_LIMIT_MAX: '100', UPLOAD_CONCURRENCY_MAX: '100', PLAN_LIMITS: 'false' }, { read: pool.read });
  cookie = await ctx.signIn();
}, 60_000);
afterAll(async () => {
  await pool?.close();
  await ctx?.close();
});

/** 6000 × 6000 gray with dark rows of "print": 36 MP decoded, a few hundred KB as a PNG. */
async function photo36mp(): Promise<Uint8Array> {
  const width = 6000;
  const height = 6000;
  const pixels = Buffer.alloc(width * height, 255);
  for (let y = 200; y < height - 200; y += 90) {
    for (let x = 300; x < width - 300; x += 37) pixels.fill(0, y * width + x, y * width + x + 22);
  }
  return new Uint8Array(await sharp(pixels, { raw: { width, height, channels: 1 } }).png({ compressionLevel: 9 }).toBuffer());
}

/** One page of 200 × 200 inches (the PDF maximum), with a box and large text: rendered at the 16 MP cap and OCR'd. */
function hugePagePdf(): Uint8Array {
  const content = '0 0 0 rg 800 800 12800 1200 re f BT /F1 600 Tf 1000 9000 Td (Account 12345 Total 99.10) Tj ET';
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 14400 14400] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    streamObject('', new TextEncoder().encode(content)),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

/**
 * /api/health latencies over `ms`: a request is due every 10 ms, and its latency counts from when
 * it was due, so time the event loop was held (a late timer) counts as it would for a client.
 */
async function healthLatencies(ms: number): Promise<number[]> {
  const latencies: number[] = [];
  const start = performance.now();
  for (let i = 0; ; i++) {
    const due = start + i * 10;
    if (due - start > ms) break;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const res = await ctx.app.request('/api/health');
    expect(res.status).toBe(200);
    latencies.push(performance.now() - Math.min(due, performance.now()));
  }
  return latencies;
}

const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))] ?? NaN;

describe('reading bills does not hold the server', () => {
  it('keeps /api/health quick while a 36 MP PNG and a huge-page PDF are read, four at a time', async () => {
    const png = await photo36mp();
    const pdf = hugePagePdf();
    const idle = p99(await healthLatencies(3000));
    const uploads = await Promise.all([png, pdf, png, pdf].map(async (bytes, i) => ctx.upload(cookie, bytes, i % 2 ? `poster-${i}.pdf` : `photo-${i}.png`)));
    for (const res of uploads) expect([201, 202]).toContain(res.status);
    const ids = await Promise.all(uploads.map(async (res) => ((await res.json()) as { bill: { id: string } }).bill.id));
    // Up to three windows while the files are being read: another test file on this machine may
    // take the CPU for a moment, which no window of a server reading on its event loop escapes
    // (each held health for seconds). A window counts only while some file is still being read.
    const ratios: number[] = [];
    for (let window = 0; window < 3; window++) {
      const loaded = p99(await healthLatencies(4000));
      // The files really were being read meanwhile (not refused, not done before the measurement).
      const statuses = await Promise.all(ids.map(async (id) => (await ctx.json<{ bill: { status: string } }>(cookie, `/api/bills/${id}`)).body.bill.status));
      if (!statuses.some((s) => s === 'processing' || s === 'queued')) break;
      console.info(`health p99: idle ${idle.toFixed(1)} ms, while reading ${loaded.toFixed(1)} ms`);
      // Idle counts as at least 10 ms: a ratio to a 2 ms idle measures scheduler noise, not the reader.
      ratios.push(loaded / Math.max(idle, 10));
      if (ratios.at(-1)! < 10) break;
    }
    // Reading on the event loop held health for seconds (issue 26: 20 ms → 4.8–8.5 s); in the pool it stays within a small multiple of idle.
    expect(ratios.length).toBeGreaterThan(0);
    expect(Math.min(...ratios)).toBeLessThan(10);
  }, 120_000);
});
