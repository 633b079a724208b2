import { describe, expect, it } from 'vitest';
import { buildPdf } from './testing/minimal-pdf.ts';
import { splitPdfTail, withoutTrailingBytes } from './pdf-tail.ts';

const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
const join = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts.map((p) => Buffer.from(p))));

describe('bytes after the last %%EOF', () => {
  const pdf = buildPdf({ pages: [['Electric bill', 'Amount due $10.00']] });

  it('drops a web page appended after the end', () => {
    const page = bytes('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body>View bill</body></html>');
    const { pdf: kept, trailing } = splitPdfTail(join(pdf, page));
    expect(Buffer.from(kept).equals(Buffer.from(pdf))).toBe(true);
    expect(Buffer.from(trailing).toString('latin1')).toContain('View bill');
  });

  it('leaves a PDF that ends at its %%EOF (or with whitespace) as it is', () => {
    expect(withoutTrailingBytes(pdf)).toBe(pdf);
    const spaced = join(pdf, bytes('\n\n  \n'));
    expect(withoutTrailingBytes(spaced)).toBe(spaced);
  });

  it('keeps trailing PDF structure a reader could use (an incremental update without its %%EOF)', () => {
    const update = join(pdf, bytes('5 0 obj\n<< /Type /Annot >>\nendobj\nxref\n0 1\ntrailer\n<< /Size 6 >>\n'));
    expect(splitPdfTail(update).trailing.length).toBe(0);
    expect(withoutTrailingBytes(update)).toBe(update);
  });

  it('splits nothing in a file without %%EOF', () => {
    const cut = pdf.subarray(0, 100);
    expect(withoutTrailingBytes(cut)).toBe(cut);
  });
});
