import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans } from '@lingui/react';
import { IconDownload } from '@tabler/icons-react';
import {
  issueText,
  isReviewerRole,
  NocLetterRevokeBodySchema,
  NocLetterRevokeResponseSchema,
  type ApprovalStatus,
  type NocLetter,
  type NocLetterResponse,
  type Role,
} from '@portal/domain';
import { apiPath, NOC_LETTER_REVOKE_PATH } from '@portal/domain/api-paths';
import { apiSend } from '../../api/client';
import { addMessages, currentLanguage, i18n, useLingui } from '../../i18n';
import { formatDay } from './attribution';
import { messages } from '../../i18n/messages/documentPanel';
import { fetchNocLetter, nocLetterKey } from './noc-letter-actions';

addMessages(messages);

const PREPARING_POLL_MS = 3000;

/**
 * The NOC letter in an approved unit's document panel: "Preparing NOC letter…" until it is stored,
 * then its download; staff also see its number and state, and approvers and admins may revoke it.
 */
export function NocLetterActions({
  nocLetterPath,
  status,
  role,
}: {
  nocLetterPath: string;
  status: ApprovalStatus;
  role: Role;
}) {
  const letter = useQuery({
    queryKey: nocLetterKey(nocLetterPath),
    queryFn: ({ signal }) => fetchNocLetter(nocLetterPath, signal),
    enabled: status === 'APPROVED',
    refetchInterval: (query) => (query.state.data === null ? PREPARING_POLL_MS : false),
  });
  const { _ } = useLingui();
  if (status !== 'APPROVED') return null;

  let content;
  if (letter.isPending) {
    content = <Loader size="sm" aria-label={_('documentPanel.noc.loading')} />;
  } else if (letter.isError) {
    content = (
      <Group gap="sm">
        <Text c="red">{_('documentPanel.noc.loadFailed', { message: letter.error.message })}</Text>
        <Button size="xs" variant="default" onClick={() => void letter.refetch()}>
          {_('documentPanel.tryAgain')}
        </Button>
      </Group>
    );
  } else if (letter.data === null) {
    content = (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden />
        <Text>{_('documentPanel.noc.preparing')}</Text>
      </Group>
    );
  } else {
    content = <IssuedLetter nocLetterPath={nocLetterPath} role={role} letter={letter.data} />;
  }
  return (
    <Alert color="teal" variant="light" title={_('documentPanel.noc.title')}>
      {content}
    </Alert>
  );
}

function IssuedLetter({
  nocLetterPath,
  role,
  letter,
}: {
  nocLetterPath: string;
  role: Role;
  letter: NocLetterResponse;
}) {
  const [revoking, setRevoking] = useState(false);
  const { _ } = useLingui();
  const { file, meta } = letter;
  const isStaff = role !== 'client';
  return (
    <Stack gap="xs">
      {isStaff && (
        <Group gap="xs">
          <Text>
            <Trans
              id="documentPanel.noc.letterNumber"
              values={{ number: file.letterNumber }}
              components={{ 0: <strong /> }}
            />
          </Text>
          <Badge color={file.state === 'REVOKED' ? 'red' : 'teal'}>{file.state}</Badge>
        </Group>
      )}
      {file.revokedAt && (
        <Text c="red">
          {isStaff && file.revokeReason
            ? _('documentPanel.noc.revokedOnBecause', {
                date: formatDay(file.revokedAt),
                reason: file.revokeReason,
              })
            : _('documentPanel.noc.revokedOn', { date: formatDay(file.revokedAt) })}
        </Text>
      )}
      <Group gap="sm">
        {meta.presignedUrl && (
          <Button
            component="a"
            href={meta.presignedUrl}
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            {_('documentEntry.nocDownload')}
          </Button>
        )}
        {isReviewerRole(role) && !file.revokedAt && (
          <Button color="red.9" variant="outline" onClick={() => setRevoking(true)}>
            {_('documentPanel.noc.revoke')}
          </Button>
        )}
      </Group>
      <RevokeLetterModal
        opened={revoking}
        onClose={() => setRevoking(false)}
        nocLetterPath={nocLetterPath}
        letter={file}
      />
    </Stack>
  );
}

function RevokeLetterModal({
  opened,
  onClose,
  nocLetterPath,
  letter,
}: {
  opened: boolean;
  onClose: () => void;
  nocLetterPath: string;
  letter: NocLetter;
}) {
  const queryClient = useQueryClient();
  const { _ } = useLingui();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const revoke = useMutation({
    mutationFn: (body: { reason: string }) =>
      apiSend(
        'POST',
        apiPath(NOC_LETTER_REVOKE_PATH, { letterNumber: letter.letterNumber }),
        body,
        NocLetterRevokeResponseSchema,
      ),
    onSuccess: async () => {
      notifications.show({
        color: 'teal',
        message: i18n._('documentPanel.noc.revoked', { number: letter.letterNumber }),
      });
      onClose();
      await queryClient.invalidateQueries({ queryKey: nocLetterKey(nocLetterPath) });
    },
    onError: async (error) => {
      setProblem(error.message);
      await queryClient.invalidateQueries({ queryKey: nocLetterKey(nocLetterPath) });
    },
  });
  const submit = () => {
    const parsed = NocLetterRevokeBodySchema.safeParse({ reason });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(
        issue ? issueText(currentLanguage(), issue) : _('documentPanel.noc.reasonMissing'),
      );
      return;
    }
    setProblem(null);
    revoke.mutate(parsed.data);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={_('documentPanel.noc.revokeTitle')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text>{_('documentPanel.noc.revokeWarning', { number: letter.letterNumber })}</Text>
          <Textarea
            label={_('documentPanel.noc.reason')}
            withAsterisk
            rows={3}
            maxLength={500}
            value={reason}
            error={problem}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {_('documentPanel.cancel')}
            </Button>
            <Button type="submit" color="red" loading={revoke.isPending}>
              {_('documentPanel.noc.revoke')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
