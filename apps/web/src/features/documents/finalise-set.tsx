import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import {
  finalOutcome,
  STATUS_COLOURS,
  type DocumentFile,
  type ReviewOutcome,
} from '@portal/domain';
import { apiSend } from '../../api/client';
import type { DocumentSetRef } from './document-set-ref';
import { parentAnswerSchema, type DocumentSetParent } from './document-queries';
import { documentErrorMessage, isConflict } from './upload';

interface FinaliseSetProps {
  setRef: DocumentSetRef;
  parent: DocumentSetParent;
  /** The files in the set's slots, every one reviewed (the domain's canFinalise holds). */
  slotFiles: readonly DocumentFile[];
  onFinalised: (outcome: ReviewOutcome) => Promise<void>;
  /** Refetch after a 409: the set changed meanwhile. */
  onConflict: () => Promise<void>;
}

/** "This unit will be REJECTED: 1 document rejected". */
export function outcomeSentence(
  kind: DocumentSetRef['kind'],
  slotFiles: readonly DocumentFile[],
): string {
  const outcome = finalOutcome(slotFiles);
  const rejected = slotFiles.filter((file) => file.approvalStatus === 'REJECTED').length;
  const why =
    outcome === 'REJECTED'
      ? `${rejected} ${rejected === 1 ? 'document' : 'documents'} rejected`
      : `all ${slotFiles.length} documents approved`;
  return `This ${kind} will be ${outcome}: ${why}`;
}

/**
 * SPEC §2 / §4: once every document is reviewed, the checker's Submit finalises the set, after a
 * confirmation that shows the outcome. The outcome is computed as the server computes it:
 * APPROVED unless a document was REJECTED.
 */
export function FinaliseSet({
  setRef,
  parent,
  slotFiles,
  onFinalised,
  onConflict,
}: FinaliseSetProps) {
  const outcome = finalOutcome(slotFiles);
  const sentence = outcomeSentence(setRef.kind, slotFiles);
  const finalise = useMutation({
    mutationFn: () =>
      apiSend(
        'PUT',
        setRef.basePath,
        { approvalStatus: outcome, version: parent.version },
        parentAnswerSchema(setRef.kind),
      ),
    onSuccess: async () => {
      notifications.show({
        color: STATUS_COLOURS[outcome],
        message: `${setRef.title} is ${outcome}.`,
      });
      await onFinalised(outcome);
    },
    onError: (error) => {
      if (isConflict(error)) void onConflict();
    },
  });

  const confirm = () =>
    modals.openConfirmModal({
      title: `Submit the review of ${setRef.title}?`,
      children: <Text>{sentence}. Decisions cannot be changed after this.</Text>,
      labels: { confirm: 'Submit', cancel: 'Cancel' },
      onConfirm: () => finalise.mutate(),
    });

  return (
    <Paper withBorder p="md" role="region" aria-label="Final review">
      <Stack gap="sm">
        <Text>
          Every document is reviewed. Submitting makes this {setRef.kind}{' '}
          <Text component="strong" fw={700} c={`${STATUS_COLOURS[outcome]}.9`}>
            {outcome}
          </Text>
          {outcome === 'REJECTED' ? ', because a document was rejected.' : '.'}
        </Text>
        {finalise.isError && (
          <Alert color="red" title="Not submitted">
            {documentErrorMessage(finalise.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button loading={finalise.isPending} onClick={confirm}>
            Submit
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
