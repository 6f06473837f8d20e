import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import {
  finalOutcome,
  formatDate,
  STATUS_COLOURS,
  type DocumentFile,
  type FirstApproval,
  type ReviewOutcome,
} from '@portal/domain';
import { apiSend } from '../../api/client';
import { useCurrentUser } from '../../auth/require-session';
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
  /** Refetch after a step that leaves the set pending (a first approval, or its send-back). */
  onRecorded: () => Promise<void>;
}

/**
 * Four-eyes NOC release: `final` when this submit settles the set (one approver releases it, or
 * it is a rejection), `first` for the first of two approvals, `second` when one awaits its second.
 */
export type ReleaseStage = 'final' | 'first' | 'second';

export function releaseStage(parent: DocumentSetParent, outcome: ReviewOutcome): ReleaseStage {
  if (outcome === 'REJECTED' || parent.approvalsRequired !== 2) return 'final';
  return parent.firstApproval ? 'second' : 'first';
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
export function FinaliseSet(props: FinaliseSetProps) {
  const outcome = finalOutcome(props.slotFiles);
  const stage = releaseStage(props.parent, outcome);
  if (stage === 'first') return <FirstApprovalStep {...props} />;
  if (stage === 'second' && props.parent.firstApproval) {
    return <SecondApprovalStep {...props} firstApproval={props.parent.firstApproval} />;
  }
  return <FinalStep {...props} />;
}

function FinalStep({ setRef, parent, slotFiles, onFinalised, onConflict }: FinaliseSetProps) {
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

/** Four-eyes NOC release, first step: this approval is recorded and awaits a different approver. */
function FirstApprovalStep({ setRef, parent, onConflict, onRecorded }: FinaliseSetProps) {
  const approve = useMutation({
    mutationFn: () =>
      apiSend(
        'PUT',
        setRef.basePath,
        { approvalStatus: 'APPROVED', version: parent.version },
        parentAnswerSchema(setRef.kind),
      ),
    onSuccess: async () => {
      notifications.show({
        color: STATUS_COLOURS.PENDING_APPROVAL,
        message: `${setRef.title} has its first approval; a different approver must confirm it.`,
      });
      await onRecorded();
    },
    onError: (error) => {
      if (isConflict(error)) void onConflict();
    },
  });

  const confirm = () =>
    modals.openConfirmModal({
      title: `Approve the NOC of ${setRef.title}?`,
      children: (
        <Text>
          This is the first of two approvals. The unit stays pending until a different approver
          confirms it.
        </Text>
      ),
      labels: { confirm: 'Approve', cancel: 'Cancel' },
      onConfirm: () => approve.mutate(),
    });

  return (
    <Paper withBorder p="md" role="region" aria-label="Final review">
      <Stack gap="sm">
        <Text>
          Every document is approved. Releasing this unit takes two approvers: yours is the first,
          and a different approver confirms it before the unit is{' '}
          <Text component="strong" fw={700} c={`${STATUS_COLOURS.APPROVED}.9`}>
            APPROVED
          </Text>
          .
        </Text>
        {approve.isError && (
          <Alert color="red" title="Not approved">
            {documentErrorMessage(approve.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button loading={approve.isPending} onClick={confirm}>
            Approve NOC (first of two approvals)
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * Four-eyes NOC release, second step: a different approver confirms (the unit is APPROVED) or
 * sends the first approval back. The first approver sees why they can do neither.
 */
function SecondApprovalStep({
  setRef,
  parent,
  firstApproval,
  onFinalised,
  onConflict,
  onRecorded,
}: FinaliseSetProps & { firstApproval: FirstApproval }) {
  const user = useCurrentUser();
  const isFirstApprover = firstApproval.by.username === user.username;
  const onError = (error: Error) => {
    if (isConflict(error)) void onConflict();
  };
  const confirmApproval = useMutation({
    mutationFn: () =>
      apiSend(
        'PUT',
        setRef.basePath,
        { approvalStatus: 'APPROVED', version: parent.version },
        parentAnswerSchema(setRef.kind),
      ),
    onSuccess: async () => {
      notifications.show({
        color: STATUS_COLOURS.APPROVED,
        message: `${setRef.title} is APPROVED.`,
      });
      await onFinalised('APPROVED');
    },
    onError,
  });
  const sendBack = useMutation({
    mutationFn: () =>
      apiSend(
        'POST',
        `${setRef.basePath}/send-back`,
        { version: parent.version },
        parentAnswerSchema(setRef.kind),
      ),
    onSuccess: async () => {
      notifications.show({
        color: STATUS_COLOURS.PENDING_APPROVAL,
        message: `${setRef.title} is sent back for review; its first approval is withdrawn.`,
      });
      await onRecorded();
    },
    onError,
  });
  const failed = confirmApproval.error ?? sendBack.error;
  const busy = confirmApproval.isPending || sendBack.isPending;

  const askConfirm = () =>
    modals.openConfirmModal({
      title: `Confirm the approval of ${setRef.title}?`,
      children: <Text>The unit becomes APPROVED. This cannot be changed after this.</Text>,
      labels: { confirm: 'Confirm approval', cancel: 'Cancel' },
      onConfirm: () => confirmApproval.mutate(),
    });
  const askSendBack = () =>
    modals.openConfirmModal({
      title: `Send ${setRef.title} back?`,
      children: (
        <Text>
          The first approval is withdrawn and the unit stays pending for review: documents can be
          reviewed again, and it then needs two approvals again.
        </Text>
      ),
      labels: { confirm: 'Send back', cancel: 'Cancel' },
      onConfirm: () => sendBack.mutate(),
    });

  return (
    <Paper withBorder p="md" role="region" aria-label="Final review">
      <Stack gap="sm">
        <Text>
          First approved by <strong>{firstApproval.by.name}</strong> on{' '}
          <time dateTime={firstApproval.at}>{formatDate(firstApproval.at)}</time>. It awaits a
          second approval from a different approver.
        </Text>
        {isFirstApprover && (
          <Text id="second-approval-reason" c="dimmed">
            You gave the first approval, so a different approver must confirm it or send it back.
          </Text>
        )}
        {failed && (
          <Alert color="red" title="Not done">
            {documentErrorMessage(failed)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            disabled={isFirstApprover || busy}
            loading={sendBack.isPending}
            aria-describedby={isFirstApprover ? 'second-approval-reason' : undefined}
            onClick={askSendBack}
          >
            Send back
          </Button>
          <Button
            disabled={isFirstApprover || busy}
            loading={confirmApproval.isPending}
            aria-describedby={isFirstApprover ? 'second-approval-reason' : undefined}
            onClick={askConfirm}
          >
            Confirm approval
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
