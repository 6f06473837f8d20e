import { useId } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { FileResponseSchema, type DocumentFile } from '@portal/domain';
import { apiSend } from '../../api/client';
import { addMessages, i18n, useLingui } from '../../i18n';
import { filePath, type DocumentSetRef } from './document-set-ref';
import { messages } from '../../i18n/messages/documentPanel';
import { useAnnounce } from './panel-status';
import { slotMutationKey, type SlotPartProps } from './slot-upload';

addMessages(messages);

interface SlotMarkForApprovalProps extends SlotPartProps {
  setRef: DocumentSetRef;
  file: DocumentFile;
}

/**
 * docs/product.md#statuses "Mark for approval": the borrower sends this one file to a checker ahead of the set
 * (the domain's canMarkForApproval decides when).
 */
export function SlotMarkForApproval({
  setRef,
  slot,
  file,
  busy,
  onStarted,
  onFailed,
  writes,
}: SlotMarkForApprovalProps) {
  const hintId = useId();
  const announce = useAnnounce();
  const { _ } = useLingui();
  const mark = useMutation({
    mutationKey: slotMutationKey(setRef.filesPath, slot.fileType),
    mutationFn: () =>
      apiSend(
        'PUT',
        filePath(setRef.filesPath, file.key),
        { approvalStatus: 'PENDING_APPROVAL' },
        FileResponseSchema,
      ),
    onMutate: onStarted,
    onSuccess: async (marked) => {
      announce(i18n._('documentPanel.mark.announced', { label: slot.label }));
      await writes.fileChanged(marked);
    },
    onError: onFailed,
  });

  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="light"
        disabled={busy}
        loading={mark.isPending}
        onClick={() => mark.mutate()}
        aria-label={_('documentPanel.mark.aria', { label: slot.label })}
        aria-describedby={hintId}
      >
        {_('documentPanel.mark.button')}
      </Button>
      <Text id={hintId} size="sm" c="dimmed">
        {_('documentPanel.mark.hint', { kind: setRef.kind })}
      </Text>
    </Stack>
  );
}
