import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { GrayImage } from './image-prep.ts';

/** The part of pdf.js's Node canvas factory (backed by its own @napi-rs/canvas copy) we use. */
interface CanvasFactory {
  create(width: number, height: number): { canvas: unknown; context: Context2d };
  destroy(entry: { canvas: unknown; context: Context2d }): void;
}
interface Context2d {
  fillStyle: string;
  fillRect(x: number, y: number, w: number, h: number): void;
  getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
}

/** Largest render, in pixels, whatever the page size claims (a huge page must not exhaust memory). */
export const MAX_RENDER_PIXELS = 16_000_000;

/**
 * Renders a PDF page to gray pixels at `dpi` (capped by the pixel budget).
 * Returns the image and the scale from page points to pixels.
 */
export async function renderPageGray(doc: PDFDocumentProxy, page: PDFPageProxy, dpi: number): Promise<{ image: GrayImage; scale: number }> {
  const base = page.getViewport({ scale: 1 });
  let scale = dpi / 72;
  const pixels = base.width * base.height * scale * scale;
  if (pixels > MAX_RENDER_PIXELS) scale *= Math.sqrt(MAX_RENDER_PIXELS / pixels);
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.ceil(viewport.width));
  const height = Math.max(1, Math.ceil(viewport.height));
  // The canvas must come from pdf.js's own factory: pdf.js builds Path2D objects with its copy
  // of @napi-rs/canvas, and mixing two copies crashes the process.
  const factory = doc.canvasFactory as CanvasFactory;
  const entry = factory.create(width, height);
  const { canvas, context } = entry;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  // pdf.js types the canvas as the DOM one; @napi-rs/canvas implements the same 2D API.
  await page.render({
    canvas: canvas as never,
    canvasContext: context as never,
    viewport,
  }).promise;
  const rgba = context.getImageData(0, 0, width, height).data;
  factory.destroy(entry);
  const gray = new Uint8Array(width * height);
  for (let i = 0, j = 0; i < gray.length; i++, j += 4) {
    // Rec. 601 luma; integer maths is plenty for OCR.
    gray[i] = ((rgba[j] ?? 255) * 77 + (rgba[j + 1] ?? 255) * 150 + (rgba[j + 2] ?? 255) * 29) >> 8;
  }
  page.cleanup();
  return { image: { data: gray, width, height }, scale };
}

/** True when almost every pixel is white (a failed render, or a truly blank page). */
export function isBlank(image: GrayImage): boolean {
  let dark = 0;
  const step = 7;
  let seen = 0;
  for (let i = 0; i < image.data.length; i += step) {
    seen++;
    if ((image.data[i] ?? 255) < 200) dark++;
  }
  return dark < seen * 0.0005;
}
