import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import { NotificationsHost } from './components/notifications-host';
import { i18n } from './i18n';
import { cssVariablesResolver, theme } from './theme';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** Mantine's 'test' environment turns off transitions and portals. */
  env?: 'default' | 'test';
}

/**
 * What every screen relies on, in one place for the app and its tests. Signed-in screens
 * add their confirmation dialogs in their own layout.
 */
export function AppProviders({ queryClient, children, env }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
          <NotificationsHost />
          {children}
        </MantineProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
