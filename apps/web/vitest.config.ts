import { configDefaults, defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/**
 * Test files that need modules of their own: they replace a module (`vi.mock`) that another file
 * in a shared module graph may have loaded already. They run in the `web-own-modules` project
 * (vitest.own-modules.config.ts), isolated.
 */
export const OWN_MODULES = [
  'src/components/date-picker-input.test.tsx',
  'src/components/select.test.tsx',
  'src/features/documents/document-preview.test.tsx',
];

/**
 * The web app's tests in happy-dom. Files of a project share one module graph per worker
 * (`isolate: false`): loading Mantine and the screens again for every file cost half of the
 * project's time.
 */
export function webProject(name: string, include: string[], { ownModules = false } = {}) {
  return mergeConfig(
    viteConfig,
    defineProject({
      test: {
        name,
        // happy-dom rather than jsdom: the same 400 tests in two thirds of the time (its
        // environment set-up and DOM work are lighter), and its window's CSS media queries follow
        // the viewport a test sets (test/viewport.ts).
        environment: 'happy-dom',
        include,
        exclude: ownModules ? configDefaults.exclude : [...configDefaults.exclude, ...OWN_MODULES],
        isolate: ownModules,
        setupFiles: ['./src/test/setup.ts'],
        // Renders of whole Mantine screens are slow on a busy 2-core machine; these are
        // budgets against hanging, not speed assertions.
        testTimeout: 30_000,
      },
    }),
  );
}

export default webProject('web', ['src/**/*.test.{ts,tsx}']);
