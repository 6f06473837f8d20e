import { Alert, Text } from '@mantine/core';
import { IconShieldX } from '@tabler/icons-react';
import { ApiError } from '../../api/client';

/** The answer to a `complete` whose file the virus scanner blocked (422 FILE_QUARANTINED). */
export const isQuarantined = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'FILE_QUARANTINED';

/**
 * Tells the borrower their file was refused by the virus scanner, in place of the slot's usual
 * problem message: the slot stays empty and another file can be chosen.
 */
export function SlotQuarantineNotice({ problem }: { problem: unknown }) {
  if (!isQuarantined(problem)) return null;
  return (
    <Alert color="red" icon={<IconShieldX aria-hidden />} title="File refused">
      <Text size="sm">{problem.message}.</Text>
      <Text size="sm">
        It was not uploaded. Scan your device for viruses, then choose a clean copy of the document.
      </Text>
    </Alert>
  );
}
