import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      // jsdom renders of whole Mantine screens are slow on a busy 2-core machine; these are
      // budgets against hanging, not speed assertions.
      testTimeout: 30_000,
    },
  }),
);
