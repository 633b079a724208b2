import zlib from 'node:zlib';
import { splitPdfTail } from '@wattwise/extractor/files';
import type { FileKind } from '@wattwise/extractor/types';
import { ExtractionError } from '@wattwise/extractor/types';

/**
 * Byte-level screening of an upload, before it is opened or stored: what the type check by magic
 * bytes lets through but no bill needs. Throws ExtractionError (the upload answers 422
 * 'Bill processing failed: {reason}').
 *
 * - Polyglots: a PDF or image that is also a web page, an SVG, a script or a ZIP archive (a
 *   browser or unzip tool shown the same bytes would see something else). Bytes after a PDF's
 *   last `%%EOF` that are not PDF structure (a utility portal's appended XHTML page) are not
 *   part of the document: they are dropped (screenFile returns the PDF without them), unless
 *   they are an archive or a program.
 * - Active content in a PDF: a script (/JS, /JavaScript), a launch action or an embedded file,
 *   also inside compressed object streams and behind `#xx` name escapes.
 * - A program in front of a PDF header (readers accept junk before `%PDF-`; an executable is not junk).
 * - Truncation: a PDF without `%%EOF`, a PNG without `IEND`, a JPEG without its end marker.
 * - Decompression bombs inside a PDF: its Flate streams may unpack to MAX_INFLATED_BYTES at most
 *   (counted while inflating, stopping at the limit; nothing is kept).
 */
export const MAX_INFLATED_BYTES = 256 * 1024 * 1024;

/** What a user whose file is refused can do instead (a browser's "Save as PDF" writes a plain PDF). */
export const REFUSED_FILE_ADVICE = 'Print the bill to PDF from your browser and upload that file.';
export const POLYGLOT_MESSAGE = `The file also holds a web page, script, program or archive, so it is not read. ${REFUSED_FILE_ADVICE}`;
export const ACTIVE_CONTENT_MESSAGE = `The PDF holds a script, a program launch or an attached file, so it is not read. ${REFUSED_FILE_ADVICE}`;
export const PDF_BOMB_MESSAGE = `The PDF unpacks to more than ${MAX_INFLATED_BYTES / 1024 / 1024} MB.`;
const PDF_INCOMPLETE = 'The PDF is damaged or incomplete.';
const IMAGE_INCOMPLETE = 'The image is damaged or incomplete.';

/** Markup a browser would render or run; none belongs in a bill's bytes (XMP metadata uses none of these). */
const MARKUP = /<(?:html|head|body|script|iframe|object|embed|svg|!doctype\s+html|meta\s+http-equiv)[\s>/]/i;

const EXECUTABLE_PREFIXES: number[][] = [
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0x4d, 0x5a], // MZ: Windows PE
  [0xcf, 0xfa, 0xed, 0xfe], // Mach-O 64
  [0xce, 0xfa, 0xed, 0xfe], // Mach-O 32
  [0xca, 0xfe, 0xba, 0xbe], // Mach-O fat / Java class
  [0x23, 0x21], // #! script
  [0x50, 0x4b, 0x03, 0x04], // ZIP
];

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

function readU32LE(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16) | ((bytes[at + 3] ?? 0) << 24)) >>> 0;
}

function readU16LE(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
}

/**
 * True when the bytes end with a ZIP archive a zip tool would open: an end-of-central-directory
 * record in the last 64 KB whose central directory lies inside the file and starts with its
 * signature. A stray `PK` in compressed data does not pass all three checks.
 */
export function hasZipArchive(bytes: Uint8Array): boolean {
  const from = Math.max(0, bytes.length - 22 - 0xffff);
  for (let i = bytes.length - 22; i >= from; i--) {
    if (bytes[i] !== 0x50 || bytes[i + 1] !== 0x4b || bytes[i + 2] !== 0x05 || bytes[i + 3] !== 0x06) continue;
    const size = readU32LE(bytes, i + 12);
    const offset = readU32LE(bytes, i + 16);
    const entries = readU16LE(bytes, i + 10);
    if (entries === 0 || offset + size > i) continue;
    // Self-extracting and appended archives count offsets from the archive's start, not the file's.
    for (const start of [offset, i - size]) {
      if (start >= 0 && readU32LE(bytes, start) === 0x02014b50) return true;
    }
  }
  return false;
}

/** Inflates `data` through `layers` chained Flate decoders, counting the output; stops past `limit`. */
async function inflatedSize(data: Uint8Array, layers: number, limit: number): Promise<number> {
  return new Promise((resolve) => {
    const chain = Array.from({ length: layers }, () => zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH }));
    let total = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      for (const z of chain) z.destroy();
      resolve(total);
    };
    for (let n = 0; n + 1 < chain.length; n++) chain[n]?.pipe(chain[n + 1] as zlib.Inflate);
    const last = chain.at(-1) as zlib.Inflate;
    last.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) finish();
    });
    last.on('end', finish);
    // A stream that is not Flate data (or is damaged) counts what came out before the error.
    for (const z of chain) z.on('error', finish);
    chain[0]?.end(data);
  });
}

/** Sum of what the PDF's Flate streams unpack to, stopping once it passes `limit`. */
export async function pdfInflatedBytes(bytes: Uint8Array, limit = MAX_INFLATED_BYTES): Promise<number> {
  const text = latin1(bytes);
  const streamKeyword = /\bstream\r?\n/g;
  let total = 0;
  for (let match = streamKeyword.exec(text); match; match = streamKeyword.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    // The stream's dictionary: from its object header to the keyword.
    const objectStart = text.lastIndexOf(' obj', match.index);
    const dictionary = text.slice(Math.max(objectStart, match.index - 4096, 0), match.index);
    if (/\/(?:FlateDecode|Fl)\b/.test(dictionary)) {
      const layers = Math.min(4, dictionary.match(/\/(?:FlateDecode|Fl)\b/g)?.length ?? 1);
      total += await inflatedSize(bytes.subarray(start, end), layers, limit - total);
      if (total > limit) return total;
    }
    streamKeyword.lastIndex = end + 'endstream'.length;
  }
  return total;
}

/** JPEG: an end-of-image marker after the first start-of-scan of the main image (APPn segments, which hold thumbnails, skipped). */
function jpegComplete(bytes: Uint8Array): boolean {
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return false;
    const marker = bytes[i + 1] ?? 0;
    if (marker === 0xff || marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += marker === 0xff ? 1 : 2;
      continue;
    }
    if (marker === 0xda) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(Buffer.from([0xff, 0xd9]), i) > 0;
    if (marker === 0xd9) return false;
    i += 2 + (((bytes[i + 2] ?? 0) << 8) | (bytes[i + 3] ?? 0));
  }
  return false;
}

/** PDF names that run or carry something: scripts, launch actions, attached files, rich media. */
const ACTIVE_NAMES = new Set(['JS', 'JavaScript', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia']);
/** Bytes of object streams unpacked at most when looking for active content in them. */
const MAX_OBJECT_STREAM_BYTES = 16 * 1024 * 1024;

/** True when the PDF text names a script, a launch action or an attached file (`#xx` escapes decoded). */
function namesActiveContent(text: string): boolean {
  for (const match of text.matchAll(/\/([^\s/<>[\]()%{}]+)/g)) {
    const raw = match[1] ?? '';
    const name = raw.includes('#') ? raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : raw;
    if (ACTIVE_NAMES.has(name)) return true;
  }
  return false;
}

/** Unpacks a Flate stream, at most `limit` bytes (a damaged stream gives what came out before the error). */
function inflateSome(data: Uint8Array, limit: number): string {
  try {
    return zlib.inflateSync(data, { finishFlush: zlib.constants.Z_SYNC_FLUSH, maxOutputLength: limit }).toString('latin1');
  } catch {
    return '';
  }
}

/** True when the PDF, or one of its compressed object streams, holds active content (ACTIVE_NAMES). */
export function pdfHasActiveContent(bytes: Uint8Array): boolean {
  const text = latin1(bytes);
  if (namesActiveContent(text)) return true;
  let budget = MAX_OBJECT_STREAM_BYTES;
  const streamKeyword = /\bstream\r?\n/g;
  for (let match = streamKeyword.exec(text); match && budget > 0; match = streamKeyword.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const objectStart = text.lastIndexOf(' obj', match.index);
    const dictionary = text.slice(Math.max(objectStart, match.index - 4096, 0), match.index);
    if (/\/Type\s*\/ObjStm\b/.test(dictionary) && /\/(?:FlateDecode|Fl)\b/.test(dictionary)) {
      const unpacked = inflateSome(bytes.subarray(start, end), budget);
      budget -= unpacked.length;
      if (namesActiveContent(unpacked)) return true;
    }
    streamKeyword.lastIndex = end + 'endstream'.length;
  }
  return false;
}

/**
 * Throws ExtractionError for a polyglot, active content in a PDF, a truncated file or (PDF) a
 * decompression bomb. Returns the bytes to keep: a PDF without what followed its last `%%EOF`
 * (pdf-tail.ts), any other file as it came.
 */
export async function screenFile(bytes: Uint8Array, kind: FileKind): Promise<Uint8Array> {
  const { pdf, trailing } = kind === 'pdf' ? splitPdfTail(bytes) : { pdf: bytes, trailing: new Uint8Array() };
  // An archive or a program after the end is a deliberate polyglot, not a portal page: refused.
  const firstByte = trailing.findIndex((b) => b > 0x20);
  const trailingStart = firstByte < 0 ? new Uint8Array() : trailing.subarray(firstByte);
  if (hasZipArchive(bytes) || (trailingStart.length > 0 && EXECUTABLE_PREFIXES.some((p) => startsWith(trailingStart, p)))) {
    throw new ExtractionError('CORRUPT_FILE', POLYGLOT_MESSAGE);
  }
  const text = latin1(pdf);
  if (MARKUP.test(text) || EXECUTABLE_PREFIXES.some((p) => startsWith(pdf, p))) {
    throw new ExtractionError('CORRUPT_FILE', POLYGLOT_MESSAGE);
  }
  if (kind === 'pdf') {
    if (text.lastIndexOf('%%EOF') < 0) throw new ExtractionError('CORRUPT_FILE', PDF_INCOMPLETE);
    if (pdfHasActiveContent(pdf)) throw new ExtractionError('CORRUPT_FILE', ACTIVE_CONTENT_MESSAGE);
    if ((await pdfInflatedBytes(pdf)) > MAX_INFLATED_BYTES) throw new ExtractionError('IMAGE_TOO_LARGE', PDF_BOMB_MESSAGE);
  } else if (kind === 'png') {
    if (text.indexOf('IEND', 33) < 0) throw new ExtractionError('CORRUPT_FILE', IMAGE_INCOMPLETE);
  } else if (kind === 'jpeg') {
    if (!jpegComplete(bytes)) throw new ExtractionError('CORRUPT_FILE', IMAGE_INCOMPLETE);
  }
  return pdf;
}
