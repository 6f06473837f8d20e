import { Alert, Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  CalendarSortSchema,
  MonitoringCalendarQuerySchema,
  type CalendarSort,
} from '@portal/domain';
import { useCurrentUser } from '../../auth/require-session';
import { EmptyState } from '../../components/empty-state';
import { NotForRole } from '../../components/not-for-role';
import { PageTitle } from '../../components/page-title';
import { Pager } from '../../components/pager';
import { QueryLoader, RetryNotice } from '../../components/query-loader';
import { Select } from '../../components/select';
import { addMessages, useLingui } from '../../i18n';
import { urlParam } from '../frequencies/url-param';
import { calendarListQuery } from './calendar-api';
import { AllPeriods, CalendarPeriods } from './calendar-periods';
import { messages } from '../../i18n/messages/monitoringCalendar';

addMessages(messages);

/** The calendar is the lender's view: a borrower who opens its address is told so at once, not shown a 403. */
export function MonitoringCalendarPage() {
  const { _ } = useLingui();
  const user = useCurrentUser();
  if (user.role === 'client') {
    return (
      <NotForRole
        title={_('monitoringCalendar.staffOnly')}
        description={_('monitoringCalendar.staffOnlyDescription')}
        homeLabel={_('monitoringCalendar.goHome')}
      />
    );
  }
  return <StaffMonitoringCalendar />;
}

/** Staff: every collateral's expected packs, overdue first, filtered, sorted and paged on the server (kept in the URL). */
function StaffMonitoringCalendar() {
  const { _ } = useLingui();
  const [searchParams, setSearchParams] = useSearchParams();
  const shape = MonitoringCalendarQuerySchema.shape;
  const query = {
    page: urlParam(shape.page, searchParams.get('page')),
    perPage: urlParam(shape.perPage, searchParams.get('perPage')),
    overdue: searchParams.get('overdue') === 'true',
    sort: urlParam(CalendarSortSchema.catch('mostOverdueFirst'), searchParams.get('sort')),
  };
  const calendar = useQuery(calendarListQuery(null, query));
  // Where the rest is when nothing is overdue: the unfiltered list's total, from its first page.
  const allPeriods = useQuery({
    ...calendarListQuery(null, { ...query, overdue: false, page: 1 }),
    enabled: query.overdue && !calendar.isPlaceholderData && calendar.data?.meta.totalRecords === 0,
  });
  const change = (next: Partial<typeof query>) => {
    const merged = { ...query, page: 1, ...next };
    setSearchParams({
      page: String(merged.page),
      perPage: String(merged.perPage),
      overdue: String(merged.overdue),
      sort: merged.sort,
    });
  };

  const sortOptions: { value: CalendarSort; label: string }[] = [
    { value: 'mostOverdueFirst', label: _('monitoringCalendar.sortMostOverdue') },
    { value: 'leastOverdueFirst', label: _('monitoringCalendar.sortLeastOverdue') },
  ];

  let body;
  if (calendar.isPending) {
    body = <QueryLoader query={calendar} label={_('monitoringCalendar.loading')} />;
  } else if (calendar.isError) {
    body = (
      <Alert color="red" title={_('monitoringCalendar.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{calendar.error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void calendar.refetch()}>
            {_('monitoringCalendar.tryAgain')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (calendar.data.periods.length === 0) {
    body = (
      <EmptyState
        title={
          query.overdue ? _('monitoringCalendar.nothingOverdue') : _('monitoringCalendar.noPeriods')
        }
        description={
          query.overdue ? (
            <AllPeriods
              count={allPeriods.data?.meta.totalRecords}
              onChoose={() => change({ overdue: false })}
            />
          ) : (
            _('monitoringCalendar.noPeriodsHint')
          )
        }
      />
    );
  } else {
    const { periods, meta } = calendar.data;
    body = (
      <>
        <CalendarPeriods
          periods={periods}
          caption={_('monitoringCalendar.periodCount', { count: meta.totalRecords })}
          canAdd={false}
          showCollateral
        />
        <Pager
          page={meta.page}
          totalPages={meta.totalPages}
          onChange={(page) => change({ page })}
          label={_('monitoringCalendar.pagerLabel')}
          disabled={calendar.isFetching}
        />
      </>
    );
  }

  return (
    <Stack gap="lg">
      <PageTitle title={_('monitoringCalendar.title')} />
      <Title order={1}>{_('monitoringCalendar.title')}</Title>
      <Group align="end" gap="md">
        <Switch
          label={_('monitoringCalendar.overdueOnly')}
          checked={query.overdue}
          onChange={(event) => change({ overdue: event.currentTarget.checked })}
        />
        <Select
          label={_('monitoringCalendar.sort')}
          data={sortOptions}
          value={query.sort}
          allowDeselect={false}
          onChange={(value) => value && change({ sort: value as CalendarSort })}
          maw={260}
        />
      </Group>
      <RetryNotice query={calendar} />
      {body}
    </Stack>
  );
}
