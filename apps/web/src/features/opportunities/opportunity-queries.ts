import { queryOptions } from '@tanstack/react-query';
import { apiPath, OPPORTUNITIES_PATH, OPPORTUNITY_PATH, TODO_PATH } from '@portal/domain/api-paths';
import { apiGet } from '../../api/client';
import { freshOnlyAtFirst } from '../../api/fresh-at-first';

// Reads use the app-wide retry (docs/product.md#limits: 5 times, 2 s apart) from the query client.
//
// The shell starts the loan list's reads before the screen's code has arrived (loan-list-route.ts),
// so this module stays free of the domain's code: the answers' schemas load with the answers.
const domain = () => import('@portal/domain');

/** docs/product.md#api: the loan list asks for 10 loans a page (the domain's OPPORTUNITIES_PAGE_SIZE). */
export const LOAN_PAGE_SIZE = 10;

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
