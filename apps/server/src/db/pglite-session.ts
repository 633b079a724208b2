import { type PGlite, protocol, type Results } from '@electric-sql/pglite';
import { readReply, type Reply, resultsOf } from './pglite-reply.ts';

// The embedded database's statements, each in one round trip and prepared once (decision 280).
//
// PGlite's own `query` sends a statement as six protocol messages, each a separate call into the
// WebAssembly PostgreSQL (parse, describe, bind, describe, execute, sync), and PostgreSQL parses
// and plans the text every time. Measured on a primary-key select and update, that is 200–400 µs
// of the server's one thread per statement, and statements were about half of a busy
// dashboard's time. This session sends the messages of a statement together, and keeps the
// statements it has seen prepared under a name (PostgreSQL's plan cache, as a pooled PostgreSQL
// driver would), which measured 100–130 µs for the same statements.
//
// Parameters go as text, as node-postgres sends them (the server runs on both drivers, so the
// code's parameters are those node-postgres takes); answers are read by `pglite-reply.ts` into
// the rows PGlite's `query` returns (the tests compare them). Statements run one at a time; a
// transaction holds the connection from BEGIN (sent with its first statement) to COMMIT, as
// PGlite's does.

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, (value: string, typeId: number) => unknown> };

/** Statements kept prepared; the least recently used beyond this are closed. */
const PREPARED_LIMIT = 500;
/** Only these are prepared: a statement PostgreSQL plans (DDL and the rest run unnamed). */
const PLANNED = /^\s*(\(?\s*select|insert|update|delete|with)\b/i;

const serialize = protocol.serialize;

/** A parameter as text, the way node-postgres sends it. */
export function parameterText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
  if (Array.isArray(value)) return arrayLiteral(value);
  return JSON.stringify(value);
}

/** A JavaScript array as a PostgreSQL array literal (`{"a","b",NULL}`), nested arrays included. */
function arrayLiteral(values: unknown[]): string {
  const items = values.map((item) => {
    if (item === null || item === undefined) return 'NULL';
    if (Array.isArray(item)) return arrayLiteral(item);
    const text = parameterText(item) ?? '';
    return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** A statement inside a transaction. */
export type SessionTransaction = {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
};

export class PGliteSession {
  /** Prepared statement names by text, oldest use first. */
  private readonly prepared = new Map<string, string>();
  private nextName = 1;
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  /** Transactions holding or waiting for the connection, and when the last of them ends. */
  private transactions = 0;
  private transactionsDone: Promise<void> = Promise.resolve();
  private inTransaction = false;
  /** A transaction's BEGIN not sent yet: it goes with the transaction's first statement. */
  private beginPending = false;

  constructor(readonly pglite: PGlite) {}

  /**
   * Sends protocol messages in one call; notifications among the answers go to their listeners
   * first. The answer is taken as the bytes PostgreSQL wrote (`execProtocolRawStream`):
   * `execProtocolRaw` also parses every message into a list PGlite empties only in its own
   * `execProtocol`, so with raw calls alone that list grew by every row ever read.
   */
  private async roundTrip(parts: Uint8Array[], begin = false): Promise<Reply> {
    // A pending BEGIN first, as a query of its own; its answer is not the statement's.
    if (begin) parts.unshift(serialize.query('BEGIN'));
    const chunks: Uint8Array[] = [];
    // Written to disk after each statement outside a transaction, as PGlite's own query does.
    await this.pglite.execProtocolRawStream(concat(parts), {
      syncToFs: !this.inTransaction,
      // A view of the WebAssembly memory, written over by the next chunk: copied.
      onRawData: (bytes) => chunks.push(bytes.slice()),
    });
    const reply = readReply(chunks.length === 1 ? (chunks[0] as Uint8Array) : concat(chunks));
    if (begin) reply.sets.shift();
    for (const message of reply.others) {
      if (message.name !== 'notification' || !message.channel) continue;
      for (const listener of this.listeners.get(message.channel) ?? []) listener(message.payload ?? '');
    }
    return reply;
  }

  private async extendedQuery<T>(text: string, params: unknown[], options: QueryOptions): Promise<Results<T>> {
    const values = params.map(parameterText);
    const parts: Uint8Array[] = [];
    let name = PLANNED.test(text) ? this.prepared.get(text) : undefined;
    if (name !== undefined) {
      // Most recently used last.
      this.prepared.delete(text);
      this.prepared.set(text, name);
    } else if (PLANNED.test(text)) {
      name = `ww${this.nextName++}`;
      if (this.prepared.size >= PREPARED_LIMIT) {
        const [oldestText, oldestName] = this.prepared.entries().next().value as [string, string];
        this.prepared.delete(oldestText);
        parts.push(serialize.close({ type: 'S', name: oldestName }));
      }
      parts.push(serialize.parse({ name, text, types: [] }));
      this.prepared.set(text, name);
    } else {
      parts.push(serialize.parse({ text, types: [] }));
    }
    parts.push(serialize.bind({ statement: name ?? '', values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync());
    const reply = await this.roundTrip(parts, this.takeBegin());
    const { error } = reply;
    if (error) {
      if (name !== undefined) {
        // The statement may or may not have been prepared: close the name (closing none is not an error) and prepare again next time.
        this.prepared.delete(text);
        await this.roundTrip([serialize.close({ type: 'S', name }), serialize.sync()]);
      }
      throw Object.assign(error as unknown as Error, { query: text, params });
    }
    const [result] = resultsOf(reply, this.parsersWith(options.parsers), options.rowMode);
    return result as Results<T>;
  }

  /** Whether the transaction's BEGIN is still to be sent (then the caller sends it, once). */
  private takeBegin(): boolean {
    const begin = this.beginPending;
    this.beginPending = false;
    return begin;
  }

  /**
   * PGlite's parsers with the caller's on top. PGlite merges them by copying its 318 parsers on
   * every statement (~90 µs, measured; Drizzle passes parsers with each); an object whose
   * prototype holds PGlite's costs a few property writes.
   */
  private parsersWith(parsers: QueryOptions['parsers']): PGlite['parsers'] {
    if (!parsers) return this.pglite.parsers;
    return Object.assign(Object.create(this.pglite.parsers) as PGlite['parsers'], parsers);
  }

  private async simpleQuery(text: string): Promise<Results[]> {
    const reply = await this.roundTrip([serialize.query(text)], this.takeBegin());
    if (reply.error) throw Object.assign(reply.error as unknown as Error, { query: text });
    return resultsOf(reply, this.pglite.parsers);
  }

  /**
   * Outside a transaction a statement runs at once. While transactions hold or wait for the
   * connection, it waits for the last of those queued before it (first come, first served), so
   * nothing runs inside another's transaction.
   */
  query<T>(text: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    if (this.transactions === 0) return this.extendedQuery<T>(text, params, options);
    return this.transactionsDone.then(() => this.extendedQuery<T>(text, params, options));
  }

  /** Several statements in one text (the simple protocol), no parameters. */
  exec(text: string): Promise<Results[]> {
    if (this.transactions === 0) return this.simpleQuery(text);
    return this.transactionsDone.then(() => this.simpleQuery(text));
  }

  /** BEGIN, `fn` with statements inside the transaction, COMMIT (ROLLBACK when `fn` throws or rolls back). One at a time. */
  transaction<T>(fn: (tx: SessionTransaction) => Promise<T>): Promise<T> {
    this.transactions++;
    const run = this.transactionsDone.then(async () => {
      // BEGIN goes with the first statement, one round trip less; a transaction without one sends nothing.
      this.beginPending = true;
      this.inTransaction = true;
      let closed = false;
      const end = async (command: 'COMMIT' | 'ROLLBACK') => {
        closed = true;
        this.inTransaction = false;
        if (this.takeBegin()) return;
        await this.simpleQuery(command);
      };
      const tx: SessionTransaction = {
        query: (text, params = [], options = {}) => this.extendedQuery(text, params, options),
        exec: (text) => this.simpleQuery(text),
        rollback: () => end('ROLLBACK'),
        get closed() {
          return closed;
        },
      };
      try {
        const result = await fn(tx);
        if (!closed) await end('COMMIT');
        return result;
      } catch (error) {
        if (!closed) await end('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
    this.transactionsDone = run.then(
      () => {
        this.transactions--;
      },
      () => {
        this.transactions--;
      },
    );
    return run;
  }

  /** LISTEN on `channel`; the callback runs before the statement that notified returns. Returns the unlisten. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const quoted = `"${channel.replace(/"/g, '""')}"`;
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.exec(`LISTEN ${quoted}`);
    }
    set.add(callback);
    return async () => {
      const current = this.listeners.get(channel);
      if (!current?.delete(callback) || current.size > 0) return;
      this.listeners.delete(channel);
      await this.exec(`UNLISTEN ${quoted}`);
    };
  }

  async close(): Promise<void> {
    await this.transactionsDone;
    await this.pglite.close();
  }
}
