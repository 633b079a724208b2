/**
 * Hostile upload files, built in memory for tests (no binary fixtures): PDFs with raw binary
 * streams, a Flate decompression bomb, ZIP archives, image headers, executables.
 */

const latin1 = (text: string) => Buffer.from(text, 'latin1');

/** A PDF from object bodies (object n is `bodies[n-1]`; object 1 is the catalog), with a correct xref table. */
export function rawPdf(bodies: (string | Uint8Array)[], trailerExtra = ''): Uint8Array {
  const parts: Buffer[] = [latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
  let length = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    offsets.push(length);
    const part = Buffer.concat([latin1(`${i + 1} 0 obj\n`), typeof body === 'string' ? latin1(body) : Buffer.from(body), latin1('\nendobj\n')]);
    parts.push(part);
    length += part.length;
  });
  const xref = `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  parts.push(latin1(`${xref}trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R${trailerExtra} >>\nstartxref\n${length}\n%%EOF\n`));
  return new Uint8Array(Buffer.concat(parts));
}

/** A stream object: its dictionary entries and raw (already encoded) data. */
export function streamObject(dictionary: string, data: Uint8Array): Uint8Array {
  return Buffer.concat([latin1(`<< ${dictionary} /Length ${data.length} >>\nstream\n`), Buffer.from(data), latin1('\nendstream')]);
}

/**
 * A zlib stream that inflates to `size` zero bytes, written directly (a real deflater would take
 * seconds): one fixed-Huffman block, a literal 0 then copies of 258 bytes at distance 1 (13 bits
 * each, so about 1:1270).
 */
export function zlibZeros(size: number): Uint8Array {
  const copies = Math.ceil((size - 1) / 258);
  const out = new Uint8Array(2 + Math.ceil((3 + 8 + copies * 13 + 7) / 8) + 4);
  out[0] = 0x78;
  out[1] = 0x01;
  let bit = 16;
  const put = (value: number, bits: number) => {
    for (let i = 0; i < bits; i++, bit++) if ((value >> i) & 1) out[bit >> 3] = (out[bit >> 3] ?? 0) | (1 << (bit & 7));
  };
  // Huffman codes go most significant bit first.
  const code = (value: number, bits: number) => {
    for (let i = bits - 1; i >= 0; i--, bit++) if ((value >> i) & 1) out[bit >> 3] = (out[bit >> 3] ?? 0) | (1 << (bit & 7));
  };
  put(1, 1); // last block
  put(1, 2); // fixed Huffman codes
  code(0x30, 8); // literal 0
  for (let n = 0; n < copies; n++) {
    code(0xc5, 8); // length 258 (code 285)
    code(0, 5); // distance 1
  }
  code(0, 7); // end of block
  const total = 1 + copies * 258;
  // Adler-32 of zeros: a stays 1, b grows by 1 a byte.
  const adler = ((total % 65521) * 65536 + 1) >>> 0;
  const at = (bit + 7) >> 3;
  new DataView(out.buffer).setUint32(at, adler);
  return out.subarray(0, at + 4);
}

/** A one-page PDF whose content stream inflates to `size` bytes. */
export function flateBombPdf(size: number): Uint8Array {
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    streamObject('/Filter /FlateDecode', zlibZeros(size)),
  ]);
}

/** A PDF of `count` pages, all the same page object listed `count` times. */
export function manyPagesPdf(count: number): Uint8Array {
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${Array.from({ length: count }, () => '3 0 R').join(' ')}] /Count ${count} >>`,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ]);
}

/** A PDF of 10 × 100 × 100 = 100,000 pages in a page tree of shared nodes (a few hundred bytes). */
export function pageTreeBombPdf(): Uint8Array {
  const refs = (id: number, n: number) => Array.from({ length: n }, () => `${id} 0 R`).join(' ');
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${refs(3, 10)}] /Count 100000 >>`,
    `<< /Type /Pages /Parent 2 0 R /Kids [${refs(4, 100)}] /Count 10000 >>`,
    `<< /Type /Pages /Parent 3 0 R /Kids [${refs(5, 100)}] /Count 100 >>`,
    '<< /Type /Page /Parent 4 0 R /MediaBox [0 0 612 792] >>',
  ]);
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A ZIP archive holding one stored (uncompressed) file. */
export function zipArchive(name: string, content: Uint8Array): Uint8Array {
  const fileName = latin1(name);
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const centralOffset = local.length + fileName.length + content.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return new Uint8Array(Buffer.concat([local, fileName, content, central, fileName, end]));
}

/** A PNG signature and IHDR chunk declaring the size, then an IEND chunk (no image data). */
export function pngDeclaring(width: number, height: number, between: Uint8Array = new Uint8Array()): Uint8Array {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  header.set([8, 2, 0, 0, 0], 24);
  header.writeUInt32BE(crc32(header.subarray(12, 29)), 29);
  const iend = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
  return new Uint8Array(Buffer.concat([header, Buffer.from(between), iend]));
}

/** A baseline JPEG skeleton declaring the size: SOI, SOF0, SOS with a few bytes of scan, EOI; `after` is appended. */
export function jpegDeclaring(width: number, height: number, after: Uint8Array = new Uint8Array()): Uint8Array {
  const sof = Buffer.from([0xff, 0xc0, 0, 11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);
  const sos = Buffer.from([0xff, 0xda, 0, 8, 1, 1, 0, 0, 0x3f, 0, 0x12, 0x34, 0x56]);
  return new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xd8]), sof, sos, Buffer.from([0xff, 0xd9]), Buffer.from(after)]));
}

/** The first bytes of a Linux executable (ELF, x86-64), padded to `size`. */
export function elfExecutable(size = 4096): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]);
  bytes.set([2, 0, 0x3e, 0], 16);
  return bytes;
}

/** The first bytes of a Windows executable (MZ … PE). */
export function peExecutable(size = 4096): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0x4d, 0x5a, 0x90, 0x00]);
  new DataView(bytes.buffer).setUint32(0x3c, 0x80, true);
  bytes.set([0x50, 0x45, 0, 0], 0x80);
  return bytes;
}

export const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts.map((p) => Buffer.from(p))));
export const text = (value: string) => new Uint8Array(Buffer.from(value, 'utf8'));
