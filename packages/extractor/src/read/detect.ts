import { ExtractionError, type FileKind } from '../types.ts';

/** Upload limit, as in the spec (10 MB). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/**
 * Images larger than this are refused before decoding (decompression bombs): a 47 KB PNG of
 * 49 MP held a reader 18.6 s and +268 MB. 40 MP still takes a 12–24 MP phone photo or a
 * 600 dpi letter scan (34 MP).
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const IMAGE_TOO_LARGE_MESSAGE = `The image has more than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`;
/** PDFs with more pages than this are refused. */
export const MAX_PDF_PAGES = 20;

const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1']);
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Checks size limits and tells the file kind from its first bytes; the file name is never used. */
export function detectKind(bytes: Uint8Array): FileKind {
  if (bytes.length === 0) throw new ExtractionError('EMPTY_FILE', 'The file is empty.');
  if (bytes.length > MAX_FILE_BYTES) throw new ExtractionError('FILE_TOO_LARGE', 'The file is larger than 10 MB.');
  if (pdfHeaderOffset(bytes) >= 0) return 'pdf';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'png';
  if (isHeic(bytes)) return 'heic';
  throw new ExtractionError('UNSUPPORTED_TYPE', 'The file is not a PDF, JPEG, PNG or HEIC file.');
}

/** Offset of `%PDF-` within the first 1024 bytes (readers accept a little junk before it), or -1. */
export function pdfHeaderOffset(bytes: Uint8Array): number {
  const limit = Math.min(bytes.length - 5, 1024);
  for (let i = 0; i <= limit; i++) {
    if (bytes[i] === 0x25 && bytes[i + 1] === 0x50 && bytes[i + 2] === 0x44 && bytes[i + 3] === 0x46 && bytes[i + 4] === 0x2d) {
      return i;
    }
  }
  return -1;
}

function isHeic(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== 'ftyp') return false;
  const boxSize = readU32(bytes, 0);
  const end = Math.min(bytes.length, boxSize >= 16 ? boxSize : 16, 256);
  const brands = [ascii(bytes, 8, 4)];
  for (let i = 16; i + 4 <= end; i += 4) brands.push(ascii(bytes, i, 4));
  // An AVIF also declares mif1; without a HEVC brand it is not HEIC.
  if (brands.includes('avif') && !brands.some((b) => b.startsWith('he'))) return false;
  return brands.some((b) => HEIC_BRANDS.has(b));
}

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * Reads the pixel size from the header without decoding: PNG IHDR, JPEG SOFn, HEIC `ispe`.
 * Throws IMAGE_TOO_LARGE above the pixel limit and CORRUPT_FILE when no size can be found.
 */
export function checkImageSize(bytes: Uint8Array, kind: Exclude<FileKind, 'pdf'>): ImageSize {
  const size = kind === 'png' ? pngSize(bytes) : kind === 'jpeg' ? jpegSize(bytes) : heicSize(bytes);
  if (!size || size.width <= 0 || size.height <= 0) {
    throw new ExtractionError('CORRUPT_FILE', 'The image is damaged or incomplete.');
  }
  if (size.width * size.height > MAX_IMAGE_PIXELS) {
    throw new ExtractionError('IMAGE_TOO_LARGE', IMAGE_TOO_LARGE_MESSAGE);
  }
  return size;
}

function pngSize(bytes: Uint8Array): ImageSize | undefined {
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR') return undefined;
  return { width: readU32(bytes, 16), height: readU32(bytes, 20) };
}

function jpegSize(bytes: Uint8Array): ImageSize | undefined {
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return undefined;
    const marker = bytes[i + 1] ?? 0;
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const length = readU16(bytes, i + 2);
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      if (i + 9 > bytes.length) return undefined;
      return { height: readU16(bytes, i + 5), width: readU16(bytes, i + 7) };
    }
    if (marker === 0xd9 || marker === 0xda || length < 2) return undefined;
    i += 2 + length;
  }
  return undefined;
}

/** Largest `ispe` (image spatial extents) property in the HEIF meta box. */
function heicSize(bytes: Uint8Array): ImageSize | undefined {
  let best: ImageSize | undefined;
  const limit = Math.min(bytes.length - 16, 1 << 20);
  for (let i = 4; i < limit; i++) {
    if (bytes[i] === 0x69 && bytes[i + 1] === 0x73 && bytes[i + 2] === 0x70 && bytes[i + 3] === 0x65) {
      const width = readU32(bytes, i + 8);
      const height = readU32(bytes, i + 12);
      if (!best || width * height > best.width * best.height) best = { width, height };
    }
  }
  return best;
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

function readU32(bytes: Uint8Array, at: number): number {
  return (((bytes[at] ?? 0) << 24) >>> 0) + ((bytes[at + 1] ?? 0) << 16) + ((bytes[at + 2] ?? 0) << 8) + (bytes[at + 3] ?? 0);
}

function readU16(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) << 8) + (bytes[at + 1] ?? 0);
}
