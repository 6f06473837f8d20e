import { Button, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconMailCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeadLetter } from '@portal/domain';
import { EmptyState } from '../../components/empty-state';
import { PageLoader } from '../../components/page-loader';
import { addMessages, currentLanguage, i18n, useLingui } from '../../i18n';
import { deadLettersKey, deadLettersQuery, replayDeadLetter } from './admin-queries';
import { formatWhen } from './format-when';
import { messages } from '../../i18n/messages/admin';
import scrollCue from '../../components/scroll-cue.module.css';

addMessages(messages);

/**
 * Webhooks and e-mails the outbox gave up on after a day of retries. Once the
 * cause is fixed (the CRM is back, the mail server accepts), an admin replays them.
 */
export function FailedDeliveries() {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const deadLetters = useQuery(deadLettersQuery());
  const replay = useMutation({
    mutationFn: (letter: DeadLetter) => replayDeadLetter(letter.id),
    onSuccess: (_answer, letter) =>
      notifications.show({
        color: 'green',
        title: i18n._('admin.deliveries.queued'),
        message: i18n._('admin.deliveries.queuedDetail', { topic: letter.topic }),
      }),
    onError: (error, letter) =>
      notifications.show({
        color: 'red',
        title: i18n._('admin.deliveries.notReplayed', { topic: letter.topic }),
        message: error.message,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deadLettersKey }),
  });
  const replayingId = replay.isPending ? replay.variables.id : null;

  return (
    <Stack gap="sm">
      <Title order={2}>{_('admin.deliveries.title')}</Title>
      {deadLetters.isPending ? (
        <PageLoader label={_('admin.deliveries.loading')} />
      ) : deadLetters.isError ? (
        <EmptyState
          icon={<IconAlertTriangle aria-hidden />}
          title={_('admin.deliveries.loadFailed')}
          description={deadLetters.error.message}
          action={<Button onClick={() => void deadLetters.refetch()}>{_('admin.tryAgain')}</Button>}
        />
      ) : deadLetters.data.length === 0 ? (
        <EmptyState
          icon={<IconMailCheck aria-hidden />}
          title={_('admin.deliveries.empty')}
          description={_('admin.deliveries.emptyDetail')}
        />
      ) : (
        <Table.ScrollContainer
          minWidth={820}
          type="native"
          className={scrollCue.cue}
          tabIndex={0}
          role="region"
          aria-label={_('admin.deliveries.title')}
        >
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{_('admin.deliveries.topic')}</Table.Th>
                <Table.Th>{_('admin.deliveries.key')}</Table.Th>
                <Table.Th>{_('admin.deliveries.attempts')}</Table.Th>
                <Table.Th>{_('admin.deliveries.lastError')}</Table.Th>
                <Table.Th>{_('admin.deliveries.failedAt')}</Table.Th>
                <Table.Th>{_('admin.action')}</Table.Th>
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
                    {letter.failedAt ? formatWhen(letter.failedAt, currentLanguage()) : '—'}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="default"
                      aria-label={_('admin.deliveries.replayLabel', {
                        topic: letter.topic,
                        id: letter.id,
                      })}
                      loading={replayingId === letter.id}
                      disabled={replayingId !== null && replayingId !== letter.id}
                      onClick={() => replay.mutate(letter)}
                    >
                      {_('admin.deliveries.replay')}
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
