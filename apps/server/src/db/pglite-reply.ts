import { protocol, type Results } from '@electric-sql/pglite';

// The embedded database's answers, read without PGlite's protocol parser (decision 280).
//
// PGlite's parser copies every field of every row into a fresh ArrayBuffer before decoding it and
// reaches its state through down-levelled private fields (a WeakMap lookup per read); on a busy
// dashboard that was about a tenth of the server's time, and the buffers fed the garbage
// collector. The messages a statement's rows come in (row description, data rows, command
// complete) are read here from one Buffer over the answer; every other message (errors,
// notices, notifications) still goes through PGlite's parser, so those keep the exact shape
// PGlite gives them. The results are built as PGlite's `parseResults` builds them.

type TypeParser = (value: string, typeId: number) => unknown;
export type TypeParsers = Record<number, TypeParser>;
/** A backend message as PGlite's parser gives it (errors, notices, notifications). */
export type OtherMessage = { name: string; channel?: string; payload?: string } & Record<string, unknown>;

type Field = { name: string; dataTypeID: number };
type ResultSet = { fields: Field[]; rows: (string | null)[][]; command: string };

/** What one round trip answered: its result sets, the first error, and other messages in order. */
export type Reply = { sets: ResultSet[]; error: OtherMessage | null; others: OtherMessage[] };

const ROW_DESCRIPTION = 0x54; // 'T'
const DATA_ROW = 0x44; // 'D'
const COMMAND_COMPLETE = 0x43; // 'C'
/** Messages that carry nothing a result needs: parse, bind and close complete, no data, ready, empty query, portal suspended, parameter description. */
const IGNORED = new Set([0x31, 0x32, 0x33, 0x6e, 0x5a, 0x49, 0x73, 0x74]);

/** Reads every message of a complete answer. */
export function readReply(raw: Uint8Array): Reply {
  const buf = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  const reply: Reply = { sets: [], error: null, others: [] };
  let fields: Field[] = [];
  let rows: (string | null)[][] = [];
  let pos = 0;
  while (pos + 5 <= buf.length) {
    const code = buf[pos] as number;
    const next = pos + 1 + buf.readUInt32BE(pos + 1);
    if (next > buf.length) throw new Error('embedded database: a truncated answer');
    let p = pos + 5;
    if (code === DATA_ROW) {
      const count = buf.readUInt16BE(p);
      p += 2;
      const row = new Array<string | null>(count);
      for (let i = 0; i < count; i++) {
        const length = buf.readInt32BE(p);
        p += 4;
        if (length === -1) row[i] = null;
        else {
          row[i] = buf.toString('utf8', p, p + length);
          p += length;
        }
      }
      rows.push(row);
    } else if (code === ROW_DESCRIPTION) {
      const count = buf.readUInt16BE(p);
      p += 2;
      fields = new Array<Field>(count);
      for (let i = 0; i < count; i++) {
        const nameEnd = buf.indexOf(0, p);
        const name = buf.toString('utf8', p, nameEnd);
        // After the name: table id (4), column number (2), type id (4), size (2), modifier (4), format (2).
        fields[i] = { name, dataTypeID: buf.readUInt32BE(nameEnd + 7) };
        p = nameEnd + 19;
      }
    } else if (code === COMMAND_COMPLETE) {
      reply.sets.push({ fields, rows, command: buf.toString('utf8', p, buf.indexOf(0, p)) });
      fields = [];
      rows = [];
    } else if (!IGNORED.has(code)) {
      new protocol.Parser().parse(raw.subarray(pos, next), (message: OtherMessage) => {
        if (message.name === 'error' && reply.error === null) reply.error = message;
        reply.others.push(message);
      });
    }
    pos = next;
  }
  return reply;
}

/** A column's value through its type's parser, as PGlite's `parseType` does. */
function typed(value: string | null, typeId: number, parsers: TypeParsers): unknown {
  if (value === null) return null;
  const parser = parsers[typeId];
  return parser ? parser(value, typeId) : value;
}

/** The result sets as PGlite's `parseResults` makes them: rows as objects (or arrays), counts from the command tags. */
export function resultsOf(reply: Reply, parsers: TypeParsers, rowMode: 'array' | 'object' = 'object'): Results[] {
  const results: Results[] = [];
  let affectedRows = 0;
  for (const set of reply.sets) {
    const { fields } = set;
    // A data row has a value for each field of its row description, in order.
    const rows = set.rows.map((values) => {
      if (rowMode === 'array') return values.map((value, i) => typed(value, (fields[i] as Field).dataTypeID, parsers));
      const row: Record<string, unknown> = {};
      for (let i = 0; i < values.length; i++) {
        const field = fields[i] as Field;
        const value = typed(values[i] as string | null, field.dataTypeID, parsers);
        // A column named __proto__ is a property, as Object.fromEntries makes it, not the prototype.
        if (field.name === '__proto__') Object.defineProperty(row, field.name, { value, enumerable: true, writable: true, configurable: true });
        else row[field.name] = value;
      }
      return row;
    });
    // A tag with a row count ends in it ("SELECT 2", "UPDATE 3", "INSERT 0 5"); others end in a word.
    const parts = set.command.split(' ');
    const command = parts[0] ?? '';
    const rowCount = Number.parseInt(parts[parts.length - 1] ?? '', 10);
    if (command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'COPY' || command === 'MERGE') affectedRows += rowCount;
    const result: Results = { rows, fields, command, affectedRows };
    if (!Number.isNaN(rowCount)) result.rowCount = rowCount;
    results.push(result);
  }
  if (results.length === 0) results.push({ affectedRows: 0, rows: [], fields: [] });
  return results;
}
