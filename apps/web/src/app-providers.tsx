import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cssVariablesResolver, theme } from './theme';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** Mantine's 'test' environment turns off transitions and portals. */
  env?: 'default' | 'test';
}

/** Everything a screen relies on, in one place for the app and its tests. */
export function AppProviders({ queryClient, children, env }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
        {/* Bottom left: clear of the document panel, which opens on the right. */}
        <Notifications position="bottom-left" limit={3} />
        <ModalsProvider>{children}</ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
