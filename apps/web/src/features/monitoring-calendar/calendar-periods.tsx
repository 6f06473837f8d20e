import { useNavigate } from 'react-router';
import { Anchor, Badge, Button, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CALENDAR_STATE_COLOURS,
  calendarStateLabel,
  DEFAULT_TIME_ZONE,
  formatDate,
  type CalendarEntry,
  type CalendarState,
  type CollateralCalendarResponse,
} from '@portal/domain';
import { ApiError } from '../../api/client';
import { ElsewhereLinks } from '../../components/elsewhere-links';
import { collateralFrequencyLink, periodLabel } from '../../components/checker-list/deep-links';
import { addMessages, currentLanguage, i18n, useLingui } from '../../i18n';
import { addFrequency, frequenciesRootKey } from '../frequencies/frequency-api';
import { messages } from '../../i18n/messages/monitoringCalendar';
import scrollCue from '../../components/scroll-cue.module.css';

addMessages(messages);

/**
 * A row: a period of the calendar answers, with its collateral's key and account (a collateral's
 * own calendar leaves its name and the account's name out).
 */
export type CalendarPeriodRow = CollateralCalendarResponse['periods'][number] &
  Pick<CalendarEntry, 'collateralKey' | 'accountId'> &
  Partial<Pick<CalendarEntry, 'collateralName' | 'accountName'>>;

export function CalendarStateBadge({ state }: { state: CalendarState }) {
  return (
    <Badge color={CALENDAR_STATE_COLOURS[state]} variant="light">
      {calendarStateLabel(state, currentLanguage())}
    </Badge>
  );
}

/**
 * "Add": the period's frequency, created through the Add form's own endpoint; its document panel
 * then opens on the collateral's frequency screen, where the borrower uploads the documents. The
 * notice links there too, for a borrower who closes the panel first.
 */
function AddPeriodButton({ period }: { period: CalendarPeriodRow }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const add = useMutation({
    mutationFn: () =>
      addFrequency(period.collateralKey, {
        frequency: period.frequency,
        month: period.month,
        year: period.year,
      }),
    onSuccess: ({ frequency }) => {
      const documents = collateralFrequencyLink({ ...frequency, accountId: period.accountId });
      notifications.show({
        color: 'green',
        // Long enough to reach its link (it pauses while hovered).
        autoClose: 10_000,
        title: i18n._('monitoringCalendar.added'),
        message: (
          <>
            {i18n._('monitoringCalendar.addedMessage', { period: periodLabel(period) })}{' '}
            <Anchor
              href={documents}
              inherit
              // Told apart from the text by more than its colour (axe: link-in-text-block).
              underline="always"
              onClick={(event) => {
                event.preventDefault();
                void navigate(documents);
              }}
            >
              {i18n._('monitoringCalendar.uploadDocuments')}
            </Anchor>
          </>
        ),
      });
      void navigate(documents);
      return queryClient.invalidateQueries({ queryKey: frequenciesRootKey });
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: i18n._('monitoringCalendar.addFailed'),
        message:
          error instanceof ApiError ? error.message : i18n._('monitoringCalendar.checkConnection'),
      }),
  });
  return (
    <Button
      size="xs"
      loading={add.isPending}
      onClick={() => add.mutate()}
      aria-label={
        period.collateralName
          ? _('monitoringCalendar.addLabelOf', {
              period: periodLabel(period),
              collateral: period.collateralName,
            })
          : _('monitoringCalendar.addLabel', { period: periodLabel(period) })
      }
    >
      {_('monitoringCalendar.add')}
    </Button>
  );
}

/**
 * When the overdue filter empties the list: every period, with its count, as a link that turns
 * the filter off (the same for the borrower's home calendar).
 */
export function AllPeriods({
  count,
  onChoose,
  justify,
}: {
  count: number | undefined;
  onChoose: () => void;
  justify?: 'flex-start';
}) {
  const { _ } = useLingui();
  return (
    <ElsewhereLinks
      justify={justify}
      lead={_('monitoringCalendar.elsewhere')}
      choices={[{ value: 'all', label: _('monitoringCalendar.allPeriods'), count }]}
      onChoose={onChoose}
      none={_('monitoringCalendar.nothingOverdueHint')}
    />
  );
}

/**
 * Expected periods with their state, due date and days overdue; a borrower adds a period not yet
 * added with one click. Wide tables scroll sideways on a phone.
 */
export function CalendarPeriods({
  periods,
  caption,
  canAdd,
  showCollateral = false,
}: {
  periods: readonly CalendarPeriodRow[];
  caption: string;
  canAdd: boolean;
  showCollateral?: boolean;
}) {
  const { _ } = useLingui();
  return (
    // Focusable so keyboard users can scroll it sideways on a phone (docs/product.md#quality, axe).
    <Table.ScrollContainer
      minWidth={560}
      type="native"
      className={scrollCue.cue}
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <Table striped verticalSpacing="xs">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {showCollateral && (
              <Table.Th scope="col">{_('monitoringCalendar.columnCollateral')}</Table.Th>
            )}
            <Table.Th scope="col">{_('monitoringCalendar.columnPeriod')}</Table.Th>
            <Table.Th scope="col">{_('monitoringCalendar.columnDueDate')}</Table.Th>
            <Table.Th scope="col">{_('monitoringCalendar.columnState')}</Table.Th>
            <Table.Th scope="col">{_('monitoringCalendar.columnDaysOverdue')}</Table.Th>
            {canAdd && <Table.Th scope="col">{_('monitoringCalendar.columnAction')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {periods.map((p) => (
            <Table.Tr key={`${p.collateralKey}-${p.frequency}-${p.month}-${p.year}`}>
              {showCollateral && (
                <Table.Td>
                  <Text size="sm">{p.collateralName}</Text>
                  {p.accountName && (
                    <Text size="xs" c="dimmed">
                      {p.accountName}
                    </Text>
                  )}
                </Table.Td>
              )}
              <Table.Td>{periodLabel(p)}</Table.Td>
              <Table.Td>{formatDate(p.dueDate, DEFAULT_TIME_ZONE, currentLanguage())}</Table.Td>
              <Table.Td>
                <CalendarStateBadge state={p.state} />
              </Table.Td>
              <Table.Td>{p.daysOverdue > 0 ? p.daysOverdue : '—'}</Table.Td>
              {canAdd && (
                <Table.Td>
                  {p.frequencyKey === null ? (
                    <AddPeriodButton period={p} />
                  ) : (
                    <Text size="sm" c="dimmed">
                      {_('monitoringCalendar.alreadyAdded')}
                    </Text>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
