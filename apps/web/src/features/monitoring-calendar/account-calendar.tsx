import { useState } from 'react';
import { Alert, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@portal/domain';
import { Pager } from '../../components/pager';
import { QueryLoader } from '../../components/query-loader';
import { calendarListQuery } from './calendar-api';
import { CalendarPeriods } from './calendar-periods';

/** The borrower's home: their collaterals' expected packs, most overdue first, each added with one click. */
export function AccountCalendar({ accountId }: { accountId: string }) {
  const [page, setPage] = useState(1);
  const [overdue, setOverdue] = useState(false);
  const calendar = useQuery(
    calendarListQuery(accountId, {
      page,
      perPage: DEFAULT_PAGE_SIZE,
      overdue,
      sort: 'mostOverdueFirst',
    }),
  );
  if (calendar.isPending)
    return <QueryLoader query={calendar} label="Loading your monitoring calendar…" />;
  if (calendar.isError) {
    return (
      <Alert color="red" title="Your monitoring calendar could not be loaded">
        {calendar.error.message}
      </Alert>
    );
  }
  const { periods, meta } = calendar.data;
  // Accounts whose collaterals have no calendar see nothing of it.
  if (meta.totalRecords === 0 && !overdue) return null;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2}>Monitoring calendar</Title>
        <Switch
          label="Overdue only"
          checked={overdue}
          onChange={(event) => {
            setOverdue(event.currentTarget.checked);
            setPage(1);
          }}
        />
      </Group>
      {periods.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing is overdue.
        </Text>
      ) : (
        <CalendarPeriods
          periods={periods}
          caption="Monitoring packs of your collaterals, most overdue first"
          canAdd
          showCollateral
        />
      )}
      <Pager
        page={meta.page}
        totalPages={meta.totalPages}
        onChange={setPage}
        label="Monitoring calendar pages"
        disabled={calendar.isFetching}
      />
    </Stack>
  );
}
