import { queryOptions } from '@tanstack/react-query';
import {
  CHECKER_STATUS_FILTERS,
  CheckerFrequencyListResponseSchema,
  type CheckerListQuery,
} from '@portal/domain';
import { apiGet } from '../../api/client';
import { frequenciesRootKey } from '../frequencies/frequency-api';

export type CheckerStatus = (typeof CHECKER_STATUS_FILTERS)[number];

/** SPEC §7: `GET collaterals/all/frequencies/all/status/{status}/?sort=&perPage=&page=`. */
export const checkerFrequenciesQuery = (status: CheckerStatus, query: CheckerListQuery) =>
  queryOptions({
    // Under the frequencies key, so a change on either screen refreshes both lists.
    queryKey: [...frequenciesRootKey, 'status', status, query],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        sort: query.sort,
        perPage: String(query.perPage),
        page: String(query.page),
      });
      return apiGet(
        `/collaterals/all/frequencies/all/status/${status}/?${params}`,
        CheckerFrequencyListResponseSchema,
        { signal },
      );
    },
  });
