import type { ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';

/** SPEC §2 loan list: the generic failure popup. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong Please try again';

/** SPEC §8: the words of the popup for an update the server could not pass on (HTTP 503). */
export const UPDATE_FAILED_MESSAGE =
  'Sorry, something went wrong, we were unable to update data on server. Please try again';

interface ErrorPopupProps {
  opened: boolean;
  /** SPEC §8: closing often does something (reload the list, clear the error). */
  onClose: () => void;
  message?: ReactNode;
  title?: string;
}

/** The error popup of SPEC §2/§8, with a dimming overlay and a focused Close button. */
export function ErrorPopup({
  opened,
  onClose,
  message = GENERIC_ERROR_MESSAGE,
  title = 'Error.!',
}: ErrorPopupProps) {
  return (
    // The Close button below replaces the header's ×; Escape and the overlay still close it.
    <Modal opened={opened} onClose={onClose} title={title} centered withCloseButton={false}>
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose} data-autofocus>
          Close
        </Button>
      </Group>
    </Modal>
  );
}
