import { Badge } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { addMessages, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/checkerList';

addMessages(messages);

/**
 * How many fraud checks flagged a file, or a set's files, for the checker to look at first: in a
 * document slot's header and in a queue row. Nothing when none did.
 */
export function FraudFlagBadge({ count }: { count: number }) {
  const { _ } = useLingui();
  if (count === 0) return null;
  return (
    <Badge
      component="span"
      color="yellow"
      variant="light"
      leftSection={<IconAlertTriangle aria-hidden size={14} />}
      style={{ flexShrink: 0 }}
    >
      {_('checkerList.fraudFlags', { count })}
    </Badge>
  );
}
