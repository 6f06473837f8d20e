import type { ReactNode } from 'react';
import { EmptyState as MantineEmptyState } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** A button or link that tells the user what to do next. */
  action?: ReactNode;
  /** Render the title as a heading of this level when it is the page's main message. */
  headingOrder?: 1 | 2 | 3;
}

/** docs/product.md#look-and-feel: every list has an empty (and error) state instead of a blank area. */
export function EmptyState({
  title,
  description,
  icon = <IconInbox aria-hidden />,
  action,
  headingOrder,
}: EmptyStateProps) {
  return (
    <MantineEmptyState py="xl" withIndicatorBackground icon={icon}>
      <MantineEmptyState.Title order={headingOrder}>{title}</MantineEmptyState.Title>
      {description && <MantineEmptyState.Description>{description}</MantineEmptyState.Description>}
      {action && <MantineEmptyState.Actions>{action}</MantineEmptyState.Actions>}
    </MantineEmptyState>
  );
}
