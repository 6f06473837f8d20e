import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { PageTitle } from '../../components/page-title';

interface AuthPageProps {
  title: string;
  /** docs/product.md#screens: the way to the other identity screen (Sign up / Sign in), at top right. */
  corner?: { to: string; label: string };
  children: ReactNode;
}

/** The frame of every identity screen: heading, top-right button, one card. */
export function AuthPage({ title, corner, children }: AuthPageProps) {
  return (
    <Stack gap="lg">
      <PageTitle title={title} />
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        {corner && (
          <Button component={Link} to={corner.to} variant="light" style={{ flexShrink: 0 }}>
            {corner.label}
          </Button>
        )}
      </Group>
      <Paper withBorder p={{ base: 'md', xs: 'xl' }}>
        {children}
      </Paper>
    </Stack>
  );
}
