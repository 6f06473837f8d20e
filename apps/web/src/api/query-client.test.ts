import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { createQueryClient } from './query-client';
import { sessionQueryKey } from './session';

describe('createQueryClient', () => {
  it('ends the session when any call answers 401 (docs/product.md#errors)', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(sessionQueryKey, { username: 'ACC1' });
    await queryClient
      .fetchQuery({
        queryKey: ['opportunities'],
        queryFn: () => Promise.reject(new ApiError(401, 'UNAUTHENTICATED', 'Sign in again')),
      })
      .catch(() => undefined);
    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
  });

  it('keeps the session on other failures', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(sessionQueryKey, { username: 'ACC1' });
    await queryClient
      .fetchQuery({
        queryKey: ['opportunities'],
        queryFn: () => Promise.reject(new ApiError(404, 'NOT_FOUND', 'Not found')),
      })
      .catch(() => undefined);
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual({ username: 'ACC1' });
  });
});
