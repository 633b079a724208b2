import { deflateSync, crc32 } from 'node:zlib';
import { openPdf, renderPageGray } from '@wattwise/extractor/files';
import { ExtractionError } from '@wattwise/extractor/types';
import { AppError } from '../../http/errors.ts';
import { BILL_MESSAGES } from './bills.messages.ts';
import { type BillsDeps, getBillFile } from './bills.service.ts';

// The bill page shows a PDF as page images rendered here, never in the browser's PDF viewer:
// a PDF may carry JavaScript, and the viewer would run it. pdf.js (through the bill reader)
// never evaluates code from the file.

/** Page image resolutions: 1 fits a screen, 2 is for zooming in. */
export const PAGE_SCALES = { 1: 120, 2: 240 } as const;
export type PageScale = keyof typeof PAGE_SCALES;

export type BillPage = { number: number; url: string; width: number; height: number };

/** The pages of a PDF bill with their size in points, so the browser can lay them out before the images arrive. */
export async function listBillPages(deps: Pick<BillsDeps, 'db' | 'storage'>, userId: string, id: string): Promise<BillPage[]> {
  const file = await getBillFile(deps, userId, id);
  if (file.mimeType !== 'application/pdf') return [{ number: 1, url: `/api/bills/${id}/file`, width: 0, height: 0 }];
  const doc = await openReadable(file.bytes);
  try {
    const pages: BillPage[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const { width, height } = (await doc.getPage(n)).getViewport({ scale: 1 });
      pages.push({ number: n, url: `/api/bills/${id}/pages/${n}`, width: Math.round(width), height: Math.round(height) });
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

/** One page of a PDF bill as a grayscale PNG. 404 for a page the bill does not have. */
export async function renderBillPage(deps: Pick<BillsDeps, 'db' | 'storage'>, userId: string, id: string, pageNumber: number, scale: PageScale): Promise<Uint8Array> {
  const file = await getBillFile(deps, userId, id);
  if (file.mimeType !== 'application/pdf') throw new AppError('NOT_FOUND', 404, 'Only PDF bills have page images.');
  const doc = await openReadable(file.bytes);
  try {
    if (pageNumber < 1 || pageNumber > doc.numPages) throw new AppError('NOT_FOUND', 404, 'The bill has no such page.');
    const { image } = await renderPageGray(doc, await doc.getPage(pageNumber), PAGE_SCALES[scale]);
    return encodeGrayPng(image.data, image.width, image.height);
  } finally {
    await doc.destroy();
  }
}

async function openReadable(bytes: Uint8Array) {
  try {
    return await openPdf(bytes);
  } catch (error) {
    if (error instanceof ExtractionError) throw new AppError('UNREADABLE_FILE', 422, BILL_MESSAGES.processingFailed(error.message));
    throw error;
  }
}

/** A minimal PNG encoder for 8-bit grayscale (no dependency: zlib does the work). */
export function encodeGrayPng(pixels: Uint8Array, width: number, height: number): Uint8Array {
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0; // filter: none
    raw.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8 bits, grayscale, deflate, no interlace
  const chunk = (type: string, data: Buffer) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'ascii');
    data.copy(out, 8);
    out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 6 })), chunk('IEND', Buffer.alloc(0))]);
}
