import type { Page as TesseractPage } from 'tesseract.js';
import type { PageText } from '../types.ts';
import { groupIntoLines, type PositionedText } from './lines.ts';
import type { ImageBand } from './image-prep.ts';
import { getOcrPool, terminate } from './ocr-pool.ts';

export interface OcrImage {
  /** Horizontal bands of the image as prepared for OCR, read in parallel. */
  bands: ImageBand[];
  /** Divide OCR pixel coordinates by this to get page units. */
  scale: number;
  /** Page size in page units. */
  width: number;
  height: number;
}

/** Words below this confidence (0..100) that are also short noise are dropped. */
const NOISE_CONFIDENCE = 30;

/** OCRs one prepared image into a page of lines (coordinates in page units). */
export async function ocrPage(image: OcrImage, index: number, signal?: AbortSignal, onBand?: (done: number, total: number) => void): Promise<PageText> {
  let done = 0;
  const results = await Promise.all(
    image.bands.map(async (band) => {
      const page = await recognize(band.png, signal);
      onBand?.(++done, image.bands.length);
      return page;
    }),
  );
  const items = results.flatMap((page, k) => toItems(page, image.scale, image.bands[k]?.top ?? 0));
  return { index, width: image.width, height: image.height, source: 'ocr', lines: groupIntoLines(items, { mergeTouching: false }) };
}

/** Runs tesseract on an encoded image through the shared pool. */
export async function recognize(png: Buffer, signal?: AbortSignal): Promise<TesseractPage> {
  signal?.throwIfAborted();
  // Counted before the pool is fetched, so a recycle never stops a pool a caller is about to use.
  inFlight++;
  try {
    const scheduler = await getOcrPool();
    signal?.throwIfAborted();
    const result = await scheduler.addJob('recognize', png, {}, { blocks: true, text: false });
    signal?.throwIfAborted();
    return result.data;
  } finally {
    inFlight--;
    if (++sinceRecycle >= RECYCLE_AFTER_JOBS && inFlight === 0) {
      sinceRecycle = 0;
      void terminate();
    }
  }
}

/**
 * Tesseract's WebAssembly heap only grows: after this many OCR jobs the idle workers are stopped
 * and the next page starts fresh ones (about a second), so a long-running process stays small.
 */
const RECYCLE_AFTER_JOBS = 40;
let inFlight = 0;
let sinceRecycle = 0;

/**
 * How well a page read: confident letters/digits, and the mean confidence (0..1) weighted by
 * word length. Used to pick the page orientation when the first reading is poor.
 */
export function ocrQuality(page: PageText): { confidence: number; goodChars: number } {
  let weighted = 0;
  let chars = 0;
  let goodChars = 0;
  for (const line of page.lines) {
    for (const item of line.items) {
      const n = item.text.replace(/[^\p{L}\p{N}]/gu, '').length;
      weighted += item.confidence * n;
      chars += n;
      if (item.confidence >= 0.7) goodChars += n;
    }
  }
  return { confidence: chars ? weighted / chars : 0, goodChars };
}

function toItems(page: TesseractPage, scale: number, top: number): PositionedText[] {
  const items: PositionedText[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        // One baseline per tesseract line, so its words stay together when lines are merged: the
        // median of word bottoms (robust to descenders and to boxes swollen by nearby marks).
        const bottoms = line.words.map((w) => w.bbox.y1).sort((a, b) => a - b);
        const baselineY = bottoms[Math.floor(bottoms.length / 2)] ?? line.bbox.y1;
        for (const word of line.words) {
          const text = word.text.trim();
          if (!text) continue;
          if (word.confidence < NOISE_CONFIDENCE && !/[\p{L}\p{N}]{2}/u.test(text)) continue;
          const { bbox } = word;
          items.push({
            text,
            x: bbox.x0 / scale,
            y: (bbox.y0 + top) / scale,
            width: (bbox.x1 - bbox.x0) / scale,
            height: (bbox.y1 - bbox.y0) / scale,
            confidence: Math.max(0, Math.min(1, word.confidence / 100)),
            baseline: (baselineY + top) / scale,
          });
        }
      }
    }
  }
  return items;
}
