import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The server's tests run on the embedded database (PGlite) everywhere, and once more against
 * PostgreSQL when TEST_DATABASE_URL names a server (CI sets it when one answers), so both
 * database paths are tested by the same files.
 */
function serverProject(name: string, databaseUrl: string): TestProjectInlineConfiguration {
  return {
    extends: './apps/server/vitest.config.ts',
    root: './apps/server',
    test: { name, env: { WATTWISE_TEST_DATABASE_URL: databaseUrl } },
  };
}

const postgresUrl = process.env.TEST_DATABASE_URL;

// One test command for every package; each project keeps its own settings file.
export default defineConfig({
  test: {
    // A worker per core, two at least: much of a server test is waiting (child servers, OCR
    // processes, the database), so two files at once finish sooner even on two cores (decision 013).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      'packages/*',
      'apps/web',
      // The lint setup's own tests (tools/eslint-boundaries.test.js).
      { test: { name: 'tools', root: './tools', include: ['*.test.js'] } },
      serverProject('server', ''),
      ...(postgresUrl ? [serverProject('server-pg', postgresUrl)] : []),
    ],
  },
});
