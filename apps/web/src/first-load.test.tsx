import { lazy, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { sessionQueryKey } from './api/session';
import { AppProviders } from './app-providers';
import { PendingPage } from './components/pending-page';
import type { RouteHandle } from './route-handle';
import { preloadScreen, routes, startFirstLoad } from './router';
import { createTestQueryClient, stubApi } from './test/render';
import { demoBorrower as borrower } from './test/session-users';

describe('the first load (main.tsx)', () => {
  it('checks the session before the first render on screens that check it, and only there', async () => {
    const fetchMock = stubApi({ '/api/auth/session': { status: 200, body: { user: borrower } } });
    const queryClient = createTestQueryClient();
    await startFirstLoad(queryClient, '/opportunities');
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual(borrower);

    fetchMock.mockClear();
    await startFirstLoad(createTestQueryClient(), '/signup');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("starts the loan list's reads with its code, for a signed-in user only", () => {
    const fetchMock = stubApi({});
    const router = createMemoryRouter(routes, { initialEntries: ['/opportunities?page=2'] });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(sessionQueryKey, borrower);
    preloadScreen(router, queryClient);
    const asked = fetchMock.mock.calls.map(([path]) => String(path));
    expect(asked).toContain('/api/opportunities?page=2&perPage=10');
    expect(asked).toContain('/api/todo');

    fetchMock.mockClear();
    const signedOut = createTestQueryClient();
    signedOut.setQueryData(sessionQueryKey, null);
    preloadScreen(router, signedOut);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("starts a unit link's reads together: the list, the unit, its set and its files", async () => {
    const fetchMock = stubApi({});
    const router = createMemoryRouter(routes, {
      initialEntries: ['/unitstatus?status=REJECTED&project=PRJ-1&unit=UNIT-7'],
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(sessionQueryKey, borrower);
    preloadScreen(router, queryClient);
    await vi.waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(4));
    const asked = fetchMock.mock.calls.map(([path]) => String(path));
    expect(asked).toEqual(
      expect.arrayContaining([
        '/api/projects/all/units/all/status/REJECTED/?sort=recentlyUpdatedOnTop&perPage=10&page=1',
        '/api/projects/PRJ-1/units/UNIT-7',
        '/api/units/UNIT-7/files?perPage=50',
      ]),
    );
    // The unit is read twice: for the panel's name and slots, and for its state.
    expect(asked.filter((path) => path === '/api/projects/PRJ-1/units/UNIT-7')).toHaveLength(2);

    fetchMock.mockClear();
    const listOnly = createMemoryRouter(routes, { initialEntries: ['/checker'] });
    preloadScreen(listOnly, queryClient);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls.map(([path]) => String(path))).toEqual([
      '/api/projects/all/units/all/status/PENDING_APPROVAL/?sort=recentlyUpdatedOnTop&perPage=10&page=1',
    ]);
  });

  it("starts a frequency link's reads together: the queue, the frequency, its set and files", async () => {
    const fetchMock = stubApi({});
    const router = createMemoryRouter(routes, {
      initialEntries: ['/collateralstatus?status=ALL&collateral=COL-9&frequency=FRQ-3'],
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(sessionQueryKey, borrower);
    preloadScreen(router, queryClient);
    await vi.waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(4));
    const asked = fetchMock.mock.calls.map(([path]) => String(path));
    expect(asked).toEqual(
      expect.arrayContaining([
        '/api/collaterals/all/frequencies/all/status/ALL/?sort=recentlyUpdatedOnTop&perPage=10&page=1',
        '/api/collaterals/COL-9/frequencies/FRQ-3',
        '/api/frequencies/FRQ-3/files?perPage=50',
      ]),
    );
    expect(
      asked.filter((path) => path === '/api/collaterals/COL-9/frequencies/FRQ-3'),
    ).toHaveLength(2);
  });

  it("shows the page's heading above the loader while the page's code loads", async () => {
    stubApi({});
    const NeverLoads = lazy(() => new Promise<never>(() => {}));
    const heading: RouteHandle['heading'] = (user) => `Loans of ${user.name}`;
    const router = createMemoryRouter(
      [
        {
          element: (
            <Suspense fallback={<PendingPage />}>
              <Outlet />
            </Suspense>
          ),
          children: [{ path: 'loans', handle: { heading }, element: <NeverLoads /> }],
        },
      ],
      { initialEntries: ['/loans'] },
    );
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(sessionQueryKey, borrower);
    render(
      <AppProviders queryClient={queryClient} env="test">
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Loans of Mehta Constructions Pvt Ltd',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading…');
  });
});
