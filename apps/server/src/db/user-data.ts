import { is } from 'drizzle-orm';
import { getTableConfig, type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';

// Which rows belong to a user, derived from the Drizzle schema: every table with a `user_id`
// column (the convention of db/schema/columns.ts `owner()`). A new feature table is exported and
// deleted with the account (features/account) without touching this file; user-data.test.ts fails when a table
// refers to a user any other way, so it cannot be missed silently (decision 121).

export type UserOwnedTable = { name: string; table: PgTable; owner: PgColumn };

/** Kept after the account is deleted, with the owner set to null: payment records the law requires to keep. */
export const RETAINED_ANONYMISED: ReadonlySet<string> = new Set(['payments']);

/** Secrets that prove identity are never written to an archive; the rows are, without these columns. */
export const REDACTED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  accounts: ['password', 'access_token', 'refresh_token', 'id_token'],
  sessions: ['token'],
  two_factors: ['secret', 'backup_codes'],
};

/**
 * Tables that refer to a user without being that user's data, with the reason. The user row
 * itself is exported as the profile.
 */
export const NOT_OWNED_BY_REFERENCE: Readonly<Record<string, string>> = {
  users: 'the account itself (profile.json)',
};

let cached: UserOwnedTable[] | undefined;

/** Every table with a user_id column, by table name. */
export function userOwnedTables(): UserOwnedTable[] {
  if (cached) return cached;
  const tables: UserOwnedTable[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const owner = config.columns.find((c) => c.name === 'user_id');
    if (owner) tables.push({ name: config.name, table: value, owner });
  }
  cached = tables.sort((a, b) => a.name.localeCompare(b.name));
  return cached;
}

/**
 * The user-owned tables in an order rows can be deleted in: a table comes before every table it
 * references (bills before their property: that foreign key restricts).
 */
export function userOwnedTablesChildFirst(): UserOwnedTable[] {
  const remaining = [...userOwnedTables()];
  const references = new Map(remaining.map((t) => [t.name, new Set(getTableConfig(t.table).foreignKeys.map((fk) => getTableConfig(fk.reference().foreignTable).name))]));
  const ordered: UserOwnedTable[] = [];
  while (remaining.length > 0) {
    // A table nothing left refers to (except itself) can go now; a cycle takes the first left.
    const index = Math.max(0, remaining.findIndex((t) => !remaining.some((other) => other !== t && references.get(other.name)?.has(t.name))));
    ordered.push(...remaining.splice(index, 1));
  }
  return ordered;
}

/** Every schema table, with the columns that reference users.id (for the completeness test). */
export function tablesReferencingUsers(): { name: string; columns: string[] }[] {
  const out: { name: string; columns: string[] }[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const columns = config.foreignKeys
      .map((fk) => fk.reference())
      .filter((ref) => getTableConfig(ref.foreignTable).name === 'users')
      .flatMap((ref) => ref.columns.map((c) => c.name));
    if (columns.length > 0) out.push({ name: config.name, columns });
  }
  return out;
}

/** A row as the archive shows it: redacted columns removed, dates as ISO strings. */
export function exportableRow(tableName: string, row: Record<string, unknown>, columnNames: Map<string, string>): Record<string, unknown> {
  const redacted = new Set(REDACTED_COLUMNS[tableName] ?? []);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (redacted.has(columnNames.get(key) ?? key)) continue;
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

/** Property key → SQL column name of a table. */
export function columnNamesOf(table: PgTable): Map<string, string> {
  const columns = getTableConfig(table).columns;
  const byProperty = new Map<string, string>();
  for (const [key, column] of Object.entries(table as unknown as Record<string, unknown>)) {
    if (columns.includes(column as PgColumn)) byProperty.set(key, (column as PgColumn).name);
  }
  return byProperty;
}
