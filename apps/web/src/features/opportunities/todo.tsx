import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_TIME_ZONE,
  formatDate,
  frequencyLabel,
  unitLabel,
  type Role,
  type TodoResponse,
} from '@portal/domain';
import {
  collateralStatusPath,
  frequencyLink,
  unitLink,
  unitStatusPath,
} from '../../components/checker-list/deep-links';
import { QueryLoader } from '../../components/query-loader';
import { addMessages, currentLanguage, i18n, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/opportunities';
import { todoQuery } from './opportunity-queries';
import { loanStatementPath } from './service-requests';

addMessages(messages);

const HEADING_ID = 'todo-heading';

interface TodoGroup {
  /** Names the group in the page's ids, whatever the language. */
  id: string;
  title: string;
  /** What the user does about these, in a few words. */
  hint: string;
  count: number;
  items: { key: string; label: ReactNode; to: string }[];
  /** The whole list, when there are more than the few shown. */
  all?: string;
}

/** The to-do's groups, in the order a borrower acts on them: fix, submit, wait. */
function groupsOf(todo: TodoResponse, role: Role): TodoGroup[] {
  const groups: TodoGroup[] = [
    {
      id: 'rejected-units',
      title: i18n._('opportunities.todoRejectedUnits'),
      hint: i18n._('opportunities.todoRejectedHint'),
      count: todo.counts.rejectedUnits,
      items: todo.rejectedUnits.map((unit) => ({
        key: unit.key,
        label: unitLabel(unit, currentLanguage()),
        to: unitLink(role, unit),
      })),
      all: `${unitStatusPath(role)}?status=REJECTED`,
    },
    {
      id: 'rejected-frequencies',
      title: i18n._('opportunities.todoRejectedFrequencies'),
      hint: i18n._('opportunities.todoRejectedHint'),
      count: todo.counts.rejectedFrequencies,
      items: todo.rejectedFrequencies.map((frequency) => ({
        key: frequency.key,
        label: frequencyLabel(frequency, currentLanguage()),
        to: frequencyLink(role, frequency),
      })),
      all: `${collateralStatusPath(role)}?status=REJECTED`,
    },
    {
      id: 'units-ready-to-submit',
      title: i18n._('opportunities.todoReadyUnits'),
      hint: i18n._('opportunities.todoReadyHint'),
      count: todo.counts.readyUnits,
      items: todo.readyUnits.map((unit) => ({
        key: unit.key,
        label: unitLabel(unit, currentLanguage()),
        to: unitLink(role, unit),
      })),
      all: `${unitStatusPath(role)}?status=ALL`,
    },
    {
      id: 'frequencies-ready-to-submit',
      title: i18n._('opportunities.todoReadyFrequencies'),
      hint: i18n._('opportunities.todoReadyHint'),
      count: todo.counts.readyFrequencies,
      items: todo.readyFrequencies.map((frequency) => ({
        key: frequency.key,
        label: frequencyLabel(frequency, currentLanguage()),
        to: frequencyLink(role, frequency),
      })),
      all: `${collateralStatusPath(role)}?status=ALL`,
    },
    {
      id: 'loan-statements-requested',
      title: i18n._('opportunities.todoStatements'),
      hint: i18n._('opportunities.todoStatementsHint'),
      count: todo.counts.openLoanStatementRequests,
      items: todo.openLoanStatementRequests.map((request) => ({
        key: request.id,
        label: i18n._('opportunities.todoStatementItem', {
          loan: request.opportunityName,
          from: formatDate(request.fromDate, DEFAULT_TIME_ZONE, currentLanguage()),
          to: formatDate(request.toDate, DEFAULT_TIME_ZONE, currentLanguage()),
        }),
        to: loanStatementPath(request.opportunityKey),
      })),
    },
  ];
  return groups.filter((group) => group.count > 0);
}

/**
 * A borrower's home, above SPEC's loan table: what needs them now — rejected units and
 * frequencies to fix, sets ready to submit, statements on their way — each item a link that
 * opens its document panel.
 */
export function Todo({ role }: { role: Role }) {
  const { _ } = useLingui();
  const todo = useQuery(todoQuery());

  let body;
  if (todo.isPending) {
    body = <QueryLoader query={todo} label={_('opportunities.todoLoading')} />;
  } else if (todo.isError) {
    body = (
      <Alert color="red" title={_('opportunities.todoLoadFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{todo.error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void todo.refetch()}>
            {_('opportunities.tryAgain')}
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    const groups = groupsOf(todo.data, role);
    body =
      groups.length === 0 ? (
        <Stack gap="xs" align="center" py="md" ta="center">
          <ThemeIcon size="xl" radius="xl" variant="light" color="green" aria-hidden>
            <IconCircleCheck />
          </ThemeIcon>
          <Text fw={600}>{_('opportunities.todoNothing')}</Text>
          <Text size="sm" c="dimmed">
            {_('opportunities.todoNothingHint')}
          </Text>
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {groups.map((group) => (
            <TodoGroupCard key={group.id} group={group} />
          ))}
        </SimpleGrid>
      );
  }

  return (
    <Paper component="section" withBorder p="md" aria-labelledby={HEADING_ID}>
      <Stack gap="md">
        <Title order={2} id={HEADING_ID}>
          {_('opportunities.todoTitle')}
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}

function TodoGroupCard({ group }: { group: TodoGroup }) {
  const { _ } = useLingui();
  const headingId = `todo-${group.id}`;
  return (
    <Stack component="section" gap={6} aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId}>
        {group.title}{' '}
        <Badge variant="light" size="lg">
          {group.count}
        </Badge>
      </Title>
      <Text size="sm" c="dimmed">
        {group.hint}
      </Text>
      <Stack component="ul" gap={4} m={0} pl="md">
        {group.items.map((item) => (
          <li key={item.key}>
            <Anchor component={Link} to={item.to} style={{ overflowWrap: 'anywhere' }}>
              {item.label}
            </Anchor>
          </li>
        ))}
      </Stack>
      {group.all && group.count > group.items.length && (
        <Anchor component={Link} to={group.all} size="sm">
          {_('opportunities.todoSeeAll', { count: group.count })}
        </Anchor>
      )}
    </Stack>
  );
}
