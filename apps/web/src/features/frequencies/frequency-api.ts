import { queryOptions } from '@tanstack/react-query';
import {
  AccountResponseSchema,
  CollateralListResponseSchema,
  CollateralResponseSchema,
  FrequencyListResponseSchema,
  FrequencyResponseSchema,
  PAGE_SIZES,
  type Collateral,
  type FrequencyCreateBody,
  type FrequencyListQuery,
  type Frequency,
} from '@portal/domain';
import {
  apiPath,
  ACCOUNT_PATH,
  COLLATERALS_PATH,
  COLLATERAL_PATH,
  FREQUENCIES_PATH,
  FREQUENCY_PATH,
} from '@portal/domain/api-paths';
import { apiGet, apiSend } from '../../api/client';
import { frequencySetRef, type DocumentSetRef } from '../documents/document-set-ref';

/** Every frequency list (per collateral and the checker lists) sits under this key, so one change refreshes them all. */
export const frequenciesRootKey = ['frequencies'] as const;

export const accountQuery = (accountId: string) =>
  queryOptions({
    queryKey: ['accounts', accountId],
    queryFn: ({ signal }) =>
      apiGet(apiPath(ACCOUNT_PATH, { accountId }), AccountResponseSchema, { signal }).then(
        ({ account }) => account,
      ),
  });

/** The largest page the API serves (docs/product.md#limits), so one read usually brings every collateral. */
const COLLATERAL_PAGE_SIZE = PAGE_SIZES[PAGE_SIZES.length - 1];

/** docs/product.md#screens: the collateral select lists every collateral of the account, so all pages are read. */
async function fetchAllCollaterals(accountId: string, signal: AbortSignal): Promise<Collateral[]> {
  const pagePath = (page: number) =>
    `${apiPath(COLLATERALS_PATH, { accountId })}?page=${page}&perPage=${COLLATERAL_PAGE_SIZE}`;
  const first = await apiGet(pagePath(1), CollateralListResponseSchema, { signal });
  const rest = await Promise.all(
    Array.from({ length: Math.max(first.meta.totalPages - 1, 0) }, (_, i) =>
      apiGet(pagePath(i + 2), CollateralListResponseSchema, { signal }),
    ),
  );
  return [first, ...rest].flatMap((answer) => answer.collaterals);
}

export const collateralsQuery = (accountId: string) =>
  queryOptions({
    queryKey: ['accounts', accountId, 'collaterals'],
    queryFn: ({ signal }) => fetchAllCollaterals(accountId, signal),
  });

const frequenciesPath = (collateralKey: string) => apiPath(FREQUENCIES_PATH, { collateralKey });

/** docs/product.md#api: `GET collaterals/{id}/frequencies/?page&perPage&sortColumn&sortOrder`. */
export const frequenciesQuery = (collateralKey: string, query: FrequencyListQuery) =>
  queryOptions({
    queryKey: [...frequenciesRootKey, 'collateral', collateralKey, query],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        page: String(query.page),
        perPage: String(query.perPage),
        sortColumn: query.sortColumn,
        sortOrder: query.sortOrder,
      });
      return apiGet(`${frequenciesPath(collateralKey)}/?${params}`, FrequencyListResponseSchema, {
        signal,
      });
    },
  });

/** docs/product.md#screens Add: a new frequency starts NOT_RAISED (docs/product.md#statuses). */
export function addFrequency(collateralKey: string, body: FrequencyCreateBody) {
  return apiSend('POST', frequenciesPath(collateralKey), body, FrequencyResponseSchema);
}

/** docs/product.md#statuses: the edit icon reopens an APPROVED frequency; the version guards against a stale row. */
export function reopenFrequency(frequency: Frequency) {
  return apiSend(
    'PUT',
    apiPath(FREQUENCY_PATH, {
      collateralKey: frequency.collateralKey,
      frequencyKey: frequency.key,
    }),
    { approvalStatus: 'NOT_RAISED', version: frequency.version },
    FrequencyResponseSchema,
  );
}

/**
 * A frequency that is not on the page (a link), read on its own for its document panel, named
 * with its collateral: the screen's own when it knows it, else the account's collateral.
 */
export async function fetchFrequencySetRef(
  collateralKey: string,
  frequencyKey: string,
  signal: AbortSignal,
  collateralName?: string,
): Promise<DocumentSetRef> {
  const { frequency } = await apiGet(
    apiPath(FREQUENCY_PATH, { collateralKey, frequencyKey }),
    FrequencyResponseSchema,
    { signal },
  );
  if (collateralName) return frequencySetRef(frequency, collateralName);
  const { collateral } = await apiGet(
    apiPath(COLLATERAL_PATH, { accountId: frequency.meta.account, collateralKey }),
    CollateralResponseSchema,
    { signal },
  );
  return frequencySetRef(frequency, collateral.collateralName);
}
