/**
 * RFC 4180 CSV: fields separated by commas, optionally quoted with "", quotes doubled inside
 * quotes, records ended by LF or CRLF (quoted fields may span lines). Each record keeps the
 * line it starts on, so errors can name it.
 */
export type CsvRecord = { line: number; fields: string[] };

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

export function parseCsv(text: string): CsvRecord[] {
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  while (i < src.length) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        const next = src[i];
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') throw new CsvSyntaxError(line, 'text after a closing quote');
        continue;
      }
      if (ch === '\n') line += 1;
      field += ch;
      i += 1;
      continue;
    }
    if (ch === '"') {
      if (field !== '') throw new CsvSyntaxError(line, 'a quote inside an unquoted field');
      quoted = true;
    } else if (ch === ',') {
      fields.push(field);
      field = '';
    } else if (ch === '\r' && src[i + 1] === '\n') {
      endRecord();
      i += 1;
      line += 1;
      recordLine = line;
    } else if (ch === '\n') {
      endRecord();
      line += 1;
      recordLine = line;
    } else field += ch;
    i += 1;
  }
  if (quoted) throw new CsvSyntaxError(recordLine, 'a quoted field is never closed');
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}

function quote(value: string): string {
  return /[",\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((r) => r.map(quote).join(',')).join('\r\n') + '\r\n';
}
