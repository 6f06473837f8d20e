import { queryOptions } from '@tanstack/react-query';
import {
  OPPORTUNITIES_PAGE_SIZE,
  OpportunityListResponseSchema,
  OpportunityResponseSchema,
  TodoResponseSchema,
} from '@portal/domain';
import { apiGet } from '../../api/client';

// Reads use the app-wide retry (SPEC §9: 5 times, 2 s apart) from the query client.

/** SPEC §7: `page` with perPage=10. */
export const opportunitiesQuery = (page: number) =>
  queryOptions({
    queryKey: ['opportunities', { page }],
    queryFn: ({ signal }) =>
      apiGet(
        `/opportunities?page=${page}&perPage=${OPPORTUNITIES_PAGE_SIZE}`,
        OpportunityListResponseSchema,
        { signal },
      ),
  });

export const opportunityQuery = (opportunityKey: string) =>
  queryOptions({
    queryKey: ['opportunities', opportunityKey],
    queryFn: ({ signal }) =>
      apiGet(`/opportunities/${encodeURIComponent(opportunityKey)}`, OpportunityResponseSchema, {
        signal,
      }).then(({ opportunity }) => opportunity),
  });

/** What needs the signed-in borrower now (their home's to-do); staff have none (403). */
export const todoQuery = () =>
  queryOptions({
    queryKey: ['todo'],
    queryFn: ({ signal }) => apiGet('/todo', TodoResponseSchema, { signal }),
  });
