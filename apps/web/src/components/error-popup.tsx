import type { ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { addMessages, i18n, useLingui } from '../i18n';
import { messages } from './messages';

addMessages(messages);

/** SPEC §8: the words of the popup for an update the server could not pass on (HTTP 503). */
export const updateFailedMessage = () => i18n._('errorPopup.updateFailed');

interface ErrorPopupProps {
  opened: boolean;
  /** SPEC §8: closing often does something (reload the list, clear the error). */
  onClose: () => void;
  message?: ReactNode;
  title?: string;
}

/** The error popup of SPEC §2/§8, with a dimming overlay and a focused Close button. */
export function ErrorPopup({ opened, onClose, message, title }: ErrorPopupProps) {
  const { _ } = useLingui();
  return (
    // The Close button below replaces the header's ×; Escape and the overlay still close it.
    <Modal
      opened={opened}
      onClose={onClose}
      title={title ?? _('errorPopup.title')}
      centered
      withCloseButton={false}
    >
      {/* SPEC §2 loan list: the generic failure message. */}
      <Text>{message ?? _('errorPopup.generic')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose} data-autofocus>
          {_('errorPopup.close')}
        </Button>
      </Group>
    </Modal>
  );
}
