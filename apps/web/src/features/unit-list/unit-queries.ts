import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  CheckerUnitListResponseSchema,
  UnitResponseSchema,
  type CheckerSort,
  type CheckerStatusFilter,
  type CheckerUnit,
  type CheckerUnitListResponse,
} from '@portal/domain';
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

/** The largest page the API serves (SPEC §9). */
const WALK_PAGE_SIZE = 50;

const segment = encodeURIComponent;

/**
 * SPEC §7's project unit list pages by key only, with no status or sort, so every page is
 * read and the screen filters, sorts and pages locally. The answer keeps the list's shape.
 */
async function fetchAllProjectUnits(
  projectKey: string,
  signal: AbortSignal,
): Promise<CheckerUnitListResponse> {
  const path = (page: number) =>
    `/projects/${segment(projectKey)}/units?page=${page}&perPage=${WALK_PAGE_SIZE}`;
  const first = await apiGet(path(1), CheckerUnitListResponseSchema, { signal });
  const rest = await Promise.all(
    Array.from({ length: Math.max(first.meta.totalPages - 1, 0) }, (_, i) =>
      apiGet(path(i + 2), CheckerUnitListResponseSchema, { signal }),
    ),
  );
  return { units: [first, ...rest].flatMap((answer) => answer.units), meta: first.meta };
}

/** SPEC §7: the unit checker list, by status, sort, page and search. */
function fetchByStatus(
  { status, sort, perPage, page, search }: UnitListParams,
  signal: AbortSignal,
): Promise<CheckerUnitListResponse> {
  const query = new URLSearchParams({ sort, perPage: String(perPage), page: String(page) });
  if (search) query.set('search', search);
  return apiGet(
    `/projects/all/units/all/status/${status}/?${query}`,
    CheckerUnitListResponseSchema,
    { signal },
  );
}

/** The checker list pages on the server; a project's units (`projectKey`) are paged here. */
export const unitListingQuery = (projectKey: string | undefined, params: UnitListParams) =>
  queryOptions({
    queryKey: projectKey
      ? [...unitListKey, 'project', projectKey]
      : [...unitListKey, 'by-status', params],
    queryFn: ({ signal }) =>
      projectKey ? fetchAllProjectUnits(projectKey, signal) : fetchByStatus(params, signal),
    select: ({ units, meta }): UnitPage =>
      projectKey
        ? pageOfUnits(units, params)
        : { units, totalPages: meta.totalPages, totalRecords: meta.totalRecords },
    // The previous page stays on screen while the next one loads; another project's never does.
    placeholderData: projectKey ? undefined : keepPreviousData,
  });

/** Oldest submission first, never-submitted last: the queue worked by age. */
function byLongestWaiting(a: CheckerUnit, b: CheckerUnit): number {
  if (a.submittedAt === b.submittedAt) return 0;
  if (a.submittedAt === null) return 1;
  if (b.submittedAt === null) return -1;
  return a.submittedAt.localeCompare(b.submittedAt);
}

function comparator(sort: CheckerSort) {
  return (a: CheckerUnit, b: CheckerUnit) => {
    const order =
      sort === 'longestWaitingOnTop'
        ? byLongestWaiting(a, b)
        : a.updatedAt.localeCompare(b.updatedAt) * (sort === 'recentlyUpdatedOnTop' ? -1 : 1);
    return order || a.key.localeCompare(b.key);
  };
}

/** The local filter, sort and page of a whole project's units. */
export function pageOfUnits(units: readonly CheckerUnit[], params: UnitListParams): UnitPage {
  const matching = units.filter(
    (unit) => params.status === 'ALL' || unit.approvalStatus === params.status,
  );
  const sorted = matching.toSorted(comparator(params.sort));
  const start = (params.page - 1) * params.perPage;
  return {
    units: sorted.slice(start, start + params.perPage),
    totalPages: Math.ceil(sorted.length / params.perPage),
    totalRecords: sorted.length,
  };
}

/** A unit that is not on the page (a link), read on its own for its document panel. */
export async function fetchUnitSetRef(
  projectKey: string,
  unitKey: string,
  signal: AbortSignal,
): Promise<DocumentSetRef> {
  const { unit } = await apiGet(
    `/projects/${segment(projectKey)}/units/${segment(unitKey)}`,
    UnitResponseSchema,
    { signal },
  );
  return unitSetRef(unit);
}
