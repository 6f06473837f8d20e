import { Badge, Button, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CALENDAR_STATE_COLOURS,
  CALENDAR_STATE_LABELS,
  FREQUENCY_LABELS,
  formatDate,
  monthLabel,
  type CalendarState,
} from '@portal/domain';
import { ApiError } from '../../api/client';
import { addFrequency, frequenciesRootKey } from '../frequencies/frequency-api';

export interface CalendarPeriodRow {
  frequency: 1 | 3;
  month: number;
  year: number;
  dueDate: string;
  state: CalendarState;
  daysOverdue: number;
  frequencyKey: string | null;
  collateralKey: string;
  collateralName?: string;
  accountName?: string;
}

export function CalendarStateBadge({ state }: { state: CalendarState }) {
  return (
    <Badge color={CALENDAR_STATE_COLOURS[state]} variant="light">
      {CALENDAR_STATE_LABELS[state]}
    </Badge>
  );
}

const periodName = (p: { frequency: 1 | 3; month: number; year: number }) =>
  `${FREQUENCY_LABELS[p.frequency]}, ${monthLabel(p.month)} ${p.year}`;

/** "Add": the period's frequency, created through the Add form's own endpoint. */
function AddPeriodButton({ period }: { period: CalendarPeriodRow }) {
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: () =>
      addFrequency(period.collateralKey, {
        frequency: period.frequency,
        month: period.month,
        year: period.year,
      }),
    onSuccess: () => {
      notifications.show({
        color: 'green',
        title: 'Frequency added',
        message: `${periodName(period)}. Upload its documents from the list.`,
      });
      return queryClient.invalidateQueries({ queryKey: frequenciesRootKey });
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: 'The frequency was not added',
        message: error instanceof ApiError ? error.message : 'Check your connection and try again.',
      }),
  });
  return (
    <Button
      size="xs"
      loading={add.isPending}
      onClick={() => add.mutate()}
      aria-label={`Add ${periodName(period)}${period.collateralName ? ` of ${period.collateralName}` : ''}`}
    >
      Add
    </Button>
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
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing="xs">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {showCollateral && <Table.Th scope="col">Collateral</Table.Th>}
            <Table.Th scope="col">Period</Table.Th>
            <Table.Th scope="col">Due date</Table.Th>
            <Table.Th scope="col">State</Table.Th>
            <Table.Th scope="col">Days overdue</Table.Th>
            {canAdd && <Table.Th scope="col">Action</Table.Th>}
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
              <Table.Td>{periodName(p)}</Table.Td>
              <Table.Td>{formatDate(p.dueDate)}</Table.Td>
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
                      Added
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
