import { describe, expect, it } from 'vitest';
import { ExtractionError } from '../types.ts';
import { checkImageSize, detectKind, MAX_FILE_BYTES } from './detect.ts';

const bytes = (...values: Array<number | string>) =>
  Uint8Array.from(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ExtractionError) return error.code;
    throw error;
  }
  return undefined;
}

/** A PNG header (signature + IHDR) claiming the given size; no pixel data follows. */
function pngHeader(width: number, height: number): Uint8Array {
  const out = new Uint8Array(33);
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(out.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  out.set([8, 0, 0, 0, 0], 24);
  return out;
}

describe('detectKind', () => {
  it('recognises files by their first bytes', () => {
    expect(detectKind(bytes('%PDF-1.7\n'))).toBe('pdf');
    expect(detectKind(bytes('\r\n  junk%PDF-1.4\n'))).toBe('pdf');
    expect(detectKind(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, 'JFIF'))).toBe('jpeg');
    expect(detectKind(pngHeader(10, 10))).toBe('png');
    expect(detectKind(bytes(0, 0, 0, 24, 'ftypheic', 0, 0, 0, 0, 'mif1heic'))).toBe('heic');
    expect(detectKind(bytes(0, 0, 0, 24, 'ftypmif1', 0, 0, 0, 0, 'mif1heix'))).toBe('heic');
  });

  it('refuses other content whatever the name says', () => {
    expect(codeOf(() => detectKind(bytes('Hello, this is a text file named bill.pdf')))).toBe('UNSUPPORTED_TYPE');
    expect(codeOf(() => detectKind(bytes(0, 0, 0, 28, 'ftypavif', 0, 0, 0, 0, 'avifmif1miaf')))).toBe('UNSUPPORTED_TYPE');
    expect(codeOf(() => detectKind(bytes('GIF89a')))).toBe('UNSUPPORTED_TYPE');
  });

  it('checks the size limits first', () => {
    expect(codeOf(() => detectKind(new Uint8Array(0)))).toBe('EMPTY_FILE');
    const big = new Uint8Array(MAX_FILE_BYTES + 1);
    big.set(bytes('%PDF-1.4'));
    expect(codeOf(() => detectKind(big))).toBe('FILE_TOO_LARGE');
    const limit = new Uint8Array(MAX_FILE_BYTES);
    limit.set(bytes('%PDF-1.4'));
    expect(detectKind(limit)).toBe('pdf');
  });
});

describe('checkImageSize', () => {
  it('reads PNG and JPEG sizes from the header', () => {
    expect(checkImageSize(pngHeader(1700, 2200), 'png')).toEqual({ width: 1700, height: 2200 });
    // SOI, APP0 (length 16), SOF0 with height 300, width 400.
    const jpeg = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, 'JFIF', 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xc0, 0, 17, 8, 0x01, 0x2c, 0x01, 0x90, 3);
    expect(checkImageSize(jpeg, 'jpeg')).toEqual({ width: 400, height: 300 });
  });

  it('refuses decompression bombs and headers without a size', () => {
    expect(codeOf(() => checkImageSize(pngHeader(100_000, 100_000), 'png'))).toBe('IMAGE_TOO_LARGE');
    expect(codeOf(() => checkImageSize(pngHeader(8000, 7000), 'png'))).toBe('IMAGE_TOO_LARGE');
    // 49 MP: the size of the probe's bomb.
    expect(codeOf(() => checkImageSize(pngHeader(7000, 7000), 'png'))).toBe('IMAGE_TOO_LARGE');
    expect(checkImageSize(pngHeader(4000, 3000), 'png')).toEqual({ width: 4000, height: 3000 });
    expect(codeOf(() => checkImageSize(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, 'JF'), 'jpeg'))).toBe('CORRUPT_FILE');
  });
});
