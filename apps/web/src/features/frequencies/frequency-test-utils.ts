import { vi } from 'vitest';
import {
  dueDateOf,
  hasRequiredFiles,
  type CheckerFrequency,
  type Frequency,
  type SessionUser,
} from '@portal/domain';

export const client: SessionUser = {
  username: 'ACC1001',
  email: 'asha.mehta@example.com',
  role: 'client',
  accountKey: 'ACC1001',
  name: 'Mehta Constructions Pvt Ltd',
};

export const approver: SessionUser = {
  username: 'approver@lender.example',
  email: 'approver@lender.example',
  role: 'approver',
  accountKey: null,
  name: 'Priya Nair',
};

/**
 * A frequency of collateral COL-1; `hasRequiredFiles` follows the count as the API's does.
 * `canSubmit` is the API's to give (the domain rule on each file), so a test sets it.
 */
export function frequency(key: string, change: Partial<Frequency> = {}): Frequency {
  const uploadedFiles = change.uploadedFiles ?? 0;
  return {
    key,
    collateralKey: 'COL-1',
    frequency: 1,
    month: 1,
    year: 2026,
    approvalStatus: 'NOT_RAISED',
    uploadedFiles,
    hasRequiredFiles: hasRequiredFiles(uploadedFiles),
    canSubmit: false,
    submittedAt: null,
    version: 3,
    createdAt: '2026-02-01T05:00:00.000Z',
    updatedAt: '2026-02-01T05:00:00.000Z',
    meta: { collateral: 'COL-1', account: 'ACC1001' },
    dueDate: dueDateOf({ month: change.month ?? 1, year: change.year ?? 2026 }, 15),
    // As the API: a submitted pack came on time unless a test says otherwise.
    daysLate: change.submittedAt ? 0 : null,
    ...change,
  };
}

export function checkerFrequency(
  key: string,
  change: Partial<CheckerFrequency> = {},
): CheckerFrequency {
  return {
    ...frequency(key, change),
    collateralName: 'Skyline Residency — Tower A receivables',
    accountName: 'Mehta Constructions Pvt Ltd',
    fraudFlagCount: null,
    ...change,
  };
}

export function listMeta(count: number, totalPages = 1) {
  return { count, page: 1, perPage: 10, totalPages, totalRecords: count };
}

export interface Answer {
  status: number;
  body?: unknown;
}

type Route = Answer | ((body: unknown) => Answer);

/**
 * Answers fetch calls by 'METHOD /path?query' with JSON; anything else is a 404.
 * Unlike the shared stubApi it tells a POST from a GET, and an answer may look
 * at the request body.
 */
export function stubRoutes(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const route = routes[`${init?.method ?? 'GET'} ${String(input)}`];
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    const answer = (typeof route === 'function' ? route(body) : route) ?? {
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'Not found' } },
    };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made to 'METHOD /path?query'. */
export function callsTo(fetchMock: ReturnType<typeof stubRoutes>, route: string) {
  return fetchMock.mock.calls.filter(
    ([input, init]) => `${init?.method ?? 'GET'} ${String(input)}` === route,
  );
}

export const UPDATE_FAILED = {
  status: 503,
  body: { error: { code: 'UNAVAILABLE', message: 'The CRM could not be reached' } },
};
