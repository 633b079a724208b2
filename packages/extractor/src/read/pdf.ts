import { createRequire } from 'node:module';
import path from 'node:path';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem as PdfTextItem } from 'pdfjs-dist/types/src/display/api.js';
import { ExtractionError, type PageText, type TextItem } from '../types.ts';
import { pdfHeaderOffset, MAX_PDF_PAGES } from './detect.ts';
import { groupIntoLines } from './lines.ts';

// The legacy build: the modern one renders blank pages on Node 20 without failing.
const require = createRequire(import.meta.url);
const PDFJS_DIR = path.dirname(require.resolve('pdfjs-dist/package.json'));
const STANDARD_FONTS = path.join(PDFJS_DIR, 'standard_fonts') + path.sep;
const WASM_DIR = path.join(PDFJS_DIR, 'wasm') + path.sep;
const CMAPS_DIR = path.join(PDFJS_DIR, 'cmaps') + path.sep;

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;

/**
 * pdf.js, loaded on first use with its worker module preloaded (pdf.js runs its "fake worker" in
 * this thread). Under tsx's loader every module's source passes through a rewrite and a source
 * map, and Node keeps parsed source maps: with the minified builds and source maps off while they
 * load, a process that has read its first PDF holds 275-285 MB, against 245-380 MB otherwise
 * (measured on a 2-core machine; the scanned-PDF peak 515-520 MB against 420-610 MB).
 */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= (async () => {
    const wasEnabled = process.sourceMapsEnabled === true;
    process.setSourceMapsEnabled(false);
    try {
      const [lib, worker] = await Promise.all([import('pdfjs-dist/legacy/build/pdf.min.mjs'), import('pdfjs-dist/legacy/build/pdf.worker.min.mjs')]);
      (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
      return lib;
    } finally {
      process.setSourceMapsEnabled(wasEnabled);
    }
  })();
  pdfjs.catch(() => {
    pdfjs = undefined;
  });
  return pdfjs;
}

/** Opens a PDF from memory. Never fetches anything, never evaluates code from the file. */
export async function openPdf(bytes: Uint8Array, maxPages = MAX_PDF_PAGES): Promise<PDFDocumentProxy> {
  const offset = pdfHeaderOffset(bytes);
  // pdf.js transfers the buffer to its worker: give it a copy, starting at the header. A plain
  // Uint8Array view first: Buffer#slice neither copies nor gives the type pdf.js accepts.
  const start = Math.max(0, offset);
  const data = new Uint8Array(bytes.buffer, bytes.byteOffset + start, bytes.byteLength - start).slice();
  const { getDocument } = await loadPdfJs();
  const task = getDocument({
    data,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    disableAutoFetch: true,
    disableStream: true,
    standardFontDataUrl: STANDARD_FONTS,
    wasmUrl: WASM_DIR,
    cMapUrl: CMAPS_DIR,
    cMapPacked: true,
    verbosity: 0,
  });
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    throw toExtractionError(error);
  }
  if (doc.numPages < 1) {
    await doc.destroy();
    throw new ExtractionError('CORRUPT_FILE', 'The PDF has no pages.');
  }
  if (doc.numPages > maxPages) {
    const pages = doc.numPages;
    await doc.destroy();
    throw new ExtractionError('TOO_MANY_PAGES', `The PDF has ${pages} pages; at most ${maxPages} are read.`);
  }
  return doc;
}

export function toExtractionError(error: unknown): ExtractionError {
  if (error instanceof ExtractionError) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') {
    return new ExtractionError('ENCRYPTED_PDF', 'The PDF is protected by a password.');
  }
  return new ExtractionError('CORRUPT_FILE', 'The PDF is damaged or incomplete.');
}

/** Meaningful characters (letters and digits) in a page's text layer. */
export function meaningfulChars(page: PageText): number {
  let count = 0;
  for (const line of page.lines) count += line.text.replace(/[^\p{L}\p{N}]/gu, '').length;
  return count;
}

/**
 * Share (0..1) of a page's printed characters that sit in readable tokens: words with a vowel,
 * numbers, amounts and dates. A text layer written with fonts that lack a Unicode map comes out
 * as punctuation soup ("&\"#$% #( \"$ )(/0") and scores near 0; real text scores well over 0.6.
 */
export function readableShare(page: PageText): number {
  let readable = 0;
  let total = 0;
  for (const line of page.lines) {
    // Dot leaders and rules ("........", "_____") are layout, not text.
    for (const token of line.text.replace(/(?:[._\-–—·•=*~]\s?){3,}/g, ' ').split(/\s+/)) {
      if (!token) continue;
      total += token.length;
      const core = token.replace(/^[("'$[]+|[)"',.:;!?%\]]+$/g, '');
      if (/^[\p{L}][\p{L}'.&-]*$/u.test(core) && /[aeiouy]/i.test(core) && core.length >= 2) readable += token.length;
      else if (/^[$-]?\d[\d,./:-]*$/.test(core)) readable += token.length;
      else if (/^[\p{L}\d][\p{L}\d#/&.-]*$/u.test(core) && /\p{L}{2}/u.test(core)) readable += token.length * 0.7;
    }
  }
  return total === 0 ? 0 : readable / total;
}

/** The page's text layer as lines, in top-down page points (rotation and crop box applied). */
export async function readTextLayer(page: PDFPageProxy, index: number): Promise<PageText> {
  const { Util } = await loadPdfJs();
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const items: TextItem[] = [];
  const rotated: TextItem[] = [];
  for (const raw of content.items) {
    if (!('str' in raw)) continue;
    const item = raw;
    if (!item.str.trim()) continue;
    const placed = placeItem(item, Util.transform(viewport.transform, item.transform) as number[]);
    if (placed.rotated) rotated.push(placed.item);
    else items.push(placed.item);
  }
  const lines = groupIntoLines(items);
  // Rotated text (sideways margins, stamps) becomes one line per item, ordered by position.
  for (const item of rotated) {
    lines.push({ text: item.text.replace(/\s+/g, ' ').trim(), items: [item], x: item.x, y: item.y, width: item.width, height: item.height });
  }
  lines.sort((a, b) => a.y + a.height - (b.y + b.height) || a.x - b.x);
  return { index, width: viewport.width, height: viewport.height, source: 'text-layer', lines };
}

/** `m`: the item's combined text-space → device-space transform; device space is top-down. */
function placeItem(item: PdfTextItem, m: number[]): { item: TextItem; rotated: boolean } {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = m;
  const fontHeight = Math.hypot(c, d) || Math.abs(item.height) || 1;
  const angle = Math.atan2(b, a);
  const rotated = Math.abs(angle) > 0.05;
  // item.width is already in page units (the viewport is at scale 1).
  const width = item.width;
  if (!rotated) {
    return {
      item: { text: item.str, x: e, y: f - fontHeight * 0.85, width, height: fontHeight, confidence: 1 },
      rotated: false,
    };
  }
  // Bounding box of the rotated run.
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const xs = [e, e + width * cos, e + fontHeight * sin, e + width * cos + fontHeight * sin];
  const ys = [f, f + width * sin, f - fontHeight * cos, f + width * sin - fontHeight * cos];
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return {
    item: { text: item.str, x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y, confidence: 1 },
    rotated: true,
  };
}
