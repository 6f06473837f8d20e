import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'apps/api',
      'apps/api/vitest.own-modules.config.ts',
      'apps/web',
      'apps/web/vitest.own-modules.config.ts',
      // The build's own scripts (message catalogs).
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'] } },
      // With a PostgreSQL server to test on: the API files that depend on the database engine
      // (`npm run test:pg`).
      ...(process.env.TEST_DATABASE_URL ? ['apps/api/vitest.postgres.config.ts'] : []),
    ],
    // One worker more than the machine's cores: many API tests wait on a timer, a child process
    // or a socket, and vitest's default (cores - 1) left one of two cores idle.
    maxWorkers: availableParallelism() + 1,
  },
});
