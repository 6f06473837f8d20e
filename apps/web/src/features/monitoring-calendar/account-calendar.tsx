import { useState } from 'react';
import { Alert, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@portal/domain';
import { Pager } from '../../components/pager';
import { QueryLoader } from '../../components/query-loader';
import { addMessages, useLingui } from '../../i18n';
import { calendarListQuery } from './calendar-api';
import { AllPeriods, CalendarPeriods } from './calendar-periods';
import { messages } from '../../i18n/messages/monitoringCalendar';

addMessages(messages);

/** A page of the borrower's calendar, most overdue first; the home reads the first one too. */
export const accountCalendarQuery = (accountId: string, page = 1, overdue = false) =>
  calendarListQuery(accountId, {
    page,
    perPage: DEFAULT_PAGE_SIZE,
    overdue,
    sort: 'mostOverdueFirst',
  });

/** The borrower's home: their collaterals' expected packs, most overdue first, each added with one click. */
export function AccountCalendar({ accountId }: { accountId: string }) {
  const { _ } = useLingui();
  const [page, setPage] = useState(1);
  const [overdue, setOverdue] = useState(false);
  const calendar = useQuery(accountCalendarQuery(accountId, page, overdue));
  // Where the rest is when nothing is overdue: the unfiltered list's total, from its first page.
  const allPeriods = useQuery({
    ...accountCalendarQuery(accountId, 1, false),
    enabled: overdue && !calendar.isPlaceholderData && calendar.data?.meta.totalRecords === 0,
  });
  if (calendar.isPending)
    return <QueryLoader query={calendar} label={_('monitoringCalendar.accountLoading')} />;
  if (calendar.isError) {
    return (
      <Alert color="red" title={_('monitoringCalendar.accountLoadFailed')}>
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
        <Title order={2}>{_('monitoringCalendar.title')}</Title>
        <Switch
          label={_('monitoringCalendar.overdueOnly')}
          checked={overdue}
          onChange={(event) => {
            setOverdue(event.currentTarget.checked);
            setPage(1);
          }}
        />
      </Group>
      {periods.length === 0 ? (
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {_('monitoringCalendar.accountNothingOverdue')}
          </Text>
          <Text size="sm" component="div">
            <AllPeriods
              count={allPeriods.data?.meta.totalRecords}
              onChoose={() => {
                setOverdue(false);
                setPage(1);
              }}
              justify="flex-start"
            />
          </Text>
        </Stack>
      ) : (
        <CalendarPeriods
          periods={periods}
          caption={_('monitoringCalendar.accountCaption')}
          canAdd
          showCollateral
        />
      )}
      <Pager
        page={meta.page}
        totalPages={meta.totalPages}
        onChange={setPage}
        label={_('monitoringCalendar.pagerLabel')}
        disabled={calendar.isFetching}
      />
    </Stack>
  );
}
