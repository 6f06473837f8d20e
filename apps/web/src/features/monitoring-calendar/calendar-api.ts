import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  CollateralCalendarResponseSchema,
  MonitoringCalendarResponseSchema,
  type MonitoringCalendarQuery,
} from '@portal/domain';
import {
  apiPath,
  ACCOUNT_CALENDAR_PATH,
  COLLATERAL_CALENDAR_PATH,
  MONITORING_CALENDAR_PATH,
} from '@portal/domain/api-paths';
import { apiGet } from '../../api/client';
import { frequenciesRootKey } from '../frequencies/frequency-api';

/** Under the frequencies' key: adding, submitting or reviewing a frequency refreshes every calendar. */
const calendarKey = [...frequenciesRootKey, 'calendar'] as const;

export type CalendarListQuery = Pick<
  MonitoringCalendarQuery,
  'page' | 'perPage' | 'overdue' | 'sort'
>;

const listParams = (query: CalendarListQuery) =>
  new URLSearchParams({
    page: String(query.page),
    perPage: String(query.perPage),
    overdue: String(query.overdue),
    sort: query.sort,
  });

export const collateralCalendarQuery = (accountId: string, collateralKey: string) =>
  queryOptions({
    queryKey: [...calendarKey, 'collateral', collateralKey],
    queryFn: ({ signal }) =>
      apiGet(
        apiPath(COLLATERAL_CALENDAR_PATH, { accountId, collateralKey }),
        CollateralCalendarResponseSchema,
        { signal },
      ),
  });

/** One account's collaterals × periods (the borrower's home), or every account's (staff). */
export const calendarListQuery = (accountId: string | null, query: CalendarListQuery) =>
  queryOptions({
    queryKey: [...calendarKey, 'list', accountId ?? 'all', query],
    queryFn: ({ signal }) =>
      apiGet(
        `${accountId ? apiPath(ACCOUNT_CALENDAR_PATH, { accountId }) : MONITORING_CALENDAR_PATH}?${listParams(query)}`,
        MonitoringCalendarResponseSchema,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
