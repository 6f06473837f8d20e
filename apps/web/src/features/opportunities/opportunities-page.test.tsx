import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Opportunity, SessionUser } from '@portal/domain';
import { READ_RETRY_COUNT, shouldRetryRead } from '../../api/client';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app-providers';
import { routes } from '../../router';
import { setLanguage } from '../../i18n';
import { renderApp, stubApi } from '../../test/render';

const client: SessionUser = {
  username: 'ACC1001',
  email: 'asha.mehta@example.com',
  role: 'client',
  accountKey: 'ACC1001',
  name: 'Mehta Constructions Pvt Ltd',
};

function loan(n: number): Opportunity {
  return {
    key: `OPP-${n}`,
    id: `OPP-${n}`,
    accountId: 'ACC1001',
    accountName: 'Mehta Constructions Pvt Ltd',
    name: `Construction Finance ${n}`,
    sanctionAmount: '250000000.00',
    peakExposure: '189750000.50',
    currentFace: '1234.5',
  };
}

const NOTHING_TO_DO = {
  rejectedUnits: [],
  readyUnits: [],
  rejectedFrequencies: [],
  readyFrequencies: [],
  openLoanStatementRequests: [],
  counts: {
    rejectedUnits: 0,
    readyUnits: 0,
    rejectedFrequencies: 0,
    readyFrequencies: 0,
    openLoanStatementRequests: 0,
  },
};

const session = {
  '/api/auth/session': { status: 200, body: { user: client } },
  '/api/todo': { status: 200, body: NOTHING_TO_DO },
};

function listAnswer(opportunities: Opportunity[], page: number, totalRecords: number) {
  const totalPages = Math.ceil(totalRecords / 10);
  return {
    status: 200,
    body: {
      opportunities,
      meta: {
        count: opportunities.length,
        page,
        perPage: 10,
        totalPages,
        totalRecords,
        next: page < totalPages ? String(page + 1) : null,
      },
    },
  };
}

function withLoans(count = 2) {
  const loans = Array.from({ length: count }, (_, i) => loan(i + 1));
  return stubApi({
    ...session,
    '/api/opportunities?page=1&perPage=10': listAnswer(loans, 1, count),
  });
}

/**
 * Two loans, with the calls under `path` held back until `answer` is given their response;
 * `answered` is the stub that answers every other call.
 */
function holdBack(path: string) {
  const answered = withLoans(2);
  let answer: (response: Response) => void = () => {};
  const held = new Promise<Response>((resolve) => (answer = resolve));
  vi.stubGlobal('fetch', (input: RequestInfo | URL) =>
    String(input).startsWith(path) ? held : answered(input),
  );
  return { answered, answer };
}

afterEach(() => setLanguage('en'));

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
const getButton = (n: number) =>
  screen.getByRole('button', { name: `Get: Construction Finance ${n}` });

async function chooseRequest(n: number, request: string) {
  fireEvent.click(
    screen.getByRole('combobox', {
      name: `Service/Miscellaneous Request for Construction Finance ${n}`,
    }),
  );
  fireEvent.click(await screen.findByRole('option', { name: request }));
}

describe('OpportunitiesPage (docs/product.md#screens opportunity list)', () => {
  it("heads the list with the account's name and counts its loans", async () => {
    stubApi({
      ...session,
      '/api/opportunities?page=1&perPage=10': listAnswer([loan(1)], 1, 12),
    });
    renderApp('/opportunities');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mehta Constructions Pvt Ltd' }),
    ).toBeTruthy();
    // The frame shows the heading while the page's code loads; the page keeps it in place.
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Account Information' }),
    ).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await screen.findByText('No. of loans:')).toBeTruthy();
    expect(screen.getByText('No. of loans:').parentElement?.textContent).toContain('12');
  });

  it('shows money with the rupee sign, Indian grouping and two decimals', async () => {
    withLoans(1);
    renderApp('/opportunities');
    await screen.findByText('Construction Finance 1');
    const cells = within(row('Construction Finance 1')).getAllByRole('cell');
    const texts = cells.map((cell) => cell.textContent);
    expect(texts).toContain('₹25,00,00,000.00');
    expect(texts).toContain('₹18,97,50,000.50');
    expect(texts).toContain('₹1,234.50');
  });

  it('enables Get only on the selected row once a request is chosen there', async () => {
    withLoans(2);
    renderApp('/opportunities');
    await screen.findByText('Construction Finance 1');
    expect(getButton(1)).toHaveProperty('disabled', true);
    expect(getButton(2)).toHaveProperty('disabled', true);

    // Selecting a row is not enough …
    fireEvent.click(screen.getByRole('radio', { name: 'Select Construction Finance 2' }));
    expect(getButton(2)).toHaveProperty('disabled', true);

    // … a request chosen on another row selects that row instead.
    await chooseRequest(1, 'Request NOC');
    expect(screen.getByRole('radio', { name: 'Select Construction Finance 1' })).toHaveProperty(
      'checked',
      true,
    );
    expect(getButton(1)).toHaveProperty('disabled', false);
    expect(getButton(2)).toHaveProperty('disabled', true);

    // Moving the selection away disables the first row's Get again.
    fireEvent.click(screen.getByRole('radio', { name: 'Select Construction Finance 2' }));
    expect(getButton(1)).toHaveProperty('disabled', true);
    expect(getButton(2)).toHaveProperty('disabled', true);
  });

  it.each([
    ['Request NOC', '/opportunities/OPP-2/projects'],
    ['Upload Credit Monitoring Data', '/accounts/ACC1001/collaterals'],
    ['Request Loan Statement', '/opportunities/OPP-2/loan-statement-requests'],
  ])('Get with %s goes to %s', async (request, path) => {
    withLoans(2);
    const { router } = renderApp('/opportunities');
    await screen.findByText('Construction Finance 2');
    await chooseRequest(2, request);
    fireEvent.click(getButton(2));
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
  });

  it('shows one card per loan on a phone, with the same controls', async () => {
    // Every media query matches, as on a phone; the shared setup restores matchMedia after.
    vi.stubGlobal('matchMedia', (media: string) => ({
      matches: true,
      media,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    withLoans(2);
    const { router } = renderApp('/opportunities');
    const cards = within(await screen.findByRole('list', { name: 'Your loans' })).getAllByRole(
      'listitem',
    );
    expect(cards).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
    expect(cards[0]?.textContent).toContain('₹25,00,00,000.00');
    await chooseRequest(1, 'Request Loan Statement');
    fireEvent.click(getButton(1));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/opportunities/OPP-1/loan-statement-requests'),
    );
  });

  it('pages with Previous and Next, keeping the page in the address', async () => {
    const fetchMock = stubApi({
      ...session,
      '/api/opportunities?page=1&perPage=10': listAnswer(
        Array.from({ length: 10 }, (_, i) => loan(i + 1)),
        1,
        12,
      ),
      '/api/opportunities?page=2&perPage=10': listAnswer([loan(11), loan(12)], 2, 12),
    });
    const { router } = renderApp('/opportunities');
    await screen.findByText('Construction Finance 10');
    const pages = screen.getByRole('navigation', { name: 'Loan pages' });
    expect(within(pages).getByRole('button', { name: 'Previous' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Construction Finance 12')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/opportunities?page=2&perPage=10',
      expect.anything(),
    );
    expect(screen.queryByText('Construction Finance 1')).toBeNull();
  });

  it('opens at the page named in the address', async () => {
    stubApi({
      ...session,
      '/api/opportunities?page=2&perPage=10': listAnswer([loan(11)], 2, 11),
    });
    renderApp('/opportunities?page=2');
    expect(await screen.findByText('Construction Finance 11')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('keeps the list in its frame, with an announced loading state, until the loans arrive', async () => {
    const { answered, answer } = holdBack('/api/opportunities');
    renderApp('/opportunities');
    const loading = await screen.findByText('Loading your loans…');
    expect(loading.closest('[role="status"]')).not.toBeNull();
    // The frame is only a picture of the table: no empty table for screen readers.
    expect(screen.queryByRole('table')).toBeNull();

    answer(await answered('/api/opportunities?page=1&perPage=10'));
    expect(await screen.findByRole('table', { name: 'Your loans' })).toBeTruthy();
    expect(screen.getByText('Construction Finance 2')).toBeTruthy();
    expect(screen.queryByText('Loading your loans…')).toBeNull();
  });

  it('shows the sections below the heading together once the to-do and calendar answer, so the loans are never pushed down', async () => {
    const { answered, answer } = holdBack('/api/accounts/ACC1001/calendar');
    renderApp('/opportunities');
    expect(await screen.findByText('Looking for what needs you…')).toBeTruthy();
    // The loans have answered, but nothing sits below the heading until the calendar has.
    await waitFor(() =>
      expect(answered).toHaveBeenCalledWith('/api/opportunities?page=1&perPage=10'),
    );
    expect(screen.queryByRole('heading', { name: 'What needs you' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Account Information' })).toBeNull();

    answer(
      new Response(
        JSON.stringify({
          periods: [],
          meta: { count: 0, page: 1, perPage: 10, totalPages: 0, totalRecords: 0, next: null },
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      ),
    );
    expect(await screen.findByRole('heading', { name: 'What needs you' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Account Information' })).toBeTruthy();
    expect(await screen.findByText('Construction Finance 2')).toBeTruthy();
    expect(screen.queryByText('Looking for what needs you…')).toBeNull();
  });

  it('says so when there are no loans', async () => {
    stubApi({ ...session, '/api/opportunities?page=1&perPage=10': listAnswer([], 1, 0) });
    renderApp('/opportunities');
    expect(await screen.findByText('No loans yet')).toBeTruthy();
  });

  it('shows the retries, then the generic error popup once, when the loans cannot be loaded', async () => {
    stubApi({
      ...session,
      '/api/opportunities?page=1&perPage=10': {
        status: 503,
        body: { error: { code: 'DEPENDENCY_DOWN', message: 'Database unavailable.' } },
      },
    });
    // The app's own retry (docs/product.md#limits: 5 times), only quicker than 2 s apart.
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({
      queries: { retry: shouldRetryRead, retryDelay: 150 },
      mutations: { retry: false },
    });
    render(
      <AppProviders queryClient={queryClient} env="test">
        <RouterProvider
          router={createMemoryRouter(routes, { initialEntries: ['/opportunities'] })}
        />
      </AppProviders>,
    );
    expect(await screen.findByText(`Retrying, 1 of ${READ_RETRY_COUNT}`)).toBeTruthy();
    expect(await screen.findByText(`Retrying, 2 of ${READ_RETRY_COUNT}`)).toBeTruthy();
    const popup = await screen.findByRole('dialog', { name: 'Error.!' });
    expect(popup.textContent).toContain('Something went wrong Please try again');
    // One error: the popup, not an inline copy of it as well.
    expect(screen.getAllByText('Something went wrong Please try again')).toHaveLength(1);
    expect(screen.queryByText('Database unavailable.')).toBeNull();
    expect(screen.queryByText(/Retrying/)).toBeNull();
  });

  it('reads in Hindi when Hindi is chosen', async () => {
    setLanguage('hi');
    withLoans(1);
    renderApp('/opportunities');
    expect(await screen.findByRole('heading', { level: 2, name: 'खाते की जानकारी' })).toBeTruthy();
    await screen.findByText('Construction Finance 1');
    expect(screen.getByRole('columnheader', { name: 'स्वीकृत राशि' })).toBeTruthy();
    fireEvent.click(
      screen.getByRole('combobox', { name: 'Construction Finance 1 के लिए सेवा/अन्य अनुरोध' }),
    );
    expect(await screen.findByRole('option', { name: 'NOC का अनुरोध करें' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'आगे बढ़ें: Construction Finance 1' })).toBeTruthy();
  });
});
