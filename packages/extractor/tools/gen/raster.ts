/**
 * Image forms of a generated bill: page 1 rendered with pdf.js (as the reader does), then
 * degraded with sharp and a little pixel work to look scanned or photographed.
 */
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { openPdf } from '../../src/read/pdf.ts';
import type { Rng } from './random.ts';

interface CanvasEntry {
  canvas: unknown;
  context: { fillStyle: string; fillRect(x: number, y: number, w: number, h: number): void; getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
}
interface CanvasFactory {
  create(width: number, height: number): CanvasEntry;
  destroy(entry: CanvasEntry): void;
}

interface Raw {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 3;
}

/** Renders one page (1-based) of a PDF to RGB pixels at `dpi`. */
export async function renderPage(pdf: Uint8Array, dpi: number, pageNumber = 1): Promise<Raw> {
  const doc = await openPdf(pdf);
  try {
    const page = await doc.getPage(pageNumber);
    const viewport = page.getViewport({ scale: dpi / 72 });
    const width = Math.ceil(viewport.width);
    const height = Math.ceil(viewport.height);
    // pdf.js's own canvas factory: mixing two copies of @napi-rs/canvas crashes the process.
    const factory = doc.canvasFactory as CanvasFactory;
    const entry = factory.create(width, height);
    entry.context.fillStyle = '#ffffff';
    entry.context.fillRect(0, 0, width, height);
    await page.render({ canvas: entry.canvas as never, canvasContext: entry.context as never, viewport }).promise;
    const rgba = entry.context.getImageData(0, 0, width, height).data;
    factory.destroy(entry);
    const rgb = Buffer.alloc(width * height * 3);
    for (let i = 0, j = 0; j < rgba.length; i += 3, j += 4) {
      rgb[i] = rgba[j] ?? 255;
      rgb[i + 1] = rgba[j + 1] ?? 255;
      rgb[i + 2] = rgba[j + 2] ?? 255;
    }
    return { data: rgb, width, height, channels: 3 };
  } finally {
    await doc.destroy();
  }
}

function toGray(img: Raw): Raw {
  if (img.channels === 1) return img;
  const out = Buffer.alloc(img.width * img.height);
  for (let i = 0, j = 0; i < out.length; i++, j += 3) out[i] = ((img.data[j] ?? 255) * 77 + (img.data[j + 1] ?? 255) * 150 + (img.data[j + 2] ?? 255) * 29) >> 8;
  return { data: out, width: img.width, height: img.height, channels: 1 };
}

/** Adds sensor/paper noise in place. */
function addNoise(img: Raw, rng: Rng, amount: number): void {
  for (let i = 0; i < img.data.length; i++) {
    if (rng.next() < 0.35) {
      const v = (img.data[i] ?? 255) + (rng.next() - 0.5) * 2 * amount;
      img.data[i] = Math.max(0, Math.min(255, Math.round(v)));
    }
  }
}

/**
 * A keystone warp: rows further down are narrowed (or widened) around the centre, as when a
 * phone is not held parallel to the page. Each output pixel samples the source row.
 */
function keystone(img: Raw, strength: number, paper: number): Raw {
  const { width, height, channels } = img;
  const out = Buffer.alloc(img.data.length, paper);
  const cx = width / 2;
  for (let y = 0; y < height; y++) {
    const scale = 1 - strength * (y / height - 0.5);
    for (let x = 0; x < width; x++) {
      const sx = Math.round(cx + (x - cx) / scale);
      if (sx < 0 || sx >= width) continue;
      const o = (y * width + x) * channels;
      const s = (y * width + sx) * channels;
      for (let c = 0; c < channels; c++) out[o + c] = img.data[s + c] ?? paper;
    }
  }
  return { ...img, data: out };
}

/** Multiplies by a lighting gradient: bright near one corner, shadowed across the other side. */
function unevenLight(img: Raw, rng: Rng): void {
  const { width, height, channels } = img;
  const lx = rng.range(0, width);
  const ly = rng.range(0, height * 0.4);
  const reach = Math.hypot(width, height);
  const floor = rng.range(0.55, 0.75);
  const tint = [1, rng.range(0.95, 1), rng.range(0.85, 0.95)];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const f = 1 - (1 - floor) * Math.min(1, Math.hypot(x - lx, y - ly) / reach) * 1.4;
      const o = (y * width + x) * channels;
      for (let c = 0; c < channels; c++) img.data[o + c] = Math.round((img.data[o + c] ?? 255) * Math.max(floor, f) * (tint[c] ?? 1));
    }
  }
}

const rawInput = (img: Raw) => ({ raw: { width: img.width, height: img.height, channels: img.channels } });

/** A flatbed scan: gray, slight skew, light noise. PNG. */
export async function makePngScan(pdf: Uint8Array, rng: Rng, opts: { dpi?: number; compact?: boolean } = {}): Promise<Buffer> {
  const dpi = opts.dpi ?? rng.int(150, 300);
  const gray = toGray(await renderPage(pdf, dpi));
  // Noise defeats PNG compression: compact scans (committed fixtures) only get a light speckle.
  const noise = rng.range(8, 22);
  if (!opts.compact) addNoise(gray, rng, noise);
  const angle = rng.range(-1.2, 1.2);
  const image = sharp(gray.data, rawInput(gray)).rotate(angle, { background: { r: 250, g: 250, b: 250 } }).blur(rng.range(0.3, 0.7));
  // sharp takes `colours` as a request for a palette: only compact scans get one (8 grays).
  return image
    .toColourspace('b-w')
    .png(opts.compact ? { compressionLevel: 9, palette: true, colours: 8, dither: 0 } : { compressionLevel: 9 })
    .toBuffer();
}

/** A phone photo: colour, rotated a few degrees, keystoned, blurred, unevenly lit. JPEG 60-85. */
export async function makeJpegPhoto(pdf: Uint8Array, rng: Rng, opts: { dpi?: number; quality?: number } = {}): Promise<Buffer> {
  const dpi = opts.dpi ?? rng.int(130, 200);
  let img = await renderPage(pdf, dpi);
  img = keystone(img, rng.range(-0.08, 0.08), 235);
  unevenLight(img, rng);
  addNoise(img, rng, 10);
  const angle = rng.pick([-1, 1]) * rng.range(1.5, 4.5);
  const rotated = await sharp(img.data, rawInput(img))
    .rotate(angle, { background: { r: 70, g: 62, b: 55 } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(rotated.data, { raw: { width: rotated.info.width, height: rotated.info.height, channels: 3 } })
    .blur(rng.range(0.6, 1.3))
    .jpeg({ quality: opts.quality ?? rng.int(60, 85) })
    .toBuffer();
}

/** An image-only PDF: the page scanned to gray JPEG and placed on a page of the same size. */
export async function makeScannedPdf(pdf: Uint8Array, rng: Rng): Promise<Uint8Array> {
  const source = await PDFDocument.load(pdf);
  const { width, height } = source.getPage(0).getSize();
  const gray = toGray(await renderPage(pdf, rng.int(150, 220)));
  addNoise(gray, rng, rng.range(6, 16));
  const jpeg = await sharp(gray.data, rawInput(gray))
    .rotate(rng.range(-0.8, 0.8), { background: { r: 248, g: 248, b: 248 } })
    .resize(gray.width, gray.height, { fit: 'cover' })
    .jpeg({ quality: rng.int(55, 75) })
    .toBuffer();
  const out = await PDFDocument.create();
  const image = await out.embedJpg(jpeg);
  out.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
  return out.save();
}

/** A plain PNG of one page, for looking at generated bills. */
export async function renderPagePng(pdf: Uint8Array, dpi: number, pageNumber: number): Promise<Buffer> {
  const img = await renderPage(pdf, dpi, pageNumber);
  return sharp(img.data, rawInput(img)).png().toBuffer();
}
