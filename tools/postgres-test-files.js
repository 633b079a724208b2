// Which server test files run a second time on PostgreSQL (the `server-pg` project, when
// TEST_DATABASE_URL names a server): those whose first lines say why, with the mark below
// (docs/decisions/270-server-tests-on-postgresql-where-the-engine-matters.md).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The mark, a line comment of its own: `// Also on PostgreSQL: <what differs there>` (or
 * `// Also on PostgreSQL (and only there): …` for a file that skips itself on the embedded database).
 */
export const POSTGRES_MARK = /^\/\/ Also on PostgreSQL\b[^:\n]*: \S/m;

/** A file that skips tests unless a PostgreSQL server is configured: unmarked, they would never run. */
export function skipsWithoutPostgres(text) {
  return /\breadTestDatabaseUrl\(/.test(text) && /\.skipIf\(\s*!/.test(text);
}

/** Every `*.test.ts` under `dir`, relative to it, sorted. */
export function serverTestFiles(dir) {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.test.ts') && !file.split(path.sep).includes('node_modules'))
    .sort();
}

/** The test files under `dir` (relative to it) that carry the mark. */
export function postgresTestFiles(dir) {
  return serverTestFiles(dir).filter((file) => POSTGRES_MARK.test(readFileSync(path.join(dir, file), 'utf8')));
}
