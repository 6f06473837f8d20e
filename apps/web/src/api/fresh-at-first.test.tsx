import { describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { documentFilesQuery } from '../features/documents/document-queries';
import { unitSetPaths } from '../features/documents/document-set-ref';
import { createTestQueryClient, stubApi } from '../test/render';

const paths = unitSetPaths({ key: 'UNIT-7', projectKey: 'PRJ-1' });
const FILES = '/api/units/UNIT-7/files?perPage=50';
const noFiles = {
  files: [],
  meta: { count: 0, page: 1, perPage: 50, totalPages: 0, totalRecords: 0, next: null },
};

describe('a read fresh only at its first answer', () => {
  it('serves the screen that mounts just after a first load started it, then reads afresh', async () => {
    const fetchMock = stubApi({ [FILES]: { status: 200, body: noFiles } });
    const queryClient = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const filesAsked = () => fetchMock.mock.calls.filter(([path]) => String(path) === FILES);

    // The first load's prefetch, then the screen mounting on its answer: one read.
    await queryClient.prefetchQuery(documentFilesQuery(paths));
    const first = renderHook(() => useQuery(documentFilesQuery(paths)), { wrapper });
    await waitFor(() => expect(first.result.current.data).toEqual([]));
    expect(filesAsked()).toHaveLength(1);

    // A change the user makes refreshes it at once.
    await queryClient.invalidateQueries({ queryKey: documentFilesQuery(paths).queryKey });
    expect(filesAsked()).toHaveLength(2);
    first.unmount();

    // Opened again later, the screen reads afresh, however soon.
    const again = renderHook(() => useQuery(documentFilesQuery(paths)), { wrapper });
    await vi.waitFor(() => expect(filesAsked()).toHaveLength(3));
    again.unmount();
  });
});
