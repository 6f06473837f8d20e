import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  CheckerUnitListResponseSchema,
  UnitResponseSchema,
  type CheckerStatusFilter,
  type CheckerUnit,
  type CheckerUnitListResponse,
} from '@portal/domain';
import { apiPath, UNITS_PATH, UNIT_CHECKER_LIST_PATH, UNIT_PATH } from '@portal/domain/api-paths';
import { apiGet } from '../../api/client';
import type { ListParams } from '../../components/checker-list/list-params';
import { unitSetRef, type DocumentSetRef } from '../documents/document-set-ref';

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
