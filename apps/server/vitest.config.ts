import { defineConfig } from 'vitest/config';

// Server tests: unit and HTTP integration, each file on a fresh database (in-memory PGlite,
// or a fresh PostgreSQL database when WATTWISE_TEST_DATABASE_URL is set; the root config
// sets it from TEST_DATABASE_URL for its 'server-pg' project).
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Files share a worker's loaded modules instead of importing the server again each (decision
    // 013): every file still gets its own database and app, and no test mocks a module.
    isolate: false,
    globalSetup: ['src/test/global-setup.ts'],
  },
});
