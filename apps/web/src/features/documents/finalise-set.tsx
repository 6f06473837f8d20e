import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { Trans } from '@lingui/react';
import {
  finalOutcome,
  nocReleaseStep,
  STATUS_COLOURS,
  type DocumentFile,
  type FirstApproval,
  type ReviewOutcome,
  unitCheckerLabel,
} from '@portal/domain';
import { apiSend } from '../../api/client';
import { useCurrentUser } from '../../auth/require-session';
import { openConfirmModal } from '../../components/confirm';
import { addMessages, currentLanguage, i18n, useLingui } from '../../i18n';
import { formatDay } from './attribution';
import type { DocumentSetRef } from './document-set-ref';
import { parentAnswerSchema, type DocumentSetParent } from './document-queries';
import { messages } from '../../i18n/messages/documentPanel';
import { documentErrorMessage, isConflict } from './upload';

addMessages(messages);

interface FinaliseSetProps {
  setRef: DocumentSetRef;
  parent: DocumentSetParent;
  /** The files in the set's slots, every one reviewed (the domain's canFinalise holds). */
  slotFiles: readonly DocumentFile[];
  /** With the set as the finalise answered it. */
  onFinalised: (outcome: ReviewOutcome, parent: DocumentSetParent) => Promise<void>;
  /** Refetch after a 409: the set changed meanwhile. */
  onConflict: () => Promise<void>;
  /** A step that leaves the set pending (a first approval, or its send-back), as answered. */
  onRecorded: (parent: DocumentSetParent) => Promise<void>;
}

/** An outcome as the status badges name it, in the screens' language ("APPROVED" in English). */
const outcomeLabel = (outcome: ReviewOutcome) =>
  unitCheckerLabel(outcome, false, currentLanguage());

/** "This unit will be REJECTED: 1 document rejected". */
export function outcomeSentence(
  kind: DocumentSetRef['kind'],
  slotFiles: readonly DocumentFile[],
): string {
  const outcome = finalOutcome(slotFiles);
  const rejected = slotFiles.filter((file) => file.approvalStatus === 'REJECTED').length;
  const why =
    outcome === 'REJECTED'
      ? i18n._('documentPanel.finalise.rejectedCount', { count: rejected })
      : i18n._('documentPanel.finalise.allApproved', { count: slotFiles.length });
  return i18n._('documentPanel.finalise.outcome', { kind, outcome: outcomeLabel(outcome), why });
}

/**
 * docs/product.md#screens, #statuses: once every document is reviewed, the checker's Submit finalises the set, after a
 * confirmation that shows the outcome. The outcome is computed as the server computes it:
 * APPROVED unless a document was REJECTED.
 */
export function FinaliseSet(props: FinaliseSetProps) {
  const outcome = finalOutcome(props.slotFiles);
  // Four-eyes NOC release: the step the server will take, by the domain's rule.
  const { firstApproval, approvalsRequired } = props.parent;
  const step = nocReleaseStep(outcome, Boolean(firstApproval), approvalsRequired === 2);
  if (step === 'firstApproval') return <FirstApprovalStep {...props} />;
  if (step === 'confirmation' && props.parent.firstApproval) {
    return <SecondApprovalStep {...props} firstApproval={props.parent.firstApproval} />;
  }
  return <FinalStep {...props} />;
}

function FinalStep({ setRef, parent, slotFiles, onFinalised, onConflict }: FinaliseSetProps) {
  const outcome = finalOutcome(slotFiles);
  const sentence = outcomeSentence(setRef.kind, slotFiles);
  const { _ } = useLingui();
  const finalise = useMutation({
    mutationFn: () =>
      apiSend(
        'PUT',
        setRef.basePath,
        { approvalStatus: outcome, version: parent.version },
        parentAnswerSchema(setRef.kind),
      ),
    onSuccess: async (finalised) => {
      notifications.show({
        color: STATUS_COLOURS[outcome],
        message: i18n._('documentPanel.finalise.done', {
          title: setRef.title,
          outcome: outcomeLabel(outcome),
        }),
      });
      await onFinalised(outcome, finalised);
    },
    onError: (error) => {
      if (isConflict(error)) void onConflict();
    },
  });

  const confirm = () =>
    openConfirmModal({
      title: _('documentPanel.finalise.confirmTitle', { title: setRef.title }),
      children: <Text>{_('documentPanel.finalise.confirmBody', { sentence })}</Text>,
      labels: { confirm: _('documentPanel.finalise.submit'), cancel: _('documentPanel.cancel') },
      onConfirm: () => finalise.mutate(),
    });

  return (
    <Paper withBorder p="md" role="region" aria-label={_('documentPanel.finalise.region')}>
      <Stack gap="sm">
        <Text>
          <Trans
            id={
              outcome === 'REJECTED'
                ? 'documentPanel.finalise.explainRejected'
                : 'documentPanel.finalise.explain'
            }
            values={{ kind: setRef.kind, outcome: outcomeLabel(outcome) }}
            components={{
              0: <Text component="strong" fw={700} c={`${STATUS_COLOURS[outcome]}.9`} />,
            }}
          />
        </Text>
        {finalise.isError && (
          <Alert color="red" title={_('documentPanel.submit.failed')}>
            {documentErrorMessage(finalise.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button loading={finalise.isPending} onClick={confirm}>
            {_('documentPanel.finalise.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Four-eyes NOC release, first step: this approval is recorded and awaits a different approver. */
function FirstApprovalStep({ setRef, parent, onConflict, onRecorded }: FinaliseSetProps) {
  const { _ } = useLingui();
  const approve = useMutation({
    mutationFn: () =>
      apiSend(
        'PUT',
        setRef.basePath,
        { approvalStatus: 'APPROVED', version: parent.version },
        parentAnswerSchema(setRef.kind),
      ),
    onSuccess: async (recorded) => {
      notifications.show({
        color: STATUS_COLOURS.PENDING_APPROVAL,
        message: i18n._('documentPanel.first.recorded', { title: setRef.title }),
      });
      await onRecorded(recorded);
    },
    onError: (error) => {
      if (isConflict(error)) void onConflict();
    },
  });

  const confirm = () =>
    openConfirmModal({
      title: _('documentPanel.first.confirmTitle', { title: setRef.title }),
      children: <Text>{_('documentPanel.first.confirmBody')}</Text>,
      labels: { confirm: _('documentPanel.finalise.approve'), cancel: _('documentPanel.cancel') },
      onConfirm: () => approve.mutate(),
    });

  return (
    <Paper withBorder p="md" role="region" aria-label={_('documentPanel.finalise.region')}>
      <Stack gap="sm">
        <Text>
          <Trans
            id="documentPanel.first.explain"
            values={{ approved: outcomeLabel('APPROVED') }}
            components={{
              0: <Text component="strong" fw={700} c={`${STATUS_COLOURS.APPROVED}.9`} />,
            }}
          />
        </Text>
        {approve.isError && (
          <Alert color="red" title={_('documentPanel.finalise.notApproved')}>
            {documentErrorMessage(approve.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button loading={approve.isPending} onClick={confirm}>
            {_('documentPanel.first.button')}
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
  const { _ } = useLingui();
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
    onSuccess: async (confirmed) => {
      notifications.show({
        color: STATUS_COLOURS.APPROVED,
        message: i18n._('documentPanel.finalise.done', {
          title: setRef.title,
          outcome: outcomeLabel('APPROVED'),
        }),
      });
      await onFinalised('APPROVED', confirmed);
    },
    onError,
  });
  const sendBack = useMutation({
    mutationFn: () =>
      apiSend(
        'POST',
        // Four-eyes NOC release is a unit's, which has this path.
        setRef.sendBackPath!,
        { version: parent.version },
        parentAnswerSchema(setRef.kind),
      ),
    onSuccess: async (sentBack) => {
      notifications.show({
        color: STATUS_COLOURS.PENDING_APPROVAL,
        message: i18n._('documentPanel.second.sentBack', { title: setRef.title }),
      });
      await onRecorded(sentBack);
    },
    onError,
  });
  const failed = confirmApproval.error ?? sendBack.error;
  const busy = confirmApproval.isPending || sendBack.isPending;

  const askConfirm = () =>
    openConfirmModal({
      title: _('documentPanel.second.confirmTitle', { title: setRef.title }),
      children: (
        <Text>{_('documentPanel.second.confirmBody', { approved: outcomeLabel('APPROVED') })}</Text>
      ),
      labels: { confirm: _('documentPanel.second.confirm'), cancel: _('documentPanel.cancel') },
      onConfirm: () => confirmApproval.mutate(),
    });
  const askSendBack = () =>
    openConfirmModal({
      title: _('documentPanel.second.sendBackTitle', { title: setRef.title }),
      children: <Text>{_('documentPanel.second.sendBackBody')}</Text>,
      labels: { confirm: _('documentPanel.second.sendBack'), cancel: _('documentPanel.cancel') },
      onConfirm: () => sendBack.mutate(),
    });

  return (
    <Paper withBorder p="md" role="region" aria-label={_('documentPanel.finalise.region')}>
      <Stack gap="sm">
        <Text>
          <Trans
            id="documentPanel.second.explain"
            values={{ name: firstApproval.by.name, date: formatDay(firstApproval.at) }}
            components={{ 0: <strong />, 1: <time dateTime={firstApproval.at} /> }}
          />
        </Text>
        {isFirstApprover && (
          <Text id="second-approval-reason" c="dimmed">
            {_('documentPanel.second.youGaveFirst')}
          </Text>
        )}
        {failed && (
          <Alert color="red" title={_('documentPanel.finalise.notDone')}>
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
            {_('documentPanel.second.sendBack')}
          </Button>
          <Button
            disabled={isFirstApprover || busy}
            loading={confirmApproval.isPending}
            aria-describedby={isFirstApprover ? 'second-approval-reason' : undefined}
            onClick={askConfirm}
          >
            {_('documentPanel.second.confirm')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
