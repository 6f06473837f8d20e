import { Alert, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { fraudFlagMessage, type DocumentFile } from '@portal/domain';
import { addMessages, currentLanguage, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/documentPanel';

addMessages(messages);

/**
 * What the upload checks noticed about a file, for the checker (staff answers only carry them):
 * the same file in another borrower's account, a password-protected or edited PDF, an old photo.
 * Signals to look into, not verdicts: the borrower was never stopped by them.
 */
export function SlotFraudFlags({ file }: { file: DocumentFile }) {
  const flags = file.fraudFlags ?? [];
  const { _ } = useLingui();
  if (flags.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={_('documentPanel.fraud.title')}
    >
      <List size="sm" spacing={4}>
        {flags.map((flag) => (
          <List.Item key={flag.code}>
            {fraudFlagMessage(flag, file.createdAt, currentLanguage())}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
