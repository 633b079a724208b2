import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, Row } from './client.ts';

/**
 * The part of the file storage (platform/storage.ts) a backup reads and a restore writes; named
 * here so the database layer does not import the platform layer above it.
 */
export type BackupStorage = {
  list(): Promise<{ key: string; partial: boolean }[]>;
  get(key: string): Promise<Uint8Array | null>;
  put(key: string, bytes: Uint8Array): Promise<void>;
};

/**
 * `npm run cli -- backup FILE` / `restore FILE [--force]` (decision 130).
 *
 * A backup is a gzip-compressed tar archive, readable with `tar xzf`:
 *   manifest.json           format, version, the applied migrations, row and file counts
 *   database/000001.sql …   plain SQL, one multi-row INSERT per entry, every table of the `public`
 *                           schema (the app's and the sign-in tables), values as text literals
 *   uploads/{key}           every stored file (bill files and the text read beside them)
 * The same on PGlite and PostgreSQL, through the driver: no pg_dump binary. The job queue
 * (`pgboss`) is not kept: bills still waiting are queued again when the server starts
 * (requeueBillsWithoutJob); mail not yet sent is lost.
 */

export const BACKUP_FORMAT = 'wattwise-backup';
export const BACKUP_VERSION = 1;
/** Rows per INSERT and bytes per SQL entry, whichever comes first. */
const ROWS_PER_STATEMENT = 500;
const BYTES_PER_STATEMENT = 4 * 1024 * 1024;

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: Database['kind'];
  /** Hashes of the applied migrations, in order: a backup restores only into the same schema. */
  migrations: string[];
  tables: Record<string, number>;
  files: number;
};

export class BackupError extends Error {
  constructor(
    message: string,
    /** The CLI's exit code: 2 for a refusal the user can act on. */
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}

// ---- tar (POSIX ustar), written and read as a stream ----

function tarHeader(name: string, size: number): Buffer {
  const header = Buffer.alloc(512);
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut < 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new BackupError(`Name too long for the archive: ${name}`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  header.write(base, 0, 100, 'utf8');
  header.write('0000600\0', 100);
  header.write('0000000\0', 108);
  header.write('0000000\0', 116);
  header.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  header.write(`${Math.floor(Date.now() / 1000).toString(8).padStart(11, '0')}\0`, 136);
  header.write('        ', 148);
  header.write('0', 156);
  header.write('ustar\0', 257);
  header.write('00', 263);
  header.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return header;
}

type TarEntry = { name: string; data: Uint8Array };

async function* tarOf(entries: AsyncIterable<TarEntry>): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    yield tarHeader(entry.name, entry.data.length);
    yield Buffer.from(entry.data);
    const pad = (512 - (entry.data.length % 512)) % 512;
    if (pad) yield Buffer.alloc(pad);
  }
  yield Buffer.alloc(1024);
}

async function* readTar(file: string): AsyncGenerator<TarEntry> {
  let buffered = Buffer.alloc(0);
  let want: { name: string; size: number } | null = null;
  for await (const chunk of fs.createReadStream(file).pipe(zlib.createGunzip())) {
    buffered = Buffer.concat([buffered, chunk as Buffer]);
    for (;;) {
      if (!want) {
        if (buffered.length < 512) break;
        const header = buffered.subarray(0, 512);
        buffered = buffered.subarray(512);
        if (header.every((b) => b === 0)) return;
        const field = (at: number, length: number) => header.subarray(at, at + length).toString('utf8').replace(/\0.*$/s, '');
        const prefix = field(345, 155);
        want = { name: prefix ? `${prefix}/${field(0, 100)}` : field(0, 100), size: parseInt(field(124, 12).trim(), 8) };
        if (!Number.isFinite(want.size)) throw new BackupError(`${file} is not a Wattwise backup (a damaged archive).`);
      }
      const padded = want.size + ((512 - (want.size % 512)) % 512);
      if (buffered.length < padded) break;
      yield { name: want.name, data: new Uint8Array(buffered.subarray(0, want.size)) };
      buffered = buffered.subarray(padded);
      want = null;
    }
  }
  if (want) throw new BackupError(`${file} ends in the middle of ${want.name}: the backup is incomplete.`);
}

// ---- the database as SQL ----

/** Rows of a Drizzle `execute` result: the same `{ rows }` shape on PGlite and node-postgres. */
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
/** Values are read as `col::text`, so each is a string or null. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value !== 'string') throw new BackupError(`Unexpected ${typeof value} value read as text`);
  return `'${value.replace(/'/g, "''")}'`;
}

async function publicTables(q: (text: string) => Promise<Row[]>): Promise<string[]> {
  const rows = await q(`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  const tables = rows.map((r) => String(r.name));
  // Parents before children (foreign keys); what a cycle leaves comes last.
  const edges = await q(
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public' and c.conrelid <> c.confrelid`,
  );
  const unquote = (name: string) => name.replace(/^public\./, '').replace(/^"(.*)"$/, '$1');
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) parents.get(unquote(String(e.child)))?.add(unquote(String(e.parent)));
  const ordered: string[] = [];
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !ordered.includes(t) && [...(parents.get(t) ?? [])].every((p) => ordered.includes(p) || !parents.has(p)));
    ordered.push(...(ready.length > 0 ? ready : tables.filter((t) => !ordered.includes(t)).slice(0, 1)));
  }
  return ordered;
}

async function insertableColumns(q: (text: string) => Promise<Row[]>, table: string): Promise<string[]> {
  const rows = await q(
    `select column_name as name from information_schema.columns
      where table_schema = 'public' and table_name = ${literal(table)} and is_generated = 'NEVER' order by ordinal_position`,
  );
  return rows.map((r) => String(r.name));
}

async function appliedMigrations(q: (text: string) => Promise<Row[]>): Promise<string[]> {
  const rows = await q(`select hash from drizzle.__drizzle_migrations order by created_at, id`);
  return rows.map((r) => String(r.hash));
}

/** Writes the backup of the database and the stored files to `file` (through a temporary file, renamed at the end). */
export async function createBackup(deps: { database: Database; storage: BackupStorage }, file: string): Promise<BackupManifest> {
  const tmp = `${file}.partial`;
  let manifest: BackupManifest | undefined;
  try {
    // One snapshot of the whole database (repeatable read), read on one connection.
    await deps.database.db.transaction(
      async (tx) => {
        const q = async (text: string) => rowsOf(await tx.execute(sql.raw(text)));
        const tables = await publicTables(q);
        const counts: Record<string, number> = {};
        const statements: string[] = [];
        for (const table of tables) {
          const columns = await insertableColumns(q, table);
          const rows = await q(`select ${columns.map((c) => `${ident(c)}::text`).join(', ')} from ${ident(table)}`);
          counts[table] = rows.length;
          let values: string[] = [];
          let bytes = 0;
          const flush = () => {
            if (values.length === 0) return;
            statements.push(`insert into ${ident(table)} (${columns.map(ident).join(', ')}) values\n${values.join(',\n')};\n`);
            values = [];
            bytes = 0;
          };
          for (const row of rows) {
            const tuple = `(${columns.map((c) => literal(row[c])).join(', ')})`;
            values.push(tuple);
            bytes += tuple.length;
            if (values.length >= ROWS_PER_STATEMENT || bytes >= BYTES_PER_STATEMENT) flush();
          }
          flush();
        }
        const objects = (await deps.storage.list()).filter((o) => !o.partial);
        manifest = {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          createdAt: new Date().toISOString(),
          database: deps.database.kind,
          migrations: await appliedMigrations(q),
          tables: counts,
          files: objects.length,
        };
        const header = manifest;
        async function* entries(): AsyncGenerator<TarEntry> {
          yield { name: 'manifest.json', data: Buffer.from(`${JSON.stringify(header, null, 2)}\n`) };
          let n = 0;
          for (const statement of statements) yield { name: `database/${String(++n).padStart(6, '0')}.sql`, data: Buffer.from(statement) };
          for (const object of objects) {
            const bytes = await deps.storage.get(object.key);
            if (bytes) yield { name: `uploads/${object.key}`, data: bytes };
          }
        }
        await pipeline(tarOf(entries()), zlib.createGzip(), fs.createWriteStream(tmp, { mode: 0o600 }));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    fs.renameSync(tmp, file);
  } catch (error) {
    fs.rmSync(tmp, { force: true });
    throw error;
  }
  if (!manifest) throw new BackupError('The backup was not written.');
  return manifest;
}

/** Rows in the database's public tables and files in storage: what a restore would replace. */
export async function countContents(deps: { database: Database; storage: BackupStorage }): Promise<{ rows: number; files: number }> {
  const q = async (text: string) => (await deps.database.execute(text)).rows;
  let rows = 0;
  for (const table of await publicTables(q)) rows += Number((await q(`select count(*)::int as n from ${ident(table)}`))[0]?.n ?? 0);
  return { rows, files: (await deps.storage.list()).length };
}

/**
 * Restores `file` into the database and storage, all in one transaction (files written inside it,
 * so a failure leaves the database as it was; run again with --force to clean up files).
 * Refuses a non-empty database or storage unless `force`, which empties both first.
 */
export async function restoreBackup(deps: { database: Database; storage: BackupStorage; clearStorage: () => Promise<void> }, file: string, options: { force: boolean }): Promise<BackupManifest> {
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist.`, 2);
  const entries = readTar(file);
  const first = await entries.next();
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(Buffer.from(first.done ? new Uint8Array() : first.value.data).toString('utf8')) as BackupManifest;
  } catch {
    manifest = {} as BackupManifest;
  }
  if (first.done || first.value.name !== 'manifest.json' || manifest.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a Wattwise backup.`, 2);
  if (manifest.version !== BACKUP_VERSION) throw new BackupError(`${file} is a backup of format version ${manifest.version}; this version reads version ${BACKUP_VERSION}.`, 2);
  const q = async (text: string) => (await deps.database.execute(text)).rows;
  const here = await appliedMigrations(q);
  if (here.join() !== manifest.migrations.join()) {
    throw new BackupError(
      `The backup was made with ${manifest.migrations.length} database migrations and this version has ${here.length}. Restore it with the version that made it, then upgrade (the new version migrates the database when it starts).`,
      2,
    );
  }
  const contents = await countContents(deps);
  if ((contents.rows > 0 || contents.files > 0) && !options.force) {
    throw new BackupError(
      `The database is not empty (${contents.rows} rows, ${contents.files} stored files). Restoring replaces everything in it: run again with --force to do so.`,
      2,
    );
  }
  const tables = await publicTables(q);
  await deps.database.db.transaction(async (tx) => {
    const run = (text: string) => tx.execute(sql.raw(text));
    // Rows go in parents first; a table pointing at itself (or a cycle) needs the checks off,
    // which only a superuser may do: tried, and skipped when not allowed.
    await run('savepoint replica');
    await run('set local session_replication_role = replica').catch(() => run('rollback to savepoint replica'));
    if (tables.length > 0) await run(`truncate ${tables.map(ident).join(', ')} restart identity cascade`);
    await deps.clearStorage();
    for await (const entry of entries) {
      if (entry.name.startsWith('database/')) await run(Buffer.from(entry.data).toString('utf8'));
      else if (entry.name.startsWith('uploads/')) await deps.storage.put(entry.name.slice('uploads/'.length), entry.data);
    }
    // Sequences behind serial / identity columns continue after the restored rows.
    const sequences = await tx.execute(
      sql.raw(`select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as seq
                 from information_schema.columns where table_schema = 'public' and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`),
    );
    for (const s of rowsOf(sequences)) {
      await run(`select setval(${literal(s.seq)}, coalesce((select max(${ident(String(s.column_name))}) from ${ident(String(s.table_name))}), 1), (select count(*) > 0 from ${ident(String(s.table_name))}))`);
    }
  });
  return manifest;
}
