import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  CollateralCalendarResponseSchema,
  MonitoringCalendarResponseSchema,
  type MonitoringCalendarQuery,
} from '@portal/domain';
import { apiGet } from '../../api/client';
import { frequenciesRootKey } from '../frequencies/frequency-api';

const segment = encodeURIComponent;

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
        `/accounts/${segment(accountId)}/collaterals/${segment(collateralKey)}/calendar`,
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
        `${accountId ? `/accounts/${segment(accountId)}/calendar` : '/monitoring/calendar'}?${listParams(query)}`,
        MonitoringCalendarResponseSchema,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
