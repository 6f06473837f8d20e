import { Button, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { DocumentFile } from '@portal/domain';
import { apiSend, NoContentSchema } from '../../api/client';
import { openConfirmModal } from '../../components/confirm';
import { addMessages, i18n, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/documentPanel';
import { useAnnounce } from './panel-status';
import { slotMutationKey, type SlotPartProps } from './slot-upload';
import { filePath } from './document-set-ref';

addMessages(messages);

interface SlotDiscardProps extends SlotPartProps {
  filesPath: string;
  file: DocumentFile;
}

/**
 * The discard part of a slot (docs/product.md#validation: clients only): asks first, since the file leaves its slot
 * with any approver remarks, and points to Change, which keeps the file until its replacement
 * is in. A soft delete on the server (docs/product.md#api).
 */
export function SlotDiscard({
  filesPath,
  slot,
  file,
  busy,
  onStarted,
  onFailed,
  writes,
}: SlotDiscardProps) {
  const announce = useAnnounce();
  const { _ } = useLingui();
  const discard = useMutation({
    mutationKey: slotMutationKey(filesPath, slot.fileType),
    mutationFn: () => apiSend('DELETE', filePath(filesPath, file.key), undefined, NoContentSchema),
    onMutate: onStarted,
    onSuccess: async () => {
      announce(i18n._('documentPanel.discard.announced', { label: slot.label }));
      await writes.fileRemoved(file.key);
    },
    onError: onFailed,
  });

  const confirm = () =>
    openConfirmModal({
      title: _('documentPanel.discard.title', { label: slot.label }),
      children: (
        <Text>
          {_(
            file.approverRemarks
              ? 'documentPanel.discard.bodyWithRemarks'
              : 'documentPanel.discard.body',
            { file: file.fileName ?? _('documentPanel.discard.remarksOnlyEntry') },
          )}
        </Text>
      ),
      labels: {
        confirm: _('documentPanel.discard.button'),
        cancel: _('documentPanel.discard.keep'),
      },
      confirmProps: { color: 'red' },
      onConfirm: () => discard.mutate(),
    });

  return (
    <Button
      aria-label={_('documentPanel.discard.aria', { label: slot.label })}
      color="red"
      variant="light"
      disabled={busy}
      loading={discard.isPending}
      onClick={confirm}
    >
      {_('documentPanel.discard.button')}
    </Button>
  );
}
