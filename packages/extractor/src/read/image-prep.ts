import sharp from 'sharp';
import { ExtractionError } from '../types.ts';
import { IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_PIXELS } from './detect.ts';

/**
 * Image clean-up before OCR: EXIF orientation, grayscale, flattening of uneven light, contrast
 * stretch, deskew (projection profile), 90° orientation check, and scaling to a text size
 * tesseract reads well.
 */

export interface GrayImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** A horizontal slice of the OCR image; slices are read in parallel by the worker pool. */
export interface ImageBand {
  png: Buffer;
  /** Top of the band in OCR pixels. */
  top: number;
}

export interface PreparedImage {
  bands: ImageBand[];
  /** OCR pixels per source pixel. */
  scale: number;
  /** Size of the deskewed/oriented source image, in source pixels. */
  width: number;
  height: number;
  skewDegrees: number;
  quarterTurns: number;
  /** Median text-row height in source pixels (0 when unknown). */
  textHeight: number;
}

sharp.cache(false);
sharp.concurrency(1);

/** Decodes an encoded image (JPEG/PNG) into 8-bit gray with EXIF orientation applied. */
export async function decodeGray(bytes: Uint8Array): Promise<GrayImage> {
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .grayscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) throw new ExtractionError('IMAGE_TOO_LARGE', IMAGE_TOO_LARGE_MESSAGE);
    throw new ExtractionError('CORRUPT_FILE', 'The image is damaged or incomplete.');
  }
}

export interface PrepareOptions {
  /** Estimate and correct small rotations (photos). */
  deskew: boolean;
  /** Target height in OCR pixels of a typical text row (ascender to descender); 16 measured best. */
  targetTextHeight?: number;
  /** Never scale above this many pixels on the long side. */
  maxLongSide?: number;
  /** Quarter turns (clockwise) to apply first; when unset, a sideways page is detected. */
  quarterTurns?: number;
  /** Number of horizontal bands to cut the result into (one per OCR worker). */
  bands?: number;
}

/** Produces the OCR input for a gray image. */
export async function prepareForOcr(gray: GrayImage, opts: PrepareOptions): Promise<PreparedImage> {
  const paper = opts.deskew ? maskOutsidePaper(gray) : gray;
  let image = flattenBackground(paper);
  // Sensor grain or a dirty scanner glass, which flattening the background turns into dark
  // specks: OCR reads every speck as a letter and slows to a crawl. A 3×3 median of the
  // original removes the grain and keeps the strokes.
  if (speckleShare(image) > SPECKLE_LIMIT) image = flattenBackground(await medianFilter(paper));
  let quarterTurns = 0;
  let skewDegrees = 0;
  if (opts.quarterTurns !== undefined) {
    quarterTurns = opts.quarterTurns;
    if (quarterTurns % 4) image = await rotateGray(image, 90 * (quarterTurns % 4));
  }
  if (opts.deskew) {
    if (opts.quarterTurns === undefined) {
      quarterTurns = looksSideways(image) ? 1 : 0;
      if (quarterTurns) image = await rotateGray(image, 90);
    }
    skewDegrees = estimateSkew(image);
    if (Math.abs(skewDegrees) >= 0.2) image = await rotateGray(image, -skewDegrees);
  }
  image = clearDarkEdges(image);
  const textHeight = medianTextHeight(image);
  if (textHeight > 0) image = removeRules(image, Math.max(40, textHeight * 4), Math.max(2, Math.round(textHeight * 0.3)));
  const target = opts.targetTextHeight ?? 16;
  let scale = textHeight > 0 ? target / textHeight : 1;
  scale = Math.max(1, Math.min(scale, 3));
  const maxLong = opts.maxLongSide ?? 4200;
  scale = Math.min(scale, maxLong / Math.max(image.width, image.height));
  scale = Math.max(scale, Math.min(1, maxLong / Math.max(image.width, image.height)));
  let pipeline = sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), {
    raw: { width: image.width, height: image.height, channels: 1 },
  });
  if (Math.abs(scale - 1) > 0.05) {
    pipeline = pipeline.resize(Math.round(image.width * scale), Math.round(image.height * scale), { kernel: 'lanczos3' });
  } else scale = 1;
  const { data, info } = await pipeline.toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  const final: GrayImage = { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
  const bands = await Promise.all(
    splitRows(final, opts.bands ?? 1).map(async ([top, bottom]) => ({
      top,
      png: await sharp(Buffer.from(final.data.buffer, final.data.byteOffset + top * final.width, (bottom - top) * final.width), {
        raw: { width: final.width, height: bottom - top, channels: 1 },
      })
        .toColourspace('b-w')
        .png({ compressionLevel: 1 })
        .toBuffer(),
    })),
  );
  return { bands, scale, width: image.width, height: image.height, skewDegrees, quarterTurns, textHeight };
}

/** Share of dark pixels with no dark neighbour above which an image is despeckled. */
const SPECKLE_LIMIT = 0.05;

/** Of the dark pixels (sampled), the share that stand alone: no dark pixel among their 8 neighbours. */
export function speckleShare(gray: GrayImage): number {
  const { data, width, height } = gray;
  let dark = 0;
  let alone = 0;
  const isDark = (i: number) => (data[i] ?? 255) < 128;
  for (let y = 1; y < height - 1; y += 2) {
    for (let x = 1; x < width - 1; x += 2) {
      const i = y * width + x;
      if (!isDark(i)) continue;
      dark++;
      if (!isDark(i - 1) && !isDark(i + 1) && !isDark(i - width) && !isDark(i + width) && !isDark(i - width - 1) && !isDark(i - width + 1) && !isDark(i + width - 1) && !isDark(i + width + 1)) alone++;
    }
  }
  return dark === 0 ? 0 : alone / dark;
}

async function medianFilter(gray: GrayImage): Promise<GrayImage> {
  const { data, info } = await sharp(Buffer.from(gray.data.buffer, gray.data.byteOffset, gray.data.length), { raw: { width: gray.width, height: gray.height, channels: 1 } })
    .median(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/**
 * Cuts the image into `count` bands of similar height, each cut on the emptiest row near the
 * ideal position so no text line is cut in two.
 */
export function splitRows(gray: GrayImage, count: number): Array<[number, number]> {
  if (count <= 1 || gray.height < 800) return [[0, gray.height]];
  const ink = new Uint32Array(gray.height);
  for (let y = 0; y < gray.height; y++) {
    let n = 0;
    const row = y * gray.width;
    for (let x = 0; x < gray.width; x++) if ((gray.data[row + x] ?? 255) < 160) n++;
    ink[y] = n;
  }
  const cuts = [0];
  for (let k = 1; k < count; k++) {
    const ideal = Math.round((gray.height * k) / count);
    const window = Math.round(gray.height / (count * 5));
    let best = ideal;
    let bestScore = Infinity;
    for (let y = ideal - window; y <= ideal + window; y++) {
      // Prefer rows inside a blank gap (a few empty rows around), then closeness to the ideal.
      let score = 0;
      for (let d = -3; d <= 3; d++) score += ink[y + d] ?? 0;
      score = score * 1000 + Math.abs(y - ideal);
      if (score < bestScore) {
        bestScore = score;
        best = y;
      }
    }
    cuts.push(best);
  }
  cuts.push(gray.height);
  const bands: Array<[number, number]> = [];
  for (let k = 0; k + 1 < cuts.length; k++) bands.push([cuts[k] ?? 0, cuts[k + 1] ?? gray.height]);
  return bands;
}

/**
 * Divides each pixel by a blurred estimate of the paper brightness around it, so shadows and
 * gradients from phone photos become white paper, then stretches contrast.
 */
export function flattenBackground(gray: GrayImage): GrayImage {
  const { width, height, data } = gray;
  // Background: max filter on a coarse grid (text is dark, paper light), then smoothed.
  const cell = Math.max(8, Math.round(Math.max(width, height) / 60));
  const gw = Math.ceil(width / cell);
  const gh = Math.ceil(height / cell);
  const grid = new Float32Array(gw * gh);
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      const values: number[] = [];
      for (let y = gy * cell; y < Math.min(height, (gy + 1) * cell); y += 2) {
        for (let x = gx * cell; x < Math.min(width, (gx + 1) * cell); x += 2) values.push(data[y * width + x] ?? 0);
      }
      values.sort((a, b) => a - b);
      // A high percentile: paper brightness even when the cell holds some ink.
      grid[gy * gw + gx] = values[Math.floor(values.length * 0.9)] ?? 255;
    }
  }
  const smooth = boxBlurGrid(boxBlurGrid(grid, gw, gh), gw, gh);
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(gh - 1, Math.max(0, (y + 0.5) / cell - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(gh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(gw - 1, Math.max(0, (x + 0.5) / cell - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(gw - 1, x0 + 1);
      const tx = fx - x0;
      const bg =
        ((smooth[y0 * gw + x0] ?? 255) * (1 - tx) + (smooth[y0 * gw + x1] ?? 255) * tx) * (1 - ty) +
        ((smooth[y1 * gw + x0] ?? 255) * (1 - tx) + (smooth[y1 * gw + x1] ?? 255) * tx) * ty;
      const v = ((data[y * width + x] ?? 0) / Math.max(bg, 40)) * 255;
      out[y * width + x] = v >= 255 ? 255 : v;
    }
  }
  return stretchContrast({ data: out, width, height });
}

function boxBlurGrid(grid: Float32Array, gw: number, gh: number): Float32Array {
  const out = new Float32Array(grid.length);
  for (let y = 0; y < gh; y++) {
    for (let x = 0; x < gw; x++) {
      let sum = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const yy = y + dy;
          const xx = x + dx;
          if (yy < 0 || xx < 0 || yy >= gh || xx >= gw) continue;
          sum += grid[yy * gw + xx] ?? 0;
          n++;
        }
      }
      out[y * gw + x] = sum / n;
    }
  }
  return out;
}

/** Maps the 1st percentile to black and the paper level to white. */
function stretchContrast(gray: GrayImage): GrayImage {
  const histogram = new Uint32Array(256);
  for (const v of gray.data) histogram[v] = (histogram[v] ?? 0) + 1;
  const total = gray.data.length;
  let low = 0;
  for (let acc = 0; low < 255; low++) {
    acc += histogram[low] ?? 0;
    if (acc > total * 0.005) break;
  }
  // Paper texture and JPEG noise sit just under white: send it to white.
  const high = 225;
  if (low >= high - 20) return gray;
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = Math.max(0, Math.min(255, Math.round(((v - low) / (high - low)) * 255)));
  const data = new Uint8Array(gray.data.length);
  for (let i = 0; i < data.length; i++) data[i] = lut[gray.data[i] ?? 0] ?? 0;
  return { ...gray, data };
}

/** Dark pixels of a downscaled copy, for the layout estimates below. */
function inkPoints(gray: GrayImage, maxSide = 1000, margin = 0): { xs: Int32Array; ys: Int32Array; step: number } {
  const step = Math.max(1, Math.ceil(Math.max(gray.width, gray.height) / maxSide));
  const xs: number[] = [];
  const ys: number[] = [];
  // Margins hold scanner borders and the background around a photographed page.
  const mx = Math.round(gray.width * margin);
  const my = Math.round(gray.height * margin);
  for (let y = my; y < gray.height - my; y += step) {
    for (let x = mx; x < gray.width - mx; x += step) {
      if ((gray.data[y * gray.width + x] ?? 255) < 128) {
        xs.push(x / step);
        ys.push(y / step);
      }
    }
  }
  return { xs: Int32Array.from(xs), ys: Int32Array.from(ys), step };
}

function profileScore(xs: Int32Array, ys: Int32Array, tan: number, size: number, horizontal: boolean): number {
  const bins = new Float64Array(size * 2 + 1);
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i] ?? 0;
    const y = ys[i] ?? 0;
    const b = horizontal ? Math.round(y - x * tan) + size : Math.round(x - y * tan) + size;
    if (b >= 0 && b < bins.length) bins[b] = (bins[b] ?? 0) + 1;
  }
  let score = 0;
  for (let i = 1; i < bins.length; i++) {
    const d = (bins[i] ?? 0) - (bins[i - 1] ?? 0);
    score += d * d;
  }
  return score;
}

/** Skew in degrees (positive = text rises to the right... as measured in image coordinates). */
export function estimateSkew(gray: GrayImage): number {
  const { xs, ys, step } = inkPoints(gray);
  if (xs.length < 200) return 0;
  const size = Math.ceil(Math.max(gray.width, gray.height) / step) + 1;
  const search = (from: number, to: number, by: number): number => {
    let best = 0;
    let bestScore = -1;
    for (let a = from; a <= to + 1e-9; a += by) {
      const score = profileScore(xs, ys, Math.tan((a * Math.PI) / 180), size, true);
      if (score > bestScore) {
        bestScore = score;
        best = a;
      }
    }
    return best;
  };
  const coarse = search(-10, 10, 0.5);
  return Math.round(search(coarse - 0.5, coarse + 0.5, 0.1) * 10) / 10;
}

/** True when text lines run vertically (page photographed sideways). */
export function looksSideways(gray: GrayImage): boolean {
  const { xs, ys, step } = inkPoints(gray, 1000, 0.08);
  if (xs.length < 200) return false;
  const size = Math.ceil(Math.max(gray.width, gray.height) / step) + 1;
  let rows = 0;
  let cols = 0;
  // The same range as the skew search: a photo taken a little crooked is still upright.
  for (let a = -10; a <= 10; a += 1) {
    const tan = Math.tan((a * Math.PI) / 180);
    rows = Math.max(rows, profileScore(xs, ys, tan, size, true));
    cols = Math.max(cols, profileScore(xs, ys, tan, size, false));
  }
  return cols > rows * 2;
}

/**
 * Median height of text rows (0 when unknown). Rows are measured in vertical strips, so columns
 * of text at different heights and dark scan borders do not merge rows together.
 */
export function medianTextHeight(gray: GrayImage): number {
  const { width, height, data } = gray;
  const strips = 8;
  const stripWidth = Math.ceil(width / strips);
  const runs: number[] = [];
  for (let s = 0; s < strips; s++) {
    const x0 = s * stripWidth;
    const x1 = Math.min(width, x0 + stripWidth);
    let start = -1;
    for (let y = 0; y <= height; y++) {
      let n = 0;
      if (y < height) {
        const row = y * width;
        for (let x = x0; x < x1; x += 2) if ((data[row + x] ?? 255) < 128) n++;
      }
      // A row is text when it holds some ink but is not a solid bar (rules, borders, shading).
      const inked = n > 1 && n < (x1 - x0) * 0.4;
      if (inked && start < 0) start = y;
      if (!inked && start >= 0) {
        const h = y - start;
        if (h >= 4 && h < height / 20) runs.push(h);
        start = -1;
      }
    }
  }
  if (runs.length < 10) return 0;
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)] ?? 0;
}

async function rotateGray(gray: GrayImage, degrees: number): Promise<GrayImage> {
  const { data, info } = await sharp(Buffer.from(gray.data.buffer, gray.data.byteOffset, gray.data.length), {
    raw: { width: gray.width, height: gray.height, channels: 1 },
  })
    .rotate(degrees, { background: { r: 255, g: 255, b: 255 } })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const channels = info.channels;
  if (channels === 1) return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
  const out = new Uint8Array(info.width * info.height);
  for (let i = 0; i < out.length; i++) out[i] = data[i * channels] ?? 255;
  return { data: out, width: info.width, height: info.height };
}

/**
 * Whitens everything outside the sheet of paper in a photo (table, carpet, hands), which would
 * otherwise turn into OCR noise and slow tesseract down. The paper is the largest bright region
 * of a downscaled copy; its row and column spans are filled so text and shading inside it stay.
 * Returns the image unchanged when the paper fills (nearly) the whole frame, as in scans.
 */
export function maskOutsidePaper(gray: GrayImage): GrayImage {
  const { width, height, data } = gray;
  const step = Math.max(1, Math.ceil(Math.max(width, height) / 400));
  const w = Math.ceil(width / step);
  const h = Math.ceil(height / step);
  const small = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      // Max over the cell: text strokes vanish, paper stays bright.
      let m = 0;
      for (let dy = 0; dy < step && y * step + dy < height; dy++) {
        for (let dx = 0; dx < step && x * step + dx < width; dx++) m = Math.max(m, data[(y * step + dy) * width + x * step + dx] ?? 0);
      }
      small[y * w + x] = m;
    }
  }
  const threshold = otsu(small);
  let darkSum = 0;
  let darkCount = 0;
  for (const v of small) {
    if (v <= threshold) {
      darkSum += v;
      darkCount++;
    }
  }
  const darkMean = darkCount ? darkSum / darkCount : threshold;
  // Shaded parts of the sheet can fall under Otsu's threshold: also try a lower one, and keep
  // the candidate whose region is a solid convex sheet.
  let mask: Uint8Array | undefined;
  let bestArea = 0;
  for (const t of [threshold, (threshold + darkMean) / 2]) {
    const bright = new Uint8Array(w * h);
    for (let i = 0; i < bright.length; i++) bright[i] = (small[i] ?? 0) > t ? 1 : 0;
    const paper = largestComponent(bright, w, h);
    if (!paper) continue;
    const hull = fillConvexHull(paper, w, h);
    if (hull.area < w * h * 0.25 || hull.area > w * h * 0.97) continue;
    // A sheet of paper is convex: a region with bites out of it is not the sheet (or not all of it).
    if (paper.reduce((a, v) => a + v, 0) / hull.area < 0.9) continue;
    if (hull.area > bestArea) {
      bestArea = hull.area;
      mask = hull.mask;
    }
  }
  if (!mask) return gray;
  const out = new Uint8Array(data);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(h - 1, Math.floor(y / step));
    for (let x = 0; x < width; x++) {
      if (!mask[sy * w + Math.min(w - 1, Math.floor(x / step))]) out[y * width + x] = 255;
    }
  }
  return { data: out, width, height };
}

/** Fills the convex hull of a binary region (rows' extreme points, monotone chain). */
function fillConvexHull(region: Uint8Array, w: number, h: number): { mask: Uint8Array; area: number } {
  const points: Array<[number, number]> = [];
  for (let y = 0; y < h; y++) {
    let first = -1;
    let last = -1;
    for (let x = 0; x < w; x++) {
      if (!region[y * w + x]) continue;
      if (first < 0) first = x;
      last = x;
    }
    if (first >= 0) points.push([first, y], [last + 1, y], [first, y + 1], [last + 1, y + 1]);
  }
  points.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: [number, number], a: [number, number], b: [number, number]) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Array<[number, number]> = [];
  for (const p of points) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Array<[number, number]> = [];
  for (const p of [...points].reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  const hull = [...lower.slice(0, -1), ...upper.slice(0, -1)];
  const mask = new Uint8Array(w * h);
  let area = 0;
  for (let y = 0; y < h; y++) {
    const cy = y + 0.5;
    let left = Infinity;
    let right = -Infinity;
    for (let i = 0; i < hull.length; i++) {
      const a = hull[i]!;
      const b = hull[(i + 1) % hull.length]!;
      if ((a[1] <= cy && b[1] > cy) || (b[1] <= cy && a[1] > cy)) {
        const x = a[0] + ((cy - a[1]) / (b[1] - a[1])) * (b[0] - a[0]);
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    }
    for (let x = Math.max(0, Math.ceil(left - 0.5)); x < Math.min(w, right - 0.5); x++) {
      mask[y * w + x] = 1;
      area++;
    }
  }
  return { mask, area };
}

function otsu(values: Uint8Array): number {
  const histogram = new Float64Array(256);
  for (const v of values) histogram[v] = (histogram[v] ?? 0) + 1;
  const total = values.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * (histogram[i] ?? 0);
  let sumB = 0;
  let weightB = 0;
  let best = 0;
  let threshold = 127;
  for (let t = 0; t < 256; t++) {
    weightB += histogram[t] ?? 0;
    if (weightB === 0) continue;
    const weightF = total - weightB;
    if (weightF === 0) break;
    sumB += t * (histogram[t] ?? 0);
    const meanB = sumB / weightB;
    const meanF = (sum - sumB) / weightF;
    const between = weightB * weightF * (meanB - meanF) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

function largestComponent(mask: Uint8Array, w: number, h: number): Uint8Array | undefined {
  const label = new Int32Array(w * h);
  let bestLabel = 0;
  let bestSize = 0;
  let next = 0;
  const stack: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || label[start]) continue;
    next++;
    let size = 0;
    label[start] = next;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop() ?? 0;
      size++;
      const x = i % w;
      const neighbours = [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i - w, i + w];
      for (const n of neighbours) {
        if (n >= 0 && n < mask.length && mask[n] && !label[n]) {
          label[n] = next;
          stack.push(n);
        }
      }
    }
    if (size > bestSize) {
      bestSize = size;
      bestLabel = next;
    }
  }
  if (!bestLabel) return undefined;
  const out = new Uint8Array(w * h);
  for (let i = 0; i < out.length; i++) out[i] = label[i] === bestLabel ? 1 : 0;
  return out;
}

/**
 * Erases thin ruling lines (table borders, boxes, underlines) that make tesseract drop the text
 * inside boxes. A line is a dark run longer than `minLength` that is at most `maxThickness` thick;
 * thicker runs (filled bars, often with white text) are left alone.
 */
export function removeRules(gray: GrayImage, minLength: number, maxThickness: number): GrayImage {
  const { width, height } = gray;
  const data = new Uint8Array(gray.data);
  const dark = (v: number | undefined) => (v ?? 255) < 150;
  const eraseThin = (mask: Uint8Array, horizontal: boolean) => {
    // Along the perpendicular direction, erase marked segments no thicker than maxThickness.
    const outer = horizontal ? width : height;
    const inner = horizontal ? height : width;
    for (let o = 0; o < outer; o++) {
      let start = -1;
      for (let i = 0; i <= inner; i++) {
        const idx = horizontal ? i * width + o : o * width + i;
        const marked = i < inner && mask[idx] === 1;
        if (marked && start < 0) start = i;
        if (!marked && start >= 0) {
          if (i - start <= maxThickness) {
            // Also take the anti-aliased pixel on each side.
            for (let k = Math.max(0, start - 1); k <= Math.min(inner - 1, i); k++) {
              data[horizontal ? k * width + o : o * width + k] = 255;
            }
          }
          start = -1;
        }
      }
    }
  };
  const horizontalMask = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    let start = -1;
    for (let x = 0; x <= width; x++) {
      const isDark = x < width && dark(gray.data[y * width + x]);
      if (isDark && start < 0) start = x;
      if (!isDark && start >= 0) {
        if (x - start >= minLength) horizontalMask.fill(1, y * width + start, y * width + x);
        start = -1;
      }
    }
  }
  const verticalMask = new Uint8Array(width * height);
  for (let x = 0; x < width; x++) {
    let start = -1;
    for (let y = 0; y <= height; y++) {
      const isDark = y < height && dark(gray.data[y * width + x]);
      if (isDark && start < 0) start = y;
      if (!isDark && start >= 0) {
        if (y - start >= minLength) for (let k = start; k < y; k++) verticalMask[k * width + x] = 1;
        start = -1;
      }
    }
  }
  eraseThin(horizontalMask, true);
  eraseThin(verticalMask, false);
  return { data, width, height };
}

/** Whitens dark bands along the image edges (scanner lids, page shadows). */
export function clearDarkEdges(gray: GrayImage): GrayImage {
  const { width, height } = gray;
  const data = new Uint8Array(gray.data);
  const darkFraction = (x0: number, y0: number, dx: number, dy: number, n: number) => {
    let d = 0;
    for (let k = 0; k < n; k += 2) if ((data[(y0 + dy * k) * width + x0 + dx * k] ?? 255) < 128) d++;
    return d / Math.ceil(n / 2);
  };
  const limitX = Math.floor(width * 0.1);
  const limitY = Math.floor(height * 0.1);
  for (let x = 0; x < limitX && darkFraction(x, 0, 0, 1, height) > 0.5; x++) for (let y = 0; y < height; y++) data[y * width + x] = 255;
  for (let x = width - 1; x >= width - limitX && darkFraction(x, 0, 0, 1, height) > 0.5; x--) for (let y = 0; y < height; y++) data[y * width + x] = 255;
  for (let y = 0; y < limitY && darkFraction(0, y, 1, 0, width) > 0.5; y++) data.fill(255, y * width, (y + 1) * width);
  for (let y = height - 1; y >= height - limitY && darkFraction(0, y, 1, 0, width) > 0.5; y--) data.fill(255, y * width, (y + 1) * width);
  return { data, width, height };
}
