/**
 * Bytes after a PDF's last `%%EOF`. A PDF reader stops at the last end-of-file marker, so
 * whatever follows it is not part of the document unless it is PDF structure (an object, a
 * cross-reference section or a trailer that a reader rebuilding a damaged file would pick up).
 * Some utility portals' "View bill" downloads append an XHTML page there; it is dropped before
 * the file is screened, stored and read.
 */

const EOF_MARKER = '%%EOF';
/** PDF structure a reader could still use: an indirect object, an xref section or a trailer. */
const PDF_STRUCTURE = /\b\d+\s+\d+\s+obj\b|\bxref\b|\btrailer\b|\bstartxref\b/;

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

export interface PdfTail {
  /** The document: everything up to and including the last `%%EOF` and its end-of-line. */
  pdf: Uint8Array;
  /** What followed it and no PDF object refers to (empty when nothing did). */
  trailing: Uint8Array;
}

/**
 * Splits a PDF at its last `%%EOF` (plus one end-of-line). Trailing bytes that hold PDF
 * structure are kept with the document (nothing is dropped); without any `%%EOF` nothing is split.
 */
export function splitPdfTail(bytes: Uint8Array): PdfTail {
  const text = latin1(bytes);
  const at = text.lastIndexOf(EOF_MARKER);
  if (at < 0) return { pdf: bytes, trailing: new Uint8Array() };
  let end = at + EOF_MARKER.length;
  if (text[end] === '\r') end++;
  if (text[end] === '\n') end++;
  if (end >= bytes.length) return { pdf: bytes, trailing: new Uint8Array() };
  const rest = text.slice(end);
  if (!rest.trim()) return { pdf: bytes, trailing: new Uint8Array() };
  if (PDF_STRUCTURE.test(rest)) return { pdf: bytes, trailing: new Uint8Array() };
  return { pdf: bytes.subarray(0, end), trailing: bytes.subarray(end) };
}

/** The PDF without the bytes after its last `%%EOF` that are not PDF structure. */
export function withoutTrailingBytes(bytes: Uint8Array): Uint8Array {
  return splitPdfTail(bytes).pdf;
}
