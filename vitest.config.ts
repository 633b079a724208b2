import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { postgresTestFiles, serverTestFiles } from './tools/postgres-test-files.js';

/**
 * The server's tests run on the embedded database (PGlite) everywhere; when TEST_DATABASE_URL
 * names a server (CI sets it when one answers), the files whose behaviour depends on the engine
 * run once more against PostgreSQL: those marked `// Also on PostgreSQL: …` (decision 270).
 */
function serverProject(name: string, databaseUrl: string, exclude: string[] = []): TestProjectInlineConfiguration {
  return {
    extends: './apps/server/vitest.config.ts',
    root: './apps/server',
    // Files are left out by `exclude` (an `include` here would add to the extended config's
    // pattern, not replace it); vitest's own exclusions stay.
    test: { name, env: { WATTWISE_TEST_DATABASE_URL: databaseUrl }, exclude: [...configDefaults.exclude, ...exclude] },
  };
}

const postgresUrl = process.env.TEST_DATABASE_URL;

/** The server test files without the PostgreSQL mark, as the server project's root sees them. */
function unmarkedServerTests(): string[] {
  const src = fileURLToPath(new URL('./apps/server/src', import.meta.url));
  const marked = new Set(postgresTestFiles(src));
  return serverTestFiles(src).filter((file) => !marked.has(file)).map((file) => `src/${file}`);
}

// One test command for every package; each project keeps its own settings file.
export default defineConfig({
  test: {
    // One worker more than the cores: much of a server test is waiting (child servers, OCR
    // processes, the database), so a third file at once finishes the suite sooner even on two
    // cores (decision 013, amended 2026-11-29).
    maxWorkers: availableParallelism() + 1,
    projects: [
      'packages/*',
      'apps/web',
      // The lint setup's own tests (tools/eslint-boundaries.test.js).
      { test: { name: 'tools', root: './tools', include: ['*.test.js'] } },
      serverProject('server', ''),
      ...(postgresUrl ? [serverProject('server-pg', postgresUrl, unmarkedServerTests())] : []),
    ],
  },
});
