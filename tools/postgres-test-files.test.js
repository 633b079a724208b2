// The server-pg project's selection (tools/postgres-test-files.js, decision 270).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { POSTGRES_MARK, postgresTestFiles, serverTestFiles, skipsWithoutPostgres } from './postgres-test-files.js';

const serverSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/src');

describe('server test files on PostgreSQL', () => {
  it('reads the mark only as a line comment of its own with a reason', () => {
    expect(POSTGRES_MARK.test("import x from 'y';\n\n// Also on PostgreSQL: locks across connections.\n")).toBe(true);
    expect(POSTGRES_MARK.test('// Also on PostgreSQL (and only there): several processes.\n')).toBe(true);
    expect(POSTGRES_MARK.test('// Also on PostgreSQL:\n')).toBe(false);
    expect(POSTGRES_MARK.test("const note = 'x'; // Also on PostgreSQL: no\n")).toBe(false);
  });

  it('selects a marked file and leaves an unmarked one', () => {
    const files = postgresTestFiles(serverSrc);
    expect(files.length).toBeGreaterThan(0);
    expect(files.length).toBeLessThan(serverTestFiles(serverSrc).length);
    for (const file of files) expect(POSTGRES_MARK.test(readFileSync(path.join(serverSrc, file), 'utf8'))).toBe(true);
  });

  it('selects every file that skips its tests unless PostgreSQL is configured', () => {
    const selected = new Set(postgresTestFiles(serverSrc));
    const postgresOnly = serverTestFiles(serverSrc).filter((file) => skipsWithoutPostgres(readFileSync(path.join(serverSrc, file), 'utf8')));
    expect(postgresOnly.length).toBeGreaterThan(0);
    expect(postgresOnly.filter((file) => !selected.has(file))).toEqual([]);
  });
});
