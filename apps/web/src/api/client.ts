import { currentLanguage } from '../i18n';

/** docs/product.md#api: every error body is `{ error: { code, message } }`. */
function errorOf(body: unknown): { code: string; message: string } | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const { error } = body;
  return typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    'message' in error &&
    typeof error.code === 'string' &&
    typeof error.message === 'string'
    ? { code: error.code, message: error.message }
    : null;
}

/** A failed call. `status` 0 means the server was never reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/** Checks an answer; the domain's zod schemas are ones. */
export interface AnswerCheck<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/**
 * What an answer is checked against: a check, or a loader of one that runs only for a
 * successful answer. The client itself does not load zod, so the sign-in page, whose session
 * check a signed-out visitor fails, loads neither zod nor the domain's schemas.
 */
export type AnswerSchema<T> = AnswerCheck<T> | (() => Promise<AnswerCheck<T>>);

/** For calls answered with 204 No Content, such as sign-out. */
export const NoContentSchema: AnswerCheck<undefined> = {
  safeParse: (data) => (data === undefined ? { success: true, data } : { success: false }),
};

type Method = 'POST' | 'PUT' | 'DELETE';

interface RequestOptions {
  /** TanStack Query passes one so an abandoned read is cancelled. */
  signal?: AbortSignal;
}

export function apiGet<T>(
  path: string,
  schema: AnswerSchema<T>,
  options: RequestOptions = {},
): Promise<T> {
  return request('GET', path, undefined, schema, options);
}

export function apiSend<T>(
  method: Method,
  path: string,
  body: unknown,
  schema: AnswerSchema<T>,
  options: RequestOptions = {},
): Promise<T> {
  return request(method, path, body, schema, options);
}

async function request<T>(
  method: 'GET' | Method,
  path: string,
  body: unknown,
  schema: AnswerSchema<T>,
  { signal }: RequestOptions,
): Promise<T> {
  const hasBody = body !== undefined;
  let response: Response;
  try {
    // The browser talks to its own origin; every path is one of the domain's (api-paths.ts).
    response = await fetch(path, {
      method,
      // The session is an httpOnly cookie (docs/product.md#roles); never send it elsewhere.
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        // The server words its messages in the language the screens are in.
        'Accept-Language': currentLanguage(),
        ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
      },
      body: hasBody ? JSON.stringify(body) : undefined,
      signal,
    });
  } catch (error) {
    // A cancelled read is not a failure; let the caller's abort handling see it.
    if (signal?.aborted) throw error;
    throw networkError();
  }

  if (!response.ok) throw await errorFromResponse(response);

  const data: unknown = response.status === 204 ? undefined : await readJson(response);
  const parsed = (await loadCheck(schema)).safeParse(data);
  if (!parsed.success) {
    throw new ApiError(
      response.status,
      'INVALID_RESPONSE',
      'The server sent an answer this page does not understand. Please reload and try again.',
    );
  }
  return parsed.data;
}

/** The server or the app's own code could not be fetched. */
export function networkError(): ApiError {
  return new ApiError(
    0,
    'NETWORK_ERROR',
    'Could not reach the server. Check your internet connection and try again.',
  );
}

async function loadCheck<T>(schema: AnswerSchema<T>): Promise<AnswerCheck<T>> {
  if (typeof schema !== 'function') return schema;
  try {
    return await schema();
  } catch {
    // The schemas' code could not be fetched: a network failure like any other.
    throw networkError();
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  const error = errorOf(await readJson(response));
  if (error) return new ApiError(response.status, error.code, error.message);
  // A proxy or crash page rather than our API: say so in words the user can act on.
  return new ApiError(
    response.status,
    `HTTP_${response.status}`,
    'Something went wrong on the server. Please try again in a moment.',
  );
}

/** docs/product.md#errors: a write the server could not pass on to the lender's systems (HTTP 503). */
export function isServiceUnavailable(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503;
}

/** docs/product.md#limits: reads are retried 5 times, 2000 ms apart. */
export const READ_RETRY_COUNT = 5;
export const READ_RETRY_DELAY_MS = 2000;

/**
 * TanStack Query `retry` for reads: only when retrying can help — the network
 * failed or the server had a 5xx — never for 4xx answers, which will not change.
 */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  return (
    failureCount < READ_RETRY_COUNT &&
    error instanceof ApiError &&
    (error.status === 0 || error.status >= 500)
  );
}
