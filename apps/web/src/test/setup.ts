import { afterEach, beforeAll, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { atDesktopWidth } from './viewport';

// findBy*/waitFor wait up to 1 s by default; a loaded CI machine needs more room.
configure({ asyncUtilTimeout: 10_000 });

// Mantine's media queries in code (useMediaQuery) answer as on a wide screen, whatever the
// window's size: a test sets the behaviour it checks through the props or CSS instead.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }),
});

// The Hindi of every part a test file imports, loaded before its tests, as a Hindi page would
// have it by the time it shows (parts loaded later arrive as they would in the browser).
beforeAll(async () => {
  const { loadHindi } = await import('../i18n');
  await loadHindi();
});

// Without vitest globals Testing Library cannot register its own cleanup. The notices' store
// outlives a test (files share modules): a notice left showing would be found by the next test.
afterEach(() => {
  cleanup();
  notifications.clean();
  sessionStorage.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  atDesktopWidth();
});
