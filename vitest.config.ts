import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'apps/api',
      'apps/web',
      // The build's own scripts (message catalogs).
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'] } },
      // With a PostgreSQL server to test on: the API files that depend on the database engine
      // (`npm run test:pg`).
      ...(process.env.TEST_DATABASE_URL ? ['apps/api/vitest.postgres.config.ts'] : []),
    ],
  },
});
