import type { RouteHandle } from '../../route-handle';

// What the shell knows of the collateral queue (router.tsx), without the screen's code.

/** The queue's first reads start as soon as their code has arrived, beside the screen's. */
export const collateralListRoute: RouteHandle = {
  prefetch(queryClient, searchParams) {
    void import('./checker-frequencies-query').then(({ prefetchFrequencyLink }) =>
      prefetchFrequencyLink(queryClient, searchParams),
    );
  },
};
