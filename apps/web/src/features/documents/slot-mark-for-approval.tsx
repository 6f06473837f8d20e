import { useId } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { FileResponseSchema, type DocumentFile } from '@portal/domain';
import { apiSend } from '../../api/client';
import type { DocumentSetRef } from './document-set-ref';
import { useAnnounce } from './panel-status';
import { slotMutationKey, type SlotPartProps } from './slot-upload';

interface SlotMarkForApprovalProps extends SlotPartProps {
  setRef: DocumentSetRef;
  file: DocumentFile;
}

/**
 * SPEC §4 "Mark for approval": the borrower sends this one file to a checker ahead of the set
 * (the domain's canMarkForApproval decides when).
 */
export function SlotMarkForApproval({
  setRef,
  slot,
  file,
  busy,
  onStarted,
  onFailed,
  onChanged,
}: SlotMarkForApprovalProps) {
  const hintId = useId();
  const announce = useAnnounce();
  const mark = useMutation({
    mutationKey: slotMutationKey(setRef.filesPath, slot.fileType),
    mutationFn: () =>
      apiSend(
        'PUT',
        `${setRef.filesPath}/${encodeURIComponent(file.key)}`,
        { approvalStatus: 'PENDING_APPROVAL' },
        FileResponseSchema,
      ),
    onMutate: onStarted,
    onSuccess: async () => {
      announce(`${slot.label} is marked for approval: a checker reviews it next.`);
      await onChanged();
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
        aria-label={`Mark ${slot.label} for approval`}
        aria-describedby={hintId}
      >
        Mark for approval
      </Button>
      <Text id={hintId} size="sm" c="dimmed">
        A checker reviews this one document now, ahead of the {setRef.kind}. The {setRef.kind} can
        be submitted once the checker has approved it.
      </Text>
    </Stack>
  );
}
