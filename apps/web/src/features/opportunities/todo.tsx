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
  CollateralFileTypeSchema,
  collateralFileTypeLabel,
  DEFAULT_TIME_ZONE,
  formatDate,
  frequencyLabel,
  rejectionReasonLabel,
  UnitFileTypeSchema,
  unitFileTypeLabel,
  unitLabel,
  type Role,
  type TodoRejectedDocument,
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

/** The borrower's monitoring calendar on the same page, where every pack is listed. */
export const ACCOUNT_CALENDAR_ID = 'account-calendar';

interface TodoItem {
  key: string;
  label: ReactNode;
  /** What is owed, in a line or two under the link: how late, what was rejected and why. */
  details?: string[];
  to: string;
}

interface TodoGroup {
  /** Names the group in the page's ids, whatever the language. */
  id: string;
  title: string;
  /** What the user does about these, in a few words. */
  hint: string;
  count: number;
  items: TodoItem[];
  /** The whole list, when there are more than the few shown: a route, or `#id` on this page. */
  all?: string;
}

type Pack = TodoResponse['monitoringPacks'][number];

/** A document's name by its slot, as the panel names it. */
function documentName(kind: 'unit' | 'frequency', fileType: string): string {
  const language = currentLanguage();
  if (kind === 'unit') {
    const parsed = UnitFileTypeSchema.safeParse(fileType);
    return parsed.success ? unitFileTypeLabel(parsed.data, language) : fileType;
  }
  const parsed = CollateralFileTypeSchema.safeParse(fileType);
  return parsed.success ? collateralFileTypeLabel(parsed.data, language) : fileType;
}

/** "Customer Ledger rejected: The document cannot be read. “Page 2 is blurred”" */
function rejectedLines(kind: 'unit' | 'frequency', documents: TodoRejectedDocument[]): string[] {
  return documents.map(({ fileType, rejectionReason, approverRemarks }) => {
    const document = documentName(kind, fileType);
    const what = rejectionReason
      ? i18n._('opportunities.todoRejectedDocument', {
          document,
          reason: rejectionReasonLabel(rejectionReason, currentLanguage()),
        })
      : i18n._('opportunities.todoRejectedDocumentNoReason', { document });
    return approverRemarks ? `${what} “${approverRemarks}”` : what;
  });
}

const day = (date: string) => formatDate(date, DEFAULT_TIME_ZONE, currentLanguage());

/**
 * Where a pack is submitted: its frequency's panel once the period is added, else the
 * collateral's frequency screen, whose calendar adds the period with one click.
 */
function packLink(role: Role, pack: Pack): string {
  if (pack.frequencyKey)
    return frequencyLink(role, {
      collateralKey: pack.collateralKey,
      key: pack.frequencyKey,
      approvalStatus: 'NOT_RAISED',
    });
  const collateral = new URLSearchParams({ collateral: pack.collateralKey });
  return `/accounts/${encodeURIComponent(pack.accountId)}/collaterals?${collateral}`;
}

function packItem(role: Role, pack: Pack): TodoItem {
  const detail =
    pack.state === 'OVERDUE'
      ? i18n._('opportunities.todoPackOverdue', { days: pack.daysOverdue, date: day(pack.dueDate) })
      : i18n._('opportunities.todoPackDue', { date: day(pack.dueDate) });
  return {
    key: `${pack.collateralKey}-${pack.frequency}-${pack.month}-${pack.year}`,
    label: frequencyLabel(pack, currentLanguage()),
    details: [detail],
    to: packLink(role, pack),
  };
}

/**
 * The to-do's groups, in the order a borrower acts on them: what is late, what was rejected,
 * what is still to upload, what is ready to submit, then what waits for them.
 */
function groupsOf(todo: TodoResponse, role: Role): TodoGroup[] {
  const groups: TodoGroup[] = [
    {
      id: 'monitoring-packs',
      title: i18n._('opportunities.todoPacks'),
      hint: i18n._('opportunities.todoPacksHint', { overdue: todo.counts.overduePacks }),
      count: todo.counts.monitoringPacks,
      items: todo.monitoringPacks.map((pack) => packItem(role, pack)),
      all: `#${ACCOUNT_CALENDAR_ID}`,
    },
    {
      id: 'rejected-units',
      title: i18n._('opportunities.todoRejectedUnits'),
      hint: i18n._('opportunities.todoRejectedHint'),
      count: todo.counts.rejectedUnits,
      items: todo.rejectedUnits.map((unit) => ({
        key: unit.key,
        label: unitLabel(unit, currentLanguage()),
        details: rejectedLines('unit', unit.rejectedDocuments),
        to: unitLink(role, unit, unit.rejectedDocuments[0]?.fileType),
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
        details: rejectedLines('frequency', frequency.rejectedDocuments),
        to: frequencyLink(role, frequency, frequency.rejectedDocuments[0]?.fileType),
      })),
      all: `${collateralStatusPath(role)}?status=REJECTED`,
    },
    {
      id: 'units-to-upload',
      title: i18n._('opportunities.todoUnitsToUpload'),
      hint: i18n._('opportunities.todoUnitsToUploadHint'),
      count: todo.counts.unitsToUpload,
      items: todo.unitsToUpload.map((unit) => ({
        key: unit.key,
        label: unitLabel(unit, currentLanguage()),
        details: [
          i18n._('opportunities.todoUploadedOf', {
            filled: unit.filledSlots,
            required: unit.requiredSlots,
          }),
        ],
        // The panel opens on the first empty slot by itself.
        to: unitLink(role, unit),
      })),
      all: `${unitStatusPath(role)}?status=ALL`,
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
      id: 'noc-letters',
      title: i18n._('opportunities.todoLetters'),
      hint: i18n._('opportunities.todoLettersHint'),
      count: todo.counts.nocLetters,
      items: todo.nocLetters.map((letter) => ({
        key: letter.letterNumber,
        label: unitLabel(letter, currentLanguage()),
        details: [i18n._('opportunities.todoLetterIssued', { date: day(letter.issuedAt) })],
        // The approved unit's panel holds the letter's download.
        to: unitLink(role, {
          projectKey: letter.projectKey,
          key: letter.unitKey,
          approvalStatus: 'APPROVED',
        }),
      })),
      all: `${unitStatusPath(role)}?status=APPROVED`,
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
          from: day(request.fromDate),
          to: day(request.toDate),
        }),
        to: loanStatementPath(request.opportunityKey),
      })),
    },
  ];
  return groups.filter((group) => group.count > 0);
}

/**
 * A borrower's home, above SPEC's loan table: everything that needs them now — packs due or
 * overdue, rejected documents with their reasons, units still to upload, sets ready to submit,
 * NOC letters to download, statements on their way — each item a link that opens its document
 * panel (at the rejected slot) or the screen where it is done.
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
            {item.details?.map((detail) => (
              <Text key={detail} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {detail}
              </Text>
            ))}
          </li>
        ))}
      </Stack>
      {group.all &&
        group.count > group.items.length &&
        (group.all.startsWith('#') ? (
          // A section of this page: the browser scrolls to it.
          <Anchor href={group.all} size="sm">
            {_('opportunities.todoSeeAll', { count: group.count })}
          </Anchor>
        ) : (
          <Anchor component={Link} to={group.all} size="sm">
            {_('opportunities.todoSeeAll', { count: group.count })}
          </Anchor>
        ))}
    </Stack>
  );
}
