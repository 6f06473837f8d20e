import { configDefaults, defineProject } from 'vitest/config';

/**
 * Test files that need modules of their own: OpenTelemetry instruments a library as it is first
 * loaded, which in a shared module graph another file has already done. They run in the
 * `api-own-modules` project (vitest.own-modules.config.ts), isolated, on either engine.
 */
export const OWN_MODULES = ['src/tracing.test.ts'];

/**
 * The API's tests: node, one migrated database per run copied for each test's (test/database.ts).
 * Files of a project share one module graph per worker (`isolate: false`): loading the app's
 * modules again for every file cost more than half of the suite's time, and no file depends on
 * a module's state but the ones in OWN_MODULES.
 */
export function apiProject(name: string, include: string[], { ownModules = false } = {}) {
  return defineProject({
    test: {
      name,
      environment: 'node',
      include,
      exclude: ownModules ? configDefaults.exclude : [...configDefaults.exclude, ...OWN_MODULES],
      isolate: ownModules,
      globalSetup: ['test/global-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
}

export default apiProject('api', ['src/**/*.test.ts', 'test/**/*.test.ts']);
