/**
 * A tiny PDF writer for tests: pages of Helvetica text (and an optional black box), optionally
 * with an /Encrypt dictionary whose password checks fail (so readers must ask for a password).
 */

export interface MinimalPdfOptions {
  /** One entry per page: the lines of text printed on it. */
  pages: string[][];
  /** Draw a filled box on every page (to check that rendering is not blank). */
  box?: boolean;
  /** Add a standard-security-handler /Encrypt dictionary with a non-empty user password. */
  encrypted?: boolean;
  /** Page width and height in points (US Letter unless given). */
  mediaBox?: [number, number];
}

export function buildPdf(options: MinimalPdfOptions): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add('');
  const pagesId = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  for (const lines of options.pages) {
    const escaped = lines.map((l) => l.replace(/[\\()]/g, (c) => `\\${c}`));
    const text = escaped.map((l, i) => `BT /F1 12 Tf 72 ${720 - i * 18} Td (${l}) Tj ET`).join('\n');
    const stream = `${options.box ? '0 0 0 rg 72 72 200 100 re f\n' : ''}${text}`;
    const content = add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${(options.mediaBox ?? [612, 792]).join(' ')}] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R >>`;
  objects[pagesId - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const encrypt = options.encrypted
    ? add(`<< /Filter /Standard /V 1 /R 2 /Length 40 /P -44 /O <${'6a'.repeat(32)}> /U <${'5c'.repeat(32)}> >>`)
    : 0;

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  const id = '<0123456789abcdef0123456789abcdef>';
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R${encrypt ? ` /Encrypt ${encrypt} 0 R` : ''} /ID [${id} ${id}] >>\nstartxref\n${xref}\n%%EOF\n`;
  return Uint8Array.from(out, (c) => c.charCodeAt(0) & 0xff);
}
