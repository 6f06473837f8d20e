import { Alert, Text } from '@mantine/core';
import { IconShieldX } from '@tabler/icons-react';
import { ApiError } from '../../api/client';
import { addMessages, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/documentPanel';

addMessages(messages);

/** The answer to a `complete` whose file the virus scanner blocked (422 FILE_QUARANTINED). */
export const isQuarantined = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'FILE_QUARANTINED';

/**
 * Tells the borrower their file was refused by the virus scanner, in place of the slot's usual
 * problem message: the slot stays empty and another file can be chosen.
 */
export function SlotQuarantineNotice({ problem }: { problem: unknown }) {
  const { _ } = useLingui();
  if (!isQuarantined(problem)) return null;
  return (
    <Alert
      color="red"
      icon={<IconShieldX aria-hidden />}
      title={_('documentPanel.quarantine.title')}
    >
      <Text size="sm">{problem.message}.</Text>
      <Text size="sm">{_('documentPanel.quarantine.advice')}</Text>
    </Alert>
  );
}
