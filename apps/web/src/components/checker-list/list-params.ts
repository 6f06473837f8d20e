import { useSearchParams } from 'react-router';
import {
  CheckerSortSchema,
  DEFAULT_PAGE_SIZE,
  PageQuerySchema,
  PageSizeSchema,
  type CheckerSort,
  type PageSize,
} from '@portal/domain';

/** The server refuses longer searches (the domain's search query schema). */
export const SEARCH_MAX_LENGTH = 100;

export interface ListParams<Status extends string> {
  status: Status;
  sort: CheckerSort;
  perPage: PageSize;
  page: number;
  /** Trimmed; '' when there is none. */
  search: string;
}

export type ListParamChange<Status extends string> = Partial<
  Record<keyof ListParams<Status>, string | number>
>;

/**
 * A list screen's status filter, sort, page size, page and search live in the address, so a
 * reload, Back and a shared link keep them; anything missing or odd reads as the default.
 * `update` keeps every other parameter (such as the open item's keys); a new filter, sort,
 * size or search starts again on page 1, and typing a search does not fill the history.
 */
/** A list screen's parameters as its address gives them (useListParams). */
export function listParamsFrom<Status extends string>(
  searchParams: URLSearchParams,
  statuses: readonly Status[],
  defaultStatus: Status,
): ListParams<Status> {
  const value = (name: string) => searchParams.get(name) ?? undefined;
  return {
    status: statuses.find((status) => status === searchParams.get('status')) ?? defaultStatus,
    sort: CheckerSortSchema.safeParse(value('sort')).data ?? 'recentlyUpdatedOnTop',
    // The screens offer docs/product.md#limits's sizes, though the API serves any size up to 100.
    perPage: PageSizeSchema.safeParse(Number(value('perPage'))).data ?? DEFAULT_PAGE_SIZE,
    page: PageQuerySchema.safeParse(value('page')).data ?? 1,
    search: (searchParams.get('search') ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
  };
}

export function useListParams<Status extends string>(
  statuses: readonly Status[],
  defaultStatus: Status,
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = listParamsFrom(searchParams, statuses, defaultStatus);

  function update(changes: ListParamChange<Status>) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, change] of Object.entries(changes)) {
          if (change === '' || change === undefined) next.delete(name);
          else next.set(name, String(change));
        }
        if (changes.page === undefined) next.delete('page');
        return next;
      },
      { replace: changes.search !== undefined },
    );
  }

  return { params, update };
}
