import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@portal/domain';
import { setLanguage } from '../i18n';
import { ApiError, READ_RETRY_DELAY_MS, shouldRetryRead } from './client';
import { sessionQueryKey } from './session';

/**
 * One client for the app. A 401 from any call means the session ended (expired,
 * revoked, user disabled): docs/product.md#errors signs the user out, so the session is cleared
 * and the route guard sends them to sign in, keeping the page to come back to.
 */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => endSessionOn401(error) }),
    mutationCache: new MutationCache({ onError: (error) => endSessionOn401(error) }),
    defaultOptions: {
      queries: { retry: shouldRetryRead, retryDelay: READ_RETRY_DELAY_MS },
      // Writes are not idempotent; the user retries them deliberately.
      mutations: { retry: false },
    },
  });

  function endSessionOn401(error: unknown) {
    if (error instanceof ApiError && error.status === 401) {
      queryClient.setQueryData(sessionQueryKey, null);
    }
  }

  // The screens follow the language the signed-in user saved, on whichever browser they sign in:
  // from the session check and from a sign-in's answer alike.
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryKey[0] !== sessionQueryKey[0]) return;
    const user = event.query.state.data as SessionUser | null | undefined;
    if (user?.language) void setLanguage(user.language);
  });

  return queryClient;
}
