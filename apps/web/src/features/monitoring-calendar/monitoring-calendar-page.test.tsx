import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CalendarEntry, Role } from '@portal/domain';
import { setLanguage } from '../../i18n';
import { renderApp } from '../../test/render';
import { approver, listMeta, stubRoutes } from '../frequencies/frequency-test-utils';

afterEach(() => setLanguage('en'));

const overdue: CalendarEntry = {
  collateralKey: 'COL-7',
  collateralName: 'Tower A receivables',
  accountId: 'ACC1001',
  accountName: 'Mehta Constructions',
  frequency: 3,
  month: 6,
  year: 2026,
  dueDate: '2026-07-15',
  state: 'OVERDUE',
  daysOverdue: 132,
  frequencyKey: null,
};

/** The session and the staff calendar; each calendar request's query is kept for the test. */
function stubCalendarApi(role: Role, periods: CalendarEntry[] = [overdue]) {
  const asked: URLSearchParams[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    let body: unknown = { error: { code: 'NOT_FOUND', message: 'Not found' } };
    let status = 404;
    if (url.pathname === '/api/auth/session') {
      status = 200;
      body = {
        user: {
          username: 'ops@lender.example',
          email: 'ops@lender.example',
          role,
          accountKey: role === 'client' ? 'ACC1001' : null,
          name: 'Priya Nair',
        },
      };
    } else if (url.pathname === '/api/monitoring/calendar') {
      asked.push(url.searchParams);
      const shown = url.searchParams.get('overdue') === 'true' ? periods : [];
      status = 200;
      body = {
        periods: shown,
        meta: {
          count: shown.length,
          page: 1,
          perPage: 10,
          totalPages: 1,
          totalRecords: shown.length,
        },
      };
    }
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return asked;
}

describe('MonitoringCalendarPage', () => {
  it('tells a borrower the calendar is for the lender’s staff, without asking the API', async () => {
    const asked = stubCalendarApi('client');
    renderApp('/monitoring-calendar');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'For the lender’s staff' }),
    ).toBeTruthy();
    expect(asked).toHaveLength(0);
  });

  it('asks the server for overdue periods only when the switch is on, and lists them', async () => {
    const asked = stubCalendarApi('approver');
    renderApp('/monitoring-calendar');
    expect(await screen.findByText('No monitoring periods yet')).toBeTruthy();
    expect(asked.at(-1)?.get('overdue')).toBe('false');

    fireEvent.click(screen.getByRole('switch', { name: 'Overdue only' }));
    await waitFor(() => expect(asked.at(-1)?.get('overdue')).toBe('true'));
    const row = (await screen.findByText('Tower A receivables')).closest('tr')!;
    expect(within(row).getByText(/132/)).toBeTruthy();
    expect(asked.at(-1)?.get('sort')).toBe('mostOverdueFirst');
    expect(asked.at(-1)?.get('page')).toBe('1');
  });

  it('says where the periods are when none is overdue, as a link that turns the filter off', async () => {
    const calendar = (overdue: boolean) =>
      `GET /api/monitoring/calendar?page=1&perPage=10&overdue=${overdue}&sort=mostOverdueFirst`;
    const submitted = { ...overdue, state: 'SUBMITTED' as const, daysOverdue: 0 };
    stubRoutes({
      'GET /api/auth/session': { status: 200, body: { user: approver } },
      [calendar(true)]: { status: 200, body: { periods: [], meta: listMeta(0) } },
      [calendar(false)]: { status: 200, body: { periods: [submitted], meta: listMeta(1) } },
    });
    const { router } = renderApp('/monitoring-calendar?overdue=true');
    expect(await screen.findByText('Nothing is overdue')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'All periods (1)' }));
    await waitFor(() => expect(router.state.location.search).toContain('overdue=false'));
    expect(await screen.findByText('Tower A receivables')).toBeTruthy();
  });

  it('reads in Hindi when Hindi is chosen', async () => {
    setLanguage('hi');
    stubCalendarApi('approver');
    renderApp('/monitoring-calendar');
    expect(await screen.findByText('अभी कोई मॉनिटरिंग अवधि नहीं है')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'मॉनिटरिंग कैलेंडर' })).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'केवल अतिदेय' }));
    expect(await screen.findByText('1 अवधि')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'कितने दिन से अतिदेय' })).toBeTruthy();
  });
});
