import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconDownload } from '@tabler/icons-react';
import { z } from 'zod';
import {
  formatDate,
  isReviewerRole,
  NocLetterResponseSchema,
  NocLetterRevokeBodySchema,
  NocLetterSchema,
  type ApprovalStatus,
  type NocLetter,
  type Role,
} from '@portal/domain';
import { ApiError, apiGet, apiSend } from '../../api/client';

const PREPARING_POLL_MS = 3000;

/** The unit's letter, or null while it is being prepared (the API answers 404 until it is stored). */
async function fetchNocLetter(unitPath: string, signal?: AbortSignal) {
  try {
    return await apiGet(`${unitPath}/noc-letter`, NocLetterResponseSchema, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

const nocLetterKey = (unitPath: string) => ['noc-letter', unitPath] as const;

/**
 * "Download NOC letter" for an approved unit: the link is fetched on the click, so it is always
 * fresh (links live 15 minutes), and a letter still being prepared says so.
 */
export function NocLetterDownloadButton({ unitPath, label }: { unitPath: string; label: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const answer = await fetchNocLetter(unitPath);
      if (answer?.meta.presignedUrl) {
        window.location.assign(answer.meta.presignedUrl);
      } else {
        notifications.show({
          color: answer ? 'red' : 'blue',
          message: answer
            ? 'This NOC letter was revoked by the lender.'
            : 'Preparing NOC letter… it will be ready in a moment; we will e-mail you too.',
        });
      }
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="light"
      size="xs"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={busy}
      aria-label={`Download NOC letter of ${label}`}
      onClick={() => void download()}
    >
      Download NOC letter
    </Button>
  );
}

/**
 * The NOC letter in an approved unit's document panel: "Preparing NOC letter…" until it is stored,
 * then its download; staff also see its number and state, and approvers and admins may revoke it.
 */
export function NocLetterActions({
  unitPath,
  status,
  role,
}: {
  unitPath: string;
  status: ApprovalStatus;
  role: Role;
}) {
  const letter = useQuery({
    queryKey: nocLetterKey(unitPath),
    queryFn: ({ signal }) => fetchNocLetter(unitPath, signal),
    enabled: status === 'APPROVED',
    refetchInterval: (query) => (query.state.data === null ? PREPARING_POLL_MS : false),
  });
  if (status !== 'APPROVED') return null;

  let content;
  if (letter.isPending) {
    content = <Loader size="sm" aria-label="Loading the NOC letter" />;
  } else if (letter.isError) {
    content = (
      <Group gap="sm">
        <Text c="red">The NOC letter could not be loaded: {letter.error.message}</Text>
        <Button size="xs" variant="default" onClick={() => void letter.refetch()}>
          Try again
        </Button>
      </Group>
    );
  } else if (letter.data === null) {
    content = (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden />
        <Text>Preparing NOC letter…</Text>
      </Group>
    );
  } else {
    content = <IssuedLetter unitPath={unitPath} role={role} letter={letter.data} />;
  }
  return (
    <Alert color="teal" variant="light" title="NOC letter">
      {content}
    </Alert>
  );
}

function IssuedLetter({
  unitPath,
  role,
  letter,
}: {
  unitPath: string;
  role: Role;
  letter: z.infer<typeof NocLetterResponseSchema>;
}) {
  const [revoking, setRevoking] = useState(false);
  const { file, meta } = letter;
  const isStaff = role !== 'client';
  return (
    <Stack gap="xs">
      {isStaff && (
        <Group gap="xs">
          <Text>
            Letter no. <strong>{file.letterNumber}</strong>
          </Text>
          <Badge color={file.state === 'REVOKED' ? 'red' : 'teal'}>{file.state}</Badge>
        </Group>
      )}
      {file.revokedAt && (
        <Text c="red">
          Revoked on {formatDate(file.revokedAt)}
          {isStaff && file.revokeReason ? `: ${file.revokeReason}` : ''}
        </Text>
      )}
      <Group gap="sm">
        {meta.presignedUrl && (
          <Button
            component="a"
            href={meta.presignedUrl}
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Download NOC letter
          </Button>
        )}
        {isReviewerRole(role) && !file.revokedAt && (
          <Button color="red" variant="outline" onClick={() => setRevoking(true)}>
            Revoke letter
          </Button>
        )}
      </Group>
      <RevokeLetterModal
        opened={revoking}
        onClose={() => setRevoking(false)}
        unitPath={unitPath}
        letter={file}
      />
    </Stack>
  );
}

function RevokeLetterModal({
  opened,
  onClose,
  unitPath,
  letter,
}: {
  opened: boolean;
  onClose: () => void;
  unitPath: string;
  letter: NocLetter;
}) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const revoke = useMutation({
    mutationFn: (body: { reason: string }) =>
      apiSend(
        'POST',
        `/noc-letters/${encodeURIComponent(letter.letterNumber)}/revoke`,
        body,
        z.object({ nocLetter: NocLetterSchema }),
      ),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: `NOC letter ${letter.letterNumber} revoked` });
      onClose();
      await queryClient.invalidateQueries({ queryKey: nocLetterKey(unitPath) });
    },
    onError: async (error) => {
      setProblem(error.message);
      await queryClient.invalidateQueries({ queryKey: nocLetterKey(unitPath) });
    },
  });
  const submit = () => {
    const parsed = NocLetterRevokeBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Give the reason for revoking the letter');
      return;
    }
    setProblem(null);
    revoke.mutate(parsed.data);
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Revoke NOC letter" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text>
            Letter {letter.letterNumber} will show as revoked to anyone who verifies it. This cannot
            be undone.
          </Text>
          <Textarea
            label="Reason"
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
              Cancel
            </Button>
            <Button type="submit" color="red" loading={revoke.isPending}>
              Revoke letter
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
