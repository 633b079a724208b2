import { defineConfig } from 'vitest/config';

// One test command for every package; each project keeps its own settings file.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web'],
  },
});
