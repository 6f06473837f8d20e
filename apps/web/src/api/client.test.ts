import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { stubApi } from '../test/render';
import { ApiError, apiGet, apiSend, NoContentSchema, shouldRetryRead } from './client';

const AccountSchema = z.object({ account: z.object({ name: z.string() }) });

describe('apiGet / apiSend', () => {
  it('returns the body validated by the schema', async () => {
    stubApi({ '/api/accounts/ACC1': { status: 200, body: { account: { name: 'Asha Homes' } } } });
    await expect(apiGet('/api/accounts/ACC1', AccountSchema)).resolves.toEqual({
      account: { name: 'Asha Homes' },
    });
  });

  it("throws ApiError with the server's status, code and message", async () => {
    stubApi({
      '/api/auth/signup/check': {
        status: 409,
        body: { error: { code: 'USER_EXISTS', message: 'User already exists' } },
      },
    });
    const error = await apiSend(
      'POST',
      '/api/auth/signup/check',
      { accountId: 'A1' },
      AccountSchema,
    )
      .then(() => null)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'USER_EXISTS',
      message: 'User already exists',
    });
  });

  it('sends JSON on the same origin only', async () => {
    const fetchMock = stubApi({ '/api/auth/signout': { status: 204 } });
    await apiSend('POST', '/api/auth/signout', { all: true }, NoContentSchema);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/signout',
      expect.objectContaining({
        method: 'POST',
        credentials: 'same-origin',
        body: '{"all":true}',
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    );
  });

  it('turns a network failure into status 0 with a message that says what to do', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiGet('/api/opportunities', AccountSchema)).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: expect.stringMatching(/check your internet connection/i),
    });
  });

  it('rejects an answer that does not match the schema', async () => {
    stubApi({ '/api/accounts/ACC1': { status: 200, body: { account: { name: 42 } } } });
    await expect(apiGet('/api/accounts/ACC1', AccountSchema)).rejects.toMatchObject({
      status: 200,
      code: 'INVALID_RESPONSE',
    });
  });

  it('loads a schema given as a loader only for a successful answer', async () => {
    const load = vi.fn(() => Promise.resolve(AccountSchema));
    stubApi({ '/api/accounts/ACC1': { status: 200, body: { account: { name: 'Asha Homes' } } } });
    await expect(apiGet('/api/accounts/ACC1', load)).resolves.toEqual({
      account: { name: 'Asha Homes' },
    });
    expect(load).toHaveBeenCalledTimes(1);
    load.mockClear();
    stubApi({});
    await expect(apiGet('/api/accounts/ACC2', load)).rejects.toMatchObject({ status: 404 });
    expect(load).not.toHaveBeenCalled();
  });

  it('reads a schema that could not be loaded as a network failure', async () => {
    stubApi({ '/api/accounts/ACC1': { status: 200, body: { account: { name: 'Asha Homes' } } } });
    const load = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(apiGet('/api/accounts/ACC1', load)).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
  });

  it('gives a readable error when the error body is not ours', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(apiGet('/api/opportunities', AccountSchema)).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_502',
    });
  });
});

describe('shouldRetryRead (docs/product.md#limits: 5 retries on reads)', () => {
  it('retries network failures and 5xx answers five times', () => {
    for (const status of [0, 500, 503]) {
      const error = new ApiError(status, 'X', 'x');
      expect(shouldRetryRead(0, error)).toBe(true);
      expect(shouldRetryRead(4, error)).toBe(true);
      expect(shouldRetryRead(5, error)).toBe(false);
    }
  });

  it('never retries answers that will not change', () => {
    for (const status of [400, 401, 403, 404, 409]) {
      expect(shouldRetryRead(0, new ApiError(status, 'X', 'x'))).toBe(false);
    }
    expect(shouldRetryRead(0, new Error('bug'))).toBe(false);
  });
});
