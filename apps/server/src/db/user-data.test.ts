// Every table that holds a user's data is in the export and the deletion (issue 18): the list is
// derived from the schema's user_id columns, and this test fails when a table refers to a user
// any other way (another column name, or a table made by hand-written SQL only).
import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../test/test-app.ts';
import { NOT_OWNED_BY_REFERENCE, REDACTED_COLUMNS, RETAINED_ANONYMISED, tablesReferencingUsers, userOwnedTables } from './user-data.ts';

// Also on PostgreSQL: the schema as the server's catalogue lists it.

const db = useMigratedDatabase();

const owned = () => new Set(userOwnedTables().map((t) => t.name));

describe('user-owned tables', () => {
  it('are derived from the schema: bills, payments, notifications, the audit log… each by its user_id column', () => {
    const names = owned();
    for (const table of ['utility_bills', 'properties', 'payments', 'user_notifications', 'support_tickets', 'audit_events', 'data_exports', 'two_factors', 'sessions', 'accounts']) {
      expect(names.has(table), table).toBe(true);
    }
    expect(names.has('users')).toBe(false);
  });

  it('every schema table with a foreign key to users refers through user_id (else it would be missed)', () => {
    for (const { name, columns } of tablesReferencingUsers()) {
      if (NOT_OWNED_BY_REFERENCE[name]) continue;
      expect(owned().has(name), `${name} refers to users by ${columns.join(', ')} but has no user_id column: add it to db/user-data.ts`).toBe(true);
    }
  });

  it('every table of the migrated db() with a user_id column or a foreign key to users is covered', async () => {
    const { rows } = await db().execute(`
      select distinct c.table_name as name from information_schema.columns c
        where c.table_schema = 'public' and c.column_name = 'user_id'
      union
      select distinct tc.table_name as name from information_schema.table_constraints tc
        join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.constraint_schema = tc.constraint_schema
        where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public' and ccu.table_name = 'users'`);
    const inDatabase = rows.map((r) => String(r.name)).sort();
    expect(inDatabase.length).toBeGreaterThan(20);
    const missed = inDatabase.filter((name) => !owned().has(name) && !NOT_OWNED_BY_REFERENCE[name]);
    expect(missed, 'tables holding user data that the export and deletion do not know').toEqual([]);
  });

  it('redacted columns and retained tables name real columns and tables', () => {
    const byName = new Map(userOwnedTables().map((t) => [t.name, t.table]));
    for (const [table, columns] of Object.entries(REDACTED_COLUMNS)) {
      const t = byName.get(table);
      expect(t, table).toBeDefined();
      const names = Object.values(t as object).map((c: { name?: string }) => c.name);
      for (const column of columns) expect(names, `${table}.${column}`).toContain(column);
    }
    for (const table of RETAINED_ANONYMISED) expect(byName.has(table), table).toBe(true);
  });
});
