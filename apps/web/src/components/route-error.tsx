import { Button, Container } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { EmptyState } from './empty-state';

/**
 * Shown when a screen fails to render or its code cannot be fetched (for
 * example after a new release replaced the old chunks): reloading fixes both.
 */
export function RouteError() {
  return (
    <Container component="main" size="sm" py="xl">
      <EmptyState
        headingOrder={1}
        icon={<IconAlertTriangle aria-hidden />}
        title="This page could not be shown"
        description="Something went wrong while loading it. Reload the page to try again."
        action={<Button onClick={() => window.location.reload()}>Reload page</Button>}
      />
    </Container>
  );
}
