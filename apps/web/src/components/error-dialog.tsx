import type { ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useLingui } from '../i18n';

export interface ErrorPopupProps {
  opened: boolean;
  /** docs/product.md#errors: closing often does something (reload the list, clear the error). */
  onClose: () => void;
  message?: ReactNode;
  title?: string;
}

/** ErrorPopup's dialog, in a chunk of its own; error-popup.tsx adds its messages. */
export default function ErrorDialog({ opened, onClose, message, title }: ErrorPopupProps) {
  const { _ } = useLingui();
  return (
    // The Close button below replaces the header's ×; Escape and the overlay still close it.
    <Modal
      opened={opened}
      onClose={onClose}
      title={title ?? _('components.errorPopup.title')}
      centered
      withCloseButton={false}
    >
      {/* docs/product.md#screens loan list: the generic failure message. */}
      <Text>{message ?? _('components.errorPopup.generic')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose} data-autofocus>
          {_('components.errorPopup.close')}
        </Button>
      </Group>
    </Modal>
  );
}
