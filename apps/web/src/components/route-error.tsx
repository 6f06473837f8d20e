import { Button, Container } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { addMessages, useLingui } from '../i18n';
import { EmptyState } from './empty-state';
import { messages } from './messages';

addMessages(messages);

/**
 * Shown when a screen fails to render or its code cannot be fetched (for
 * example after a new release replaced the old chunks): reloading fixes both.
 */
export function RouteError() {
  const { _ } = useLingui();
  return (
    <Container component="main" size="sm" py="xl">
      <EmptyState
        headingOrder={1}
        icon={<IconAlertTriangle aria-hidden />}
        title={_('routeError.title')}
        description={_('routeError.description')}
        action={<Button onClick={() => window.location.reload()}>{_('routeError.reload')}</Button>}
      />
    </Container>
  );
}
