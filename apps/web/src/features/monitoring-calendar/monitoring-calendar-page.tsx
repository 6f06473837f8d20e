import { Alert, Button, Group, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconShieldLock } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import {
  CalendarSortSchema,
  MonitoringCalendarQuerySchema,
  type CalendarSort,
} from '@portal/domain';
import { homePathFor } from '../../api/session';
import { useCurrentUser } from '../../auth/require-session';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { Pager } from '../../components/pager';
import { QueryLoader, RetryNotice } from '../../components/query-loader';
import { urlParam } from '../frequencies/url-param';
import { calendarListQuery } from './calendar-api';
import { CalendarPeriods } from './calendar-periods';

const TITLE = 'Monitoring calendar';
const SORT_OPTIONS: { value: CalendarSort; label: string }[] = [
  { value: 'mostOverdueFirst', label: 'Most days overdue first' },
  { value: 'leastOverdueFirst', label: 'Fewest days overdue first' },
];

/** The calendar is the lender's view: a borrower who opens its address is told so at once, not shown a 403. */
export function MonitoringCalendarPage() {
  const user = useCurrentUser();
  if (user.role === 'client') {
    return (
      <>
        <PageTitle title="For the lender’s staff" />
        <EmptyState
          headingOrder={1}
          icon={<IconShieldLock aria-hidden />}
          title="For the lender’s staff"
          description="The monitoring calendar of every borrower is for the lender’s checkers. Your own monitoring periods are on your collateral’s page."
          action={
            <Button component={Link} to={homePathFor(user)} variant="default">
              Go to your home page
            </Button>
          }
        />
      </>
    );
  }
  return <StaffMonitoringCalendar />;
}

/** Staff: every collateral's expected packs, overdue first, filtered, sorted and paged on the server (kept in the URL). */
function StaffMonitoringCalendar() {
  const [searchParams, setSearchParams] = useSearchParams();
  const shape = MonitoringCalendarQuerySchema.shape;
  const query = {
    page: urlParam(shape.page, searchParams.get('page')),
    perPage: urlParam(shape.perPage, searchParams.get('perPage')),
    overdue: searchParams.get('overdue') === 'true',
    sort: urlParam(CalendarSortSchema.catch('mostOverdueFirst'), searchParams.get('sort')),
  };
  const calendar = useQuery(calendarListQuery(null, query));
  const change = (next: Partial<typeof query>) => {
    const merged = { ...query, page: 1, ...next };
    setSearchParams({
      page: String(merged.page),
      perPage: String(merged.perPage),
      overdue: String(merged.overdue),
      sort: merged.sort,
    });
  };

  let body;
  if (calendar.isPending) {
    body = <QueryLoader query={calendar} label="Loading the monitoring calendar…" />;
  } else if (calendar.isError) {
    body = (
      <Alert color="red" title="The monitoring calendar could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{calendar.error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void calendar.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (calendar.data.periods.length === 0) {
    body = (
      <EmptyState
        title={query.overdue ? 'Nothing is overdue' : 'No monitoring periods yet'}
        description={
          query.overdue
            ? 'Every pack past its due date has been submitted.'
            : 'Periods appear once the lender’s import gives collaterals a monitoring frequency.'
        }
      />
    );
  } else {
    const { periods, meta } = calendar.data;
    body = (
      <>
        <CalendarPeriods
          periods={periods}
          caption={`${meta.totalRecords} period${meta.totalRecords === 1 ? '' : 's'}`}
          canAdd={false}
          showCollateral
        />
        <Pager
          page={meta.page}
          totalPages={meta.totalPages}
          onChange={(page) => change({ page })}
          label="Monitoring calendar pages"
          disabled={calendar.isFetching}
        />
      </>
    );
  }

  return (
    <Stack gap="lg">
      <PageTitle title={TITLE} />
      <Title order={1}>{TITLE}</Title>
      <Group align="end" gap="md">
        <Switch
          label="Overdue only"
          checked={query.overdue}
          onChange={(event) => change({ overdue: event.currentTarget.checked })}
        />
        <Select
          label="Sort"
          data={SORT_OPTIONS}
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
