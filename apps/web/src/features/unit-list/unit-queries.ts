import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  CheckerUnitListResponseSchema,
  REQUIRED_FILE_COUNT,
  type ApprovalStatus,
  type CheckerSort,
  type CheckerUnit,
  type CheckerUnitListResponse,
  type PageSize,
} from '@portal/domain';
import { apiGet } from '../../api/client';

/** The per-project listing may also show every status at once. */
export type StatusFilter = ApprovalStatus | 'ALL';

export interface ListingParams {
  status: StatusFilter;
  sort: CheckerSort;
  perPage: PageSize;
  page: number;
}

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

/**
 * SPEC §7's project unit list pages by key only, with no status or sort, so every page is
 * read and the screen filters, sorts and pages locally. The answer keeps the list's shape.
 */
async function fetchAllProjectUnits(
  projectKey: string,
  signal: AbortSignal,
): Promise<CheckerUnitListResponse> {
  const path = (page: number) =>
    `/projects/${encodeURIComponent(projectKey)}/units?page=${page}&perPage=${WALK_PAGE_SIZE}`;
  const first = await apiGet(path(1), CheckerUnitListResponseSchema, { signal });
  const rest = await Promise.all(
    Array.from({ length: Math.max(first.meta.totalPages - 1, 0) }, (_, i) =>
      apiGet(path(i + 2), CheckerUnitListResponseSchema, { signal }),
    ),
  );
  return { units: [first, ...rest].flatMap((answer) => answer.units), meta: first.meta };
}

/** SPEC §7: the unit checker list, by status, sort and page. */
function fetchByStatus(
  { status, sort, perPage, page }: ListingParams,
  signal: AbortSignal,
): Promise<CheckerUnitListResponse> {
  return apiGet(
    `/projects/all/units/all/status/${status}/?sort=${sort}&perPage=${perPage}&page=${page}`,
    CheckerUnitListResponseSchema,
    { signal },
  );
}

/** The checker list pages on the server; a project's units (`projectKey`) are paged here. */
export const unitListingQuery = (projectKey: string | undefined, params: ListingParams) =>
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

/** The local filter, sort and page of a whole project's units. */
export function pageOfUnits(units: readonly CheckerUnit[], params: ListingParams): UnitPage {
  const matching = units.filter(
    (unit) => params.status === 'ALL' || unit.approvalStatus === params.status,
  );
  const newestFirst = params.sort === 'recentlyUpdatedOnTop';
  const sorted = matching.toSorted((a, b) => {
    const byTime = a.updatedAt.localeCompare(b.updatedAt) * (newestFirst ? -1 : 1);
    return byTime || a.key.localeCompare(b.key);
  });
  const start = (params.page - 1) * params.perPage;
  return {
    units: sorted.slice(start, start + params.perPage),
    totalPages: Math.ceil(sorted.length / params.perPage),
    totalRecords: sorted.length,
  };
}

/**
 * SPEC §4 / §9: a unit can go to the checker with all 7 documents, when not yet raised or
 * after a rejection. The list knows only the count; the server checks each file.
 */
export function looksReadyToSubmit(unit: CheckerUnit): boolean {
  return (
    unit.uploadedFiles === REQUIRED_FILE_COUNT.unit &&
    (unit.approvalStatus === 'NOT_RAISED' || unit.approvalStatus === 'REJECTED')
  );
}
