import { defineProject } from 'vitest/config';

/** The API's tests: node, one migrated database per run copied for each test's (test/database.ts). */
export function apiProject(name: string, include: string[]) {
  return defineProject({
    test: {
      name,
      environment: 'node',
      include,
      globalSetup: ['test/global-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
}

export default apiProject('api', ['src/**/*.test.ts', 'test/**/*.test.ts']);
