import { lazy, Suspense, type ReactElement } from 'react';

/**
 * Mantine's Tooltip brings Floating UI, and a hint is only read on hover or focus: it loads once
 * the screen is showing, which meanwhile shows its element without the hint.
 */
const Tooltip = lazy(() => import('./hint-tooltip'));

/** A tooltip on `children` (one element that takes a ref, as Mantine's Tooltip needs). */
export function Hint({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Suspense fallback={children}>
      <Tooltip label={label}>{children}</Tooltip>
    </Suspense>
  );
}
