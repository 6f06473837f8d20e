import { Text } from '@mantine/core';
import { READ_RETRY_COUNT } from '../api/client';
import { addMessages, i18n, useLingui } from '../i18n';
import { messages } from '../i18n/messages/components';
import { PageLoader } from './page-loader';

addMessages(messages);

/** What a TanStack Query result says about its retries. */
export interface RetryingQuery {
  isFetching: boolean;
  failureCount: number;
}

/**
 * docs/product.md#limits retries a failing read 5 times, 2 s apart: about 10 s in which the user would see
 * only a spinner. While a retry is under way this says which one ("Retrying, 2 of 5").
 */
export function retryProgress({ isFetching, failureCount }: RetryingQuery): string | null {
  if (!isFetching || failureCount === 0) return null;
  return i18n._('components.queryLoader.retrying', {
    attempt: Math.min(failureCount, READ_RETRY_COUNT),
    total: READ_RETRY_COUNT,
  });
}

/** The loading state of a query that has nothing to show yet, with its retry progress. */
export function QueryLoader({ query, label }: { query: RetryingQuery; label: string }) {
  useLingui(); // the retry line follows a language switch
  return <PageLoader label={label} detail={retryProgress(query)} />;
}

/**
 * For a list that keeps its last page on screen while the next one loads: a quiet line while
 * that load is being retried, so the stale page does not look current. (With nothing on screen
 * yet, QueryLoader says it instead.)
 */
export function RetryNotice({ query }: { query: RetryingQuery & { data: unknown } }) {
  const { _ } = useLingui();
  const progress = retryProgress(query);
  if (!progress || query.data === undefined) return null;
  return (
    <Text size="sm" c="dimmed" role="status">
      {_('components.queryLoader.stale', { progress })}
    </Text>
  );
}
