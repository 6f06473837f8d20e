import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { PageTitle } from './page-title';

/** A screen whose heading is in place and whose content a later issue builds. */
export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap="sm">
      <PageTitle title={title} />
      <Title order={1}>{title}</Title>
      {children}
      <Text c="dimmed">This screen is coming soon.</Text>
    </Stack>
  );
}
