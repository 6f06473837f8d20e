import { queryOptions } from '@tanstack/react-query';
import {
  AccountResponseSchema,
  CollateralListResponseSchema,
  FREQUENCY_LABELS,
  FrequencyBulkSubmitResponseSchema,
  FrequencyListResponseSchema,
  FrequencyResponseSchema,
  isLocked,
  monthLabel,
  PAGE_SIZES,
  REQUIRED_FILE_COUNT,
  type Collateral,
  type FrequencyCreateBody,
  type FrequencyListQuery,
  type Frequency,
} from '@portal/domain';
import { ApiError, apiGet, apiSend } from '../../api/client';

const segment = encodeURIComponent;

/** Every frequency list (per collateral and the checker lists) sits under this key, so one change refreshes them all. */
export const frequenciesRootKey = ['frequencies'] as const;

export const accountQuery = (accountId: string) =>
  queryOptions({
    queryKey: ['accounts', accountId],
    queryFn: ({ signal }) =>
      apiGet(`/accounts/${segment(accountId)}`, AccountResponseSchema, { signal }).then(
        ({ account }) => account,
      ),
  });

/** The largest page the API serves (SPEC §9), so one read usually brings every collateral. */
const COLLATERAL_PAGE_SIZE = PAGE_SIZES[PAGE_SIZES.length - 1];

/** SPEC §2: the collateral select lists every collateral of the account, so all pages are read. */
async function fetchAllCollaterals(accountId: string, signal: AbortSignal): Promise<Collateral[]> {
  const pagePath = (page: number) =>
    `/accounts/${segment(accountId)}/collaterals?page=${page}&perPage=${COLLATERAL_PAGE_SIZE}`;
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

const frequenciesPath = (collateralKey: string) =>
  `/collaterals/${segment(collateralKey)}/frequencies`;

/** SPEC §7: `GET collaterals/{id}/frequencies/?page&perPage&sortColumn&sortOrder`. */
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

/** SPEC §2 Add: a new frequency starts NOT_RAISED (SPEC §4). */
export function addFrequency(collateralKey: string, body: FrequencyCreateBody) {
  return apiSend('POST', frequenciesPath(collateralKey), body, FrequencyResponseSchema);
}

/** SPEC §4: the edit icon reopens an APPROVED frequency; the version guards against a stale row. */
export function reopenFrequency(frequency: Frequency) {
  return apiSend(
    'PUT',
    `${frequenciesPath(frequency.collateralKey)}/${segment(frequency.key)}`,
    { approvalStatus: 'NOT_RAISED', version: frequency.version },
    FrequencyResponseSchema,
  );
}

/** DESIGN §4 bulk submit: all or nothing. */
export function submitFrequencies(keys: readonly string[]) {
  return apiSend('POST', '/frequencies/submit', { keys }, FrequencyBulkSubmitResponseSchema);
}

/**
 * SPEC §4 / §9: ready to submit means exactly nine files and a frequency neither
 * pending nor approved. The list does not carry each file's status, so this is
 * the list-level view; the server checks the files and refuses the rest.
 */
export function isReadyAtListLevel(frequency: Pick<Frequency, 'uploadedFiles' | 'approvalStatus'>) {
  return (
    frequency.uploadedFiles === REQUIRED_FILE_COUNT.frequency && !isLocked(frequency.approvalStatus)
  );
}

/** 'Monthly, January 2026': how a frequency is named to screen readers and in messages. */
export function frequencyName(frequency: Pick<Frequency, 'frequency' | 'month' | 'year'>) {
  return `${FREQUENCY_LABELS[frequency.frequency]}, ${monthLabel(frequency.month)} ${frequency.year}`;
}

/** SPEC §8: the words of the popup for a frequency update the server could not pass on (503). */
export const UPDATE_FAILED_MESSAGE =
  'Sorry, something went wrong, we were unable to update data on server. Please try again';

export function isServiceUnavailable(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503;
}
