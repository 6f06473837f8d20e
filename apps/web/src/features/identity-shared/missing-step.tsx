import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Stack, Text } from '@mantine/core';
import { AuthPage } from './auth-page';

interface MissingStepProps {
  title: string;
  /** Where the flow starts again. */
  to: string;
  action: string;
  children: ReactNode;
}

/** Opened without what the previous step hands on (docs/product.md#screens flows): say so and lead back. */
export function MissingStep({ title, to, action, children }: MissingStepProps) {
  return (
    <AuthPage title={title}>
      <Stack gap="md" align="flex-start">
        <Text>{children}</Text>
        <Button component={Link} to={to}>
          {action}
        </Button>
      </Stack>
    </AuthPage>
  );
}
