import { modals } from '@mantine/modals';

type ConfirmDialog = Parameters<typeof modals.openConfirmModal>[0];

let hostListening = false;
const waiting: ConfirmDialog[] = [];

/**
 * Opens a confirmation dialog. The host that shows them loads just after the screen
 * (modals-host.tsx): a dialog asked for before it listens opens as soon as it does, never lost.
 */
export function openConfirmModal(dialog: ConfirmDialog) {
  if (hostListening) modals.openConfirmModal(dialog);
  else waiting.push(dialog);
}

/** The host listens from now on (modals-host.tsx): opens the dialogs asked for meanwhile. */
export function confirmHostListening() {
  hostListening = true;
  for (const dialog of waiting.splice(0)) modals.openConfirmModal(dialog);
  return () => {
    hostListening = false;
  };
}
