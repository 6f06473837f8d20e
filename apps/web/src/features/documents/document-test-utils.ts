import { vi } from 'vitest';
import type { CheckerUnit, FileEntry, Role, SessionUser } from '@portal/domain';

// Builders and a fetch stub shared by the document panel and unit listing tests.

/** A JSON answer, or raw bytes (a stored file fetched by its signed link). */
type Answer =
  | { status: number; body?: unknown }
  | { status: number; bytes: Uint8Array<ArrayBuffer>; contentType: string };
/** Keyed `METHOD /api/path?query`; a function sees the request body. */
export type Routes = Record<string, Answer | ((body: unknown) => Answer)>;

/**
 * Answers fetch by method and path. `routes` is read at call time, so a test may change an
 * answer after an action to play the server's new state. Anything else is a 404.
 */
export function stubRoutes(routes: Routes) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const route = routes[`${init?.method ?? 'GET'} ${String(input)}`];
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const answer = (typeof route === 'function' ? route(body) : route) ?? {
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'Not found' } },
    };
    if ('bytes' in answer) {
      return new Response(answer.bytes, {
        status: answer.status,
        headers: { 'Content-Type': answer.contentType },
      });
    }
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made with `method` to `path`, with their JSON bodies. */
export function callsTo(fetchMock: ReturnType<typeof stubRoutes>, method: string, path: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input) === path && (init?.method ?? 'GET') === method)
    .map(([, init]) =>
      typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    );
}

export function sessionAs(role: Role): { status: number; body: { user: SessionUser } } {
  const user: SessionUser =
    role === 'client'
      ? {
          username: 'ACC1001',
          email: 'asha@example.com',
          role,
          accountKey: 'ACC1001',
          name: 'Mehta Constructions',
        }
      : {
          username: `${role}1`,
          email: `${role}@lender.example`,
          role,
          accountKey: null,
          name: 'Priya',
        };
  return { status: 200, body: { user } };
}

const AT = '2026-03-15T06:00:00.000Z';

export function makeUnit(overrides: Partial<CheckerUnit> = {}): CheckerUnit {
  return {
    key: 'UNIT-1',
    name: 'Flat A-101',
    tower: 'A',
    floor: '1',
    unit: 'A-101',
    areaSqft: '1200',
    customerName: 'Ravi Kumar',
    maxSellingPrice: '9500000',
    baseSellingPrice: '8850000',
    totalSaleValue: '9925000.5',
    amountToBeReceived: '3325000',
    approvalStatus: 'NOT_RAISED',
    createdAt: AT,
    updatedAt: AT,
    submittedAt: null,
    canSubmit: false,
    projectKey: 'PRJ-1',
    selectedNoc: 'Final',
    version: 3,
    meta: { opportunityKey: 'OPP-1', projectKey: 'PRJ-1' },
    firstApproval: null,
    accountId: 'ACC1001',
    accountName: 'Mehta Constructions',
    opportunityKey: 'OPP-1',
    opportunityName: 'Construction Finance Baner 1',
    projectName: 'Skyline Residency 1',
    nocType: null,
    uploadedFiles: 0,
    fraudFlagCount: null,
    ...overrides,
  };
}

export function makeFile(
  fileType: string,
  overrides: Partial<FileEntry['file']> = {},
  presignedUrl: string | null = `/api/storage/${fileType}.pdf?signature=abc`,
): FileEntry {
  return {
    file: {
      key: `file-${fileType}`,
      fileName: `${fileType.toLowerCase()}.pdf`,
      fileHash: 'a'.repeat(64),
      fileType,
      size: 120,
      contentType: 'application/pdf',
      approvalStatus: 'NOT_RAISED',
      borrowerRemarks: `About ${fileType}`,
      approverRemarks: null,
      rejectionReason: null,
      uploadedBy: 'ACC1001',
      reviewedBy: null,
      reviewedAt: null,
      replacesKey: null,
      previousReview: null,
      createdAt: AT,
      updatedAt: AT,
      deletedAt: null,
      ...overrides,
    },
    meta: { presignedUrl },
  };
}

export const listAnswer = (files: FileEntry[]) => ({
  status: 200,
  body: {
    files,
    meta: { count: files.length, page: 1, perPage: 50, totalPages: 1, totalRecords: files.length },
  },
});
