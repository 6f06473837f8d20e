import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation } from '@tanstack/react-query';
import type { DocumentFile } from '@portal/domain';
import { apiSend, NoContentSchema } from '../../api/client';
import { useAnnounce } from './panel-status';
import { slotMutationKey, type SlotPartProps } from './slot-upload';

interface SlotDiscardProps extends SlotPartProps {
  filesPath: string;
  file: DocumentFile;
}

/**
 * The discard part of a slot (SPEC §5: clients only): asks first, since the file leaves its slot
 * with any approver remarks, and points to Change, which keeps the file until its replacement
 * is in. A soft delete on the server (DESIGN §4).
 */
export function SlotDiscard({
  filesPath,
  slot,
  file,
  busy,
  onStarted,
  onFailed,
  onChanged,
}: SlotDiscardProps) {
  const announce = useAnnounce();
  const discard = useMutation({
    mutationKey: slotMutationKey(filesPath, slot.fileType),
    mutationFn: () =>
      apiSend('DELETE', `${filesPath}/${encodeURIComponent(file.key)}`, undefined, NoContentSchema),
    onMutate: onStarted,
    onSuccess: async () => {
      announce(`${slot.label} discarded.`);
      await onChanged();
    },
    onError: onFailed,
  });

  const confirm = () =>
    modals.openConfirmModal({
      title: `Discard ${slot.label}?`,
      children: (
        <Text>
          {file.fileName ?? 'The remarks-only entry'} leaves this slot
          {file.approverRemarks ? ", and the approver's remarks with it" : ''}. To send a better
          file instead, use Change: it keeps this one until the new file is uploaded.
        </Text>
      ),
      labels: { confirm: 'Discard', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => discard.mutate(),
    });

  return (
    <Button
      aria-label={`Discard ${slot.label}`}
      color="red"
      variant="light"
      disabled={busy}
      loading={discard.isPending}
      onClick={confirm}
    >
      Discard
    </Button>
  );
}
