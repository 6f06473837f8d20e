import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'apps/api',
      'apps/web',
      // The build's own scripts (message catalogs).
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'] } },
    ],
  },
});
