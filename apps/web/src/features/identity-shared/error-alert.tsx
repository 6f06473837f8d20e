import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** docs/product.md#look-and-feel: a failure in words; Mantine's Alert has role="alert", so it is announced. */
export function ErrorAlert({ message }: { message: string }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
      {message}
    </Alert>
  );
}
