import heicConvert from 'heic-convert';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ExtractionError, type DocumentText, type FileKind, type PageText } from '../types.ts';
import { checkImageSize, detectKind, MAX_PDF_PAGES } from './detect.ts';
import { decodeGray, prepareForOcr, type GrayImage } from './image-prep.ts';
import { ocrPage, ocrQuality } from './ocr.ts';
import { ocrWorkerCount, terminate } from './ocr-pool.ts';
import { meaningfulChars, openPdf, readableShare, readTextLayer, toExtractionError } from './pdf.ts';
import { isBlank, MAX_RENDER_PIXELS, renderPageGray } from './pdf-render.ts';

export interface ReadOptions {
  signal?: AbortSignal;
  /** Refuse PDFs with more pages than this (default 20). */
  maxPages?: number;
  /**
   * Height in OCR pixels that a typical text row is scaled to (default 16). A second reading at
   * another size recovers words the first one lost (small print, touching characters).
   */
  ocrTextHeight?: number;
  /** Called as reading advances: the share of the document read so far (0..1, never decreasing). */
  onProgress?: (share: number) => void;
}

/** Reports progress as pages (and OCR bands within a page) are read; never goes backwards. */
function progressOf(pageCount: number, report?: (share: number) => void) {
  let last = 0;
  const emit = (share: number) => {
    const clamped = Math.min(1, Math.max(last, share));
    if (clamped > last && report) report(clamped);
    last = clamped;
  };
  return {
    page: (pagesDone: number) => emit(pagesDone / pageCount),
    band: (pageIndex: number) => (done: number, total: number) => emit((pageIndex + done / total) / pageCount),
  };
}

/** A page whose text layer has fewer letters/digits than this is OCR'd instead. */
const MIN_TEXT_LAYER_CHARS = 20;
/** A text layer with less of its text readable than this (fonts without a Unicode map) is OCR'd. */
const MIN_READABLE_SHARE = 0.5;
/** Resolution for rasterising PDF pages without a text layer. */
export const RENDER_DPI = 200;

/**
 * The pixels reading the file may decode, from its headers only: an image's declared width ×
 * height; a PDF's pages as they would be rasterised if none had a text layer (at RENDER_DPI,
 * capped per page by the render budget). Throws ExtractionError for files that cannot be opened.
 */
export async function decodedPixels(bytes: Uint8Array, maxPages = MAX_PDF_PAGES): Promise<{ pixels: number; pages: number }> {
  const kind = detectKind(bytes);
  if (kind !== 'pdf') {
    const { width, height } = checkImageSize(bytes, kind);
    return { pixels: width * height, pages: 1 };
  }
  const doc = await openPdf(bytes, maxPages);
  try {
    let pixels = 0;
    for (let n = 1; n <= doc.numPages; n++) {
      const { width, height } = (await doc.getPage(n)).getViewport({ scale: RENDER_DPI / 72 });
      pixels += Math.min(width * height, MAX_RENDER_PIXELS);
    }
    return { pixels, pages: doc.numPages };
  } catch (error) {
    throw error instanceof ExtractionError ? error : toExtractionError(error);
  } finally {
    await doc.destroy();
  }
}

/**
 * Reads a bill file into positioned text: the PDF text layer where there is one, OCR for scanned
 * pages and photos. The file type comes from the bytes, never the name. Throws `ExtractionError`.
 */
export async function readDocument(bytes: Uint8Array, opts: ReadOptions = {}): Promise<DocumentText> {
  const kind = detectKind(bytes);
  opts.signal?.throwIfAborted();
  try {
    if (kind === 'pdf') return await readPdf(bytes, opts);
    return await readImage(bytes, kind, opts);
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    if (opts.signal?.aborted) throw new ExtractionError('TIMEOUT', 'Reading the file was cancelled or took too long.');
    throw error;
  }
}

/** Stops the shared OCR workers (call on shutdown). */
export async function closeReaders(): Promise<void> {
  await terminate();
}

async function readPdf(bytes: Uint8Array, opts: ReadOptions): Promise<DocumentText> {
  const doc = await openPdf(bytes, opts.maxPages ?? MAX_PDF_PAGES);
  try {
    const pages: PageText[] = [];
    const progress = progressOf(doc.numPages, opts.onProgress);
    for (let n = 1; n <= doc.numPages; n++) {
      opts.signal?.throwIfAborted();
      pages.push(await readPdfPage(doc, n, opts, progress.band(n - 1)));
      progress.page(n);
    }
    return { kind: 'pdf', pageCount: doc.numPages, pages };
  } catch (error) {
    if (error instanceof ExtractionError || opts.signal?.aborted) throw error;
    throw toExtractionError(error);
  } finally {
    await doc.destroy();
  }
}

async function readPdfPage(doc: PDFDocumentProxy, pageNumber: number, opts: ReadOptions, onBand?: (done: number, total: number) => void): Promise<PageText> {
  const page = await doc.getPage(pageNumber);
  const index = pageNumber - 1;
  const textLayer = await readTextLayer(page, index);
  if (meaningfulChars(textLayer) >= MIN_TEXT_LAYER_CHARS && readableShare(textLayer) >= MIN_READABLE_SHARE) return textLayer;
  const { image, scale } = await renderPageGray(doc, page, RENDER_DPI);
  if (isBlank(image)) return { ...textLayer, source: textLayer.lines.length ? 'text-layer' : 'ocr' };
  return ocrInBestOrientation(image, scale, index, opts, onBand);
}

/**
 * Text rows lower than this (image pixels, as medianTextHeight measures them) hold digits 3–4
 * pixels wide: OCR reads some words there but guesses digits (measured on a 48 dpi bill, rows of
 * 4 px: "2004" for "2024" at every enlargement, filter, engine and segmentation tried). Scans at
 * 150 dpi measure 12 px and up, phone photos of a page 8 px and up.
 */
const SMALL_TEXT_HEIGHT = 6;

export function hasSmallText(textHeight: number): boolean {
  return textHeight > 0 && textHeight < SMALL_TEXT_HEIGHT;
}

/** Below this, a page probably lies sideways or upside down: other orientations are tried. */
const POOR_CONFIDENCE = 0.6;
const POOR_CHARS = 150;

/**
 * OCRs a gray page image (`scale` = image pixels per page unit). When the reading is poor, the
 * other orientations are read too and the best kept (the English data has no OSD model).
 */
async function ocrInBestOrientation(image: GrayImage, scale: number, index: number, opts: ReadOptions, onBand?: (done: number, total: number) => void): Promise<PageText> {
  const { signal } = opts;
  const read = async (quarterTurns?: number) => {
    const prepared = await prepareForOcr(image, { deskew: true, bands: ocrWorkerCount(), quarterTurns, targetTextHeight: opts.ocrTextHeight });
    signal?.throwIfAborted();
    const page = await ocrPage(
      { bands: prepared.bands, scale: scale * prepared.scale, width: prepared.width / scale, height: prepared.height / scale },
      index,
      signal,
      onBand,
    );
    if (hasSmallText(prepared.textHeight)) page.smallText = true;
    return { page, quality: ocrQuality(page), quarterTurns: prepared.quarterTurns };
  };
  let best = await read();
  const isPoor = (q: { confidence: number; goodChars: number }) => q.confidence < POOR_CONFIDENCE || q.goodChars < POOR_CHARS;
  if (!isPoor(best.quality)) return best.page;
  // Every other orientation, upright included (the first reading may have turned the page).
  for (const turns of [0, 2, 1, 3]) {
    if (turns === best.quarterTurns) continue;
    const candidate = await read(turns);
    if (candidate.quality.goodChars > best.quality.goodChars * 1.2) best = candidate;
    if (!isPoor(best.quality)) break;
  }
  return best.page;
}

async function readImage(bytes: Uint8Array, kind: Exclude<FileKind, 'pdf'>, opts: ReadOptions): Promise<DocumentText> {
  checkImageSize(bytes, kind);
  let encoded = bytes;
  if (kind === 'heic') encoded = await heicToJpeg(bytes);
  opts.signal?.throwIfAborted();
  const gray: GrayImage = await decodeGray(encoded);
  opts.signal?.throwIfAborted();
  const progress = progressOf(1, opts.onProgress);
  const page = await ocrInBestOrientation(gray, 1, 0, opts, progress.band(0));
  progress.page(1);
  return { kind, pageCount: 1, pages: [page] };
}

async function heicToJpeg(bytes: Uint8Array): Promise<Uint8Array> {
  try {
    const output = await heicConvert({ buffer: bytes, format: 'JPEG', quality: 0.92 });
    const jpeg = new Uint8Array(output);
    checkImageSize(jpeg, 'jpeg');
    return jpeg;
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    throw new ExtractionError('CORRUPT_FILE', 'The HEIC image is damaged or cannot be read.');
  }
}
