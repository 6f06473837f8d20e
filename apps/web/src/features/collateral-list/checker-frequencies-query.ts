import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { CheckerFrequencyListResponseSchema, type CheckerStatusFilter } from '@portal/domain';
import { apiPath, FREQUENCY_CHECKER_LIST_PATH } from '@portal/domain/api-paths';
import { apiGet } from '../../api/client';
import type { ListParams } from '../../components/checker-list/list-params';
import { frequenciesRootKey } from '../frequencies/frequency-api';

/**
 * docs/product.md#api: `GET collaterals/all/frequencies/all/status/{status}/?sort=&perPage=&page=`, with
 * the queue's search (account or collateral).
 */
export const checkerFrequenciesQuery = ({
  status,
  sort,
  perPage,
  page,
  search,
}: ListParams<CheckerStatusFilter>) =>
  queryOptions({
    // Under the frequencies key, so a change on either screen refreshes both lists.
    queryKey: [...frequenciesRootKey, 'status', { status, sort, perPage, page, search }],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ sort, perPage: String(perPage), page: String(page) });
      if (search) params.set('search', search);
      return apiGet(
        `${apiPath(FREQUENCY_CHECKER_LIST_PATH, { status })}/?${params}`,
        CheckerFrequencyListResponseSchema,
        { signal },
      );
    },
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
