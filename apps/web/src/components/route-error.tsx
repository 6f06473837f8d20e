import { Button, Container } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { addMessages, useLingui } from '../i18n';
import { EmptyState } from './empty-state';
import { messages } from '../i18n/messages/components';

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
        title={_('components.routeError.title')}
        description={_('components.routeError.description')}
        action={
          <Button onClick={() => window.location.reload()}>
            {_('components.routeError.reload')}
          </Button>
        }
      />
    </Container>
  );
}
