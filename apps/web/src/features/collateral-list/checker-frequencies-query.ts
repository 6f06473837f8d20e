import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  CHECKER_STATUS_FILTERS,
  CheckerFrequencyListResponseSchema,
  DEFAULT_CHECKER_STATUS,
  type CheckerStatusFilter,
} from '@portal/domain';
import { apiPath, FREQUENCY_CHECKER_LIST_PATH } from '@portal/domain/api-paths';
import { apiGet } from '../../api/client';
import { freshOnlyAtFirst } from '../../api/fresh-at-first';
import { listParamsFrom, type ListParams } from '../../components/checker-list/list-params';
import { documentFilesQuery, documentParentQuery } from '../documents/document-queries';
import { documentSetRefKey, frequencySetPaths } from '../documents/document-set-ref';
import { preloadDocumentPanel } from '../documents/lazy-document-panel';
import { fetchFrequencySetRef, frequenciesRootKey } from '../frequencies/frequency-api';

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
    staleTime: freshOnlyAtFirst,
  });

/**
 * The first reads of the collateral queue's address, started together as its code arrives (the
 * route's prefetch), as for the unit list (prefetchUnitLink): the page, and for a link naming a
 * frequency (the review e-mails') that frequency, its set and files and the panel's code.
 */
export function prefetchFrequencyLink(queryClient: QueryClient, searchParams: URLSearchParams) {
  const params = listParamsFrom(searchParams, CHECKER_STATUS_FILTERS, DEFAULT_CHECKER_STATUS);
  void queryClient.prefetchQuery(checkerFrequenciesQuery(params));
  const collateral = searchParams.get('collateral');
  const frequency = searchParams.get('frequency');
  if (!collateral || !frequency) return;
  preloadDocumentPanel();
  void queryClient.prefetchQuery({
    queryKey: documentSetRefKey('frequency', { collateral, frequency }),
    queryFn: ({ signal }) => fetchFrequencySetRef(collateral, frequency, signal),
    staleTime: Infinity,
  });
  const paths = frequencySetPaths({ key: frequency, collateralKey: collateral });
  void queryClient.prefetchQuery(documentParentQuery(paths));
  void queryClient.prefetchQuery(documentFilesQuery(paths));
}
