import { Button, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconMailCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_TIME_ZONE, formatDate } from '@portal/domain';
import { EmptyState } from '../../components/empty-state';
import { PageLoader } from '../../components/page-loader';
import {
  deadLettersKey,
  deadLettersQuery,
  replayDeadLetter,
  type DeadLetter,
} from './admin-queries';

const TIME = new Intl.DateTimeFormat('en-IN', {
  timeZone: DEFAULT_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});

/** DESIGN §7 dates ('22 Nov 2026'), with the time: several deliveries can fail in one day. */
const formatWhen = (iso: string) => `${formatDate(iso)}, ${TIME.format(new Date(iso))}`;

/**
 * Webhooks and e-mails the outbox gave up on after a day of retries. Once the
 * cause is fixed (the CRM is back, the mail server accepts), an admin replays them.
 */
export function FailedDeliveries() {
  const queryClient = useQueryClient();
  const deadLetters = useQuery(deadLettersQuery());
  const replay = useMutation({
    mutationFn: (letter: DeadLetter) => replayDeadLetter(letter.id),
    onSuccess: (_answer, letter) =>
      notifications.show({
        color: 'green',
        title: 'Queued again',
        message: `The ${letter.topic} delivery will be sent again shortly.`,
      }),
    onError: (error, letter) =>
      notifications.show({
        color: 'red',
        title: `The ${letter.topic} delivery was not replayed`,
        message: error.message,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deadLettersKey }),
  });
  const replayingId = replay.isPending ? replay.variables.id : null;

  return (
    <Stack gap="sm">
      <Title order={2}>Failed deliveries</Title>
      {deadLetters.isPending ? (
        <PageLoader label="Loading failed deliveries…" />
      ) : deadLetters.isError ? (
        <EmptyState
          icon={<IconAlertTriangle aria-hidden />}
          title="Failed deliveries could not be loaded"
          description={deadLetters.error.message}
          action={<Button onClick={() => void deadLetters.refetch()}>Try again</Button>}
        />
      ) : deadLetters.data.length === 0 ? (
        <EmptyState
          icon={<IconMailCheck aria-hidden />}
          title="No failed deliveries"
          description="Every webhook and e-mail has gone out."
        />
      ) : (
        <Table.ScrollContainer
          minWidth={820}
          type="native"
          tabIndex={0}
          role="region"
          aria-label="Failed deliveries"
        >
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Topic</Table.Th>
                <Table.Th>Key</Table.Th>
                <Table.Th>Attempts</Table.Th>
                <Table.Th>Last error</Table.Th>
                <Table.Th>Failed at</Table.Th>
                <Table.Th>Action</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deadLetters.data.map((letter) => (
                <Table.Tr key={letter.id}>
                  <Table.Td>{letter.topic}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {letter.orderingKey ?? '—'}
                  </Table.Td>
                  <Table.Td>{letter.attempts}</Table.Td>
                  <Table.Td maw={320}>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {letter.lastError ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {letter.failedAt ? formatWhen(letter.failedAt) : '—'}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="default"
                      aria-label={`Replay ${letter.topic} delivery ${letter.id}`}
                      loading={replayingId === letter.id}
                      disabled={replayingId !== null && replayingId !== letter.id}
                      onClick={() => replay.mutate(letter)}
                    >
                      Replay
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
