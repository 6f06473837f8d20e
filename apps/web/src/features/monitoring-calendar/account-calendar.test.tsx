import { afterEach, describe, expect, it } from 'vitest';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { CalendarEntry } from '@portal/domain';
import { AppProviders } from '../../app-providers';
import { setLanguage } from '../../i18n';
import { createTestQueryClient } from '../../test/render';
import { callsTo, frequency, listMeta, stubRoutes } from '../frequencies/frequency-test-utils';
import { AccountCalendar } from './account-calendar';

// A whole screen of Mantine renders slowly in the test DOM on a busy machine; allow for it.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => setLanguage('en'));

const due: CalendarEntry = {
  collateralKey: 'COL-1',
  collateralName: 'Skyline Tower A receivables',
  accountId: 'ACC1001',
  accountName: 'Mehta Constructions',
  frequency: 1,
  month: 2,
  year: 2026,
  dueDate: '2026-03-15',
  state: 'DUE',
  daysOverdue: 0,
  frequencyKey: null,
};

const calendarPath = (page: number, overdue: boolean) =>
  `GET /api/accounts/ACC1001/calendar?page=${page}&perPage=10&overdue=${overdue}&sort=mostOverdueFirst`;
const ADD = 'POST /api/collaterals/COL-1/frequencies';

function stubCalendar() {
  return stubRoutes({
    [calendarPath(1, false)]: { status: 200, body: { periods: [due], meta: listMeta(1) } },
    [calendarPath(1, true)]: { status: 200, body: { periods: [], meta: listMeta(0) } },
    [ADD]: {
      status: 201,
      body: { frequency: frequency('F9', { frequency: 1, month: 2, year: 2026 }) },
    },
  });
}

/** Where the app is: the frequency screen's address, as the test reads it. */
function FrequencyScreen() {
  const location = useLocation();
  return <p>{`frequency screen ${location.pathname}${location.search}`}</p>;
}

/** The borrower's home calendar, with the collateral frequency screen one link away. */
function renderHome() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <AccountCalendar accountId="ACC1001" /> },
      { path: '/accounts/:accountId/collaterals', element: <FrequencyScreen /> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <AppProviders queryClient={createTestQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('AccountCalendar (the borrower’s home)', { timeout: 30_000 }, () => {
  it('adds a period and opens its documents on the collateral’s screen, with a link in the notice', async () => {
    const fetchMock = stubCalendar();
    const router = renderHome();
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Add Monthly, February 2026 of Skyline Tower A receivables',
      }),
    );
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/accounts/ACC1001/collaterals?collateral=COL-1&frequency=F9',
      ),
    );
    const [[, init]] = callsTo(fetchMock, ADD) as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ frequency: 1, month: 2, year: 2026 });
    const notice = (await screen.findByText('Frequency added')).closest('[role="alert"]')!;
    expect(within(notice as HTMLElement).getByText(/Monthly, February 2026\./)).toBeTruthy();
    expect(
      within(notice as HTMLElement)
        .getByRole('link', { name: 'Upload its documents' })
        .getAttribute('href'),
    ).toBe('/accounts/ACC1001/collaterals?collateral=COL-1&frequency=F9');
  });

  it('says where the periods are when none is overdue, as a link that turns the filter off', async () => {
    stubCalendar();
    renderHome();
    fireEvent.click(await screen.findByRole('switch', { name: 'Overdue only' }));
    expect(await screen.findByText('Nothing is overdue.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'All periods (1)' }));
    expect(
      await screen.findByRole('button', {
        name: 'Add Monthly, February 2026 of Skyline Tower A receivables',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Overdue only' })).toHaveProperty('checked', false);
  });

  it('says it in Hindi when Hindi is chosen', async () => {
    setLanguage('hi');
    stubCalendar();
    renderHome();
    fireEvent.click(await screen.findByRole('switch'));
    expect(await screen.findByText('इसके बजाय देखें:')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'सभी अवधियाँ (1)' })).toBeTruthy();
  });
});
