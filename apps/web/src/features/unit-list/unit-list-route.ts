import type { RouteHandle } from '../../route-handle';

// What the shell knows of the checker list (router.tsx), without the screen's code.

/** The list's first reads start as soon as their code has arrived, beside the screen's. */
export const unitListRoute: RouteHandle = {
  prefetch(queryClient, searchParams) {
    void import('./unit-queries').then(({ prefetchUnitLink }) =>
      prefetchUnitLink(queryClient, searchParams),
    );
  },
};
