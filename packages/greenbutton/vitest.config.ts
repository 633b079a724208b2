import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'greenbutton',
    include: ['src/**/*.test.ts'],
  },
});
