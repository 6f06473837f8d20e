import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  CHECKER_STATUS_FILTERS,
  CheckerUnitListResponseSchema,
  DEFAULT_CHECKER_STATUS,
  UnitResponseSchema,
  type CheckerStatusFilter,
  type CheckerUnit,
  type CheckerUnitListResponse,
} from '@portal/domain';
import { apiPath, UNITS_PATH, UNIT_CHECKER_LIST_PATH, UNIT_PATH } from '@portal/domain/api-paths';
import { apiGet } from '../../api/client';
import { freshOnlyAtFirst } from '../../api/fresh-at-first';
import { listParamsFrom, type ListParams } from '../../components/checker-list/list-params';
import { documentFilesQuery, documentParentQuery } from '../documents/document-queries';
import {
  documentSetRefKey,
  unitSetPaths,
  unitSetRef,
  type DocumentSetRef,
} from '../documents/document-set-ref';
import { preloadDocumentPanel } from '../documents/lazy-document-panel';

export type UnitListParams = ListParams<CheckerStatusFilter>;

/** One page of the listing, whichever call it came from. */
export interface UnitPage {
  units: CheckerUnit[];
  totalPages: number;
  totalRecords: number;
}

/** Every unit list is under this key, so one invalidation refreshes them all. */
export const unitListKey = ['units'] as const;

/**
 * docs/product.md#api: the unit checker list by status, sort, page and search — or, with `projectKey`, that
 * project's units, narrowed, sorted and paged the same way by the server.
 */
function fetchUnits(
  projectKey: string | undefined,
  { status, sort, perPage, page, search }: UnitListParams,
  signal: AbortSignal,
): Promise<CheckerUnitListResponse> {
  const query = new URLSearchParams({ sort, perPage: String(perPage), page: String(page) });
  if (search) query.set('search', search);
  if (projectKey) query.set('status', status);
  const path = projectKey
    ? `${apiPath(UNITS_PATH, { projectKey })}?${query}`
    : `${apiPath(UNIT_CHECKER_LIST_PATH, { status })}/?${query}`;
  return apiGet(path, CheckerUnitListResponseSchema, { signal });
}

/** One page of the listing: the checker list, or a project's units (`projectKey`). */
export const unitListingQuery = (projectKey: string | undefined, params: UnitListParams) =>
  queryOptions({
    queryKey: [...unitListKey, projectKey ? { project: projectKey } : 'by-status', params],
    queryFn: ({ signal }) => fetchUnits(projectKey, params, signal),
    select: ({ units, meta }): UnitPage => ({
      units,
      totalPages: meta.totalPages,
      totalRecords: meta.totalRecords,
    }),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: freshOnlyAtFirst,
  });

/** A unit that is not on the page (a link), read on its own for its document panel. */
export async function fetchUnitSetRef(
  projectKey: string,
  unitKey: string,
  signal: AbortSignal,
): Promise<DocumentSetRef> {
  const { unit } = await apiGet(apiPath(UNIT_PATH, { projectKey, unitKey }), UnitResponseSchema, {
    signal,
  });
  return unitSetRef(unit);
}

/**
 * The first reads of the checker list's address, started together as its code arrives (the
 * route's prefetch): the page, and for a link naming a unit (the review e-mails') that unit, its
 * set and files and the panel's code. Each would otherwise wait for the code before it: on a
 * phone on slow 4G the panel of such a link showed after 7 s, four round trips of code late.
 */
export function prefetchUnitLink(queryClient: QueryClient, searchParams: URLSearchParams) {
  const params = listParamsFrom(searchParams, CHECKER_STATUS_FILTERS, DEFAULT_CHECKER_STATUS);
  void queryClient.prefetchQuery(unitListingQuery(undefined, params));
  const project = searchParams.get('project');
  const unit = searchParams.get('unit');
  if (!project || !unit) return;
  preloadDocumentPanel();
  void queryClient.prefetchQuery({
    queryKey: documentSetRefKey('unit', { project, unit }),
    queryFn: ({ signal }) => fetchUnitSetRef(project, unit, signal),
    staleTime: Infinity,
  });
  const paths = unitSetPaths({ key: unit, projectKey: project });
  void queryClient.prefetchQuery(documentParentQuery(paths));
  void queryClient.prefetchQuery(documentFilesQuery(paths));
}
