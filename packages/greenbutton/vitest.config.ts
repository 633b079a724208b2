import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'greenbutton',
    isolate: false,
    include: ['src/**/*.test.ts'],
  },
});
