import { Badge, VisuallyHidden } from '@mantine/core';
import { Hint } from './hint';

/**
 * docs/product.md#screens: a count badge with a tooltip ('No. of loans', 'No. of projects').
 * The tooltip's words are also in the badge for screen readers, and the badge
 * takes focus so keyboard users can open the tooltip too.
 */
export function CountBadge({ count, label }: { count: number; label: string }) {
  return (
    <Hint label={label}>
      <Badge size="lg" variant="light" tabIndex={0}>
        <VisuallyHidden>{label}: </VisuallyHidden>
        {count}
      </Badge>
    </Hint>
  );
}
