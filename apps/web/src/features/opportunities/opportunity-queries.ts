import { queryOptions, type QueryState } from '@tanstack/react-query';
import { apiPath, OPPORTUNITIES_PATH, OPPORTUNITY_PATH, TODO_PATH } from '@portal/domain/api-paths';
import { apiGet } from '../../api/client';

// Reads use the app-wide retry (docs/product.md#limits: 5 times, 2 s apart) from the query client.
//
// The shell starts the loan list's reads before the screen's code has arrived (loan-list-route.ts),
// so this module stays free of the domain's code: the answers' schemas load with the answers.
const domain = () => import('@portal/domain');

/** docs/product.md#api: the loan list asks for 10 loans a page (the domain's OPPORTUNITIES_PAGE_SIZE). */
export const LOAN_PAGE_SIZE = 10;

/**
 * The loan list and the to-do are read again whenever the home screen opens, except just after
 * their first answer: the one the first load fetched beside the screen's code counts as that read.
 */
const freshOnlyAtFirst = ({ state }: { state: Pick<QueryState, 'dataUpdateCount'> }) =>
  state.dataUpdateCount === 1 ? 5_000 : 0;

/** docs/product.md#api: `page` with perPage=10. */
export const opportunitiesQuery = (page: number) =>
  queryOptions({
    queryKey: ['opportunities', { page }],
    queryFn: ({ signal }) =>
      apiGet(
        `${OPPORTUNITIES_PATH}?page=${page}&perPage=${LOAN_PAGE_SIZE}`,
        () => domain().then((d) => d.OpportunityListResponseSchema),
        { signal },
      ),
    staleTime: freshOnlyAtFirst,
  });

export const opportunityQuery = (opportunityKey: string) =>
  queryOptions({
    queryKey: ['opportunities', opportunityKey],
    queryFn: ({ signal }) =>
      apiGet(
        apiPath(OPPORTUNITY_PATH, { opportunityKey }),
        () => domain().then((d) => d.OpportunityResponseSchema),
        { signal },
      ).then(({ opportunity }) => opportunity),
  });

/** What needs the signed-in borrower now (their home's to-do); staff have none (403). */
export const todoQuery = () =>
  queryOptions({
    queryKey: ['todo'],
    queryFn: ({ signal }) =>
      apiGet(TODO_PATH, () => domain().then((d) => d.TodoResponseSchema), { signal }),
    staleTime: freshOnlyAtFirst,
  });
