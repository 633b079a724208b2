import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'extractor',
    include: ['src/**/*.test.ts', 'tools/**/*.test.ts'],
    // OCR tests start tesseract workers; keep one test file per process at a time on small machines.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
