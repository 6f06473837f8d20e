import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatDate, unitSlotFileTypes, type CheckerUnit, type Opportunity } from '@portal/domain';
import { setLanguage } from '../../i18n';
import { renderApp } from '../../test/render';
import {
  callsTo,
  listAnswer,
  makeFile,
  makeUnit as checkerUnit,
  sessionAs,
  stubRoutes,
  type Routes,
} from '../documents/document-test-utils';

const unitListAnswer = (units: CheckerUnit[]) => ({
  status: 200,
  body: {
    units,
    meta: { count: units.length, page: 1, perPage: 10, totalPages: 1, totalRecords: units.length },
  },
});

const byStatus = (
  status: string,
  { perPage = 10, sort = 'recentlyUpdatedOnTop', search = '' } = {},
) =>
  `/api/projects/all/units/all/status/${status}/?sort=${sort}&perPage=${perPage}&page=1${search ? `&search=${search}` : ''}`;

const DAY_MS = 24 * 60 * 60 * 1000;
const threeDaysAgo = new Date(Date.now() - 3 * DAY_MS - 60_000).toISOString();

/** Rejected, every file back, and the API's rule says ready. */
const ready = checkerUnit({ approvalStatus: 'REJECTED', uploadedFiles: 7, canSubmit: true });
/** Rejected with six files approved and one still rejected: seven files, and not ready. */
const stillRejected = checkerUnit({
  key: 'UNIT-2',
  name: 'Flat A-102',
  unit: 'A-102',
  approvalStatus: 'REJECTED',
  uploadedFiles: 7,
  canSubmit: false,
});

afterEach(() => setLanguage('en'));

const disabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

function choose(field: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: field }));
  fireEvent.click(screen.getByRole('option', { name: option }));
}

// The screens are lazy chunks; loading them once up front keeps each test's waits short.
beforeAll(async () => {
  await Promise.all([
    import('./unit-list-page'),
    import('../project-units/project-units-page'),
    import('../documents/document-panel'),
  ]);
});

describe('UnitListPage (docs/product.md#screens unit listing)', () => {
  it('shows a borrower their pending units with the listing columns and the queue’s', async () => {
    const fetchMock = stubRoutes({
      'GET /api/auth/session': sessionAs('client'),
      [`GET ${byStatus('PENDING_APPROVAL')}`]: unitListAnswer([
        checkerUnit({
          approvalStatus: 'PENDING_APPROVAL',
          uploadedFiles: 7,
          nocType: 'Final',
          submittedAt: threeDaysAgo,
        }),
      ]),
      [`GET ${byStatus('PENDING_APPROVAL', { perPage: 20 })}`]: unitListAnswer([]),
    });
    renderApp('/unitstatus');
    expect(await screen.findByRole('heading', { level: 1, name: 'Unit Status' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Units' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Select',
      'Account name',
      'Loan',
      'Project name',
      'Tower',
      'Floor',
      'Unit no',
      'Name of customer',
      'MSP',
      'BSP',
      'Sale value',
      'Amount received',
      'NOC type',
      'Submitted',
      'Age',
      'Action',
    ]);
    const row = within(table).getAllByRole('row').at(1)!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '', // nothing to tick while pending
      'Mehta Constructions',
      'Construction Finance Baner 1',
      'Skyline Residency 1',
      'A',
      '1',
      'A-101',
      'Ravi Kumar',
      '₹95,00,000.00',
      '₹88,50,000.00',
      '₹99,25,000.50',
      '₹33,25,000.00',
      'Final',
      formatDate(threeDaysAgo),
      '3 days',
      'PENDING FOR APPROVAL',
    ]);
    expect(
      within(row).getByRole('button', { name: 'PENDING FOR APPROVAL, documents of Flat A-101' }),
    ).toBeTruthy();

    choose('Items per page', '20');
    expect(await screen.findByText('No units pending for approval')).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', byStatus('PENDING_APPROVAL', { perPage: 20 }))).toHaveLength(
      1,
    );
  });

  it('says where the units are when the chosen status has none, each a link that sets the filter', async () => {
    const approved = ['UNIT-1', 'UNIT-2', 'UNIT-3'].map((key) =>
      checkerUnit({ key, name: `Flat ${key}`, approvalStatus: 'APPROVED', uploadedFiles: 7 }),
    );
    stubRoutes({
      'GET /api/auth/session': sessionAs('client'),
      [`GET ${byStatus('PENDING_APPROVAL')}`]: unitListAnswer([]),
      [`GET ${byStatus('APPROVED')}`]: unitListAnswer(approved),
      [`GET ${byStatus('REJECTED')}`]: unitListAnswer([]),
    });
    renderApp('/unitstatus');
    expect(await screen.findByText('No units pending for approval')).toBeTruthy();
    const link = await screen.findByRole('button', { name: 'APPROVED (3)' });
    expect(screen.queryByRole('button', { name: /^REJECTED/ })).toBeNull();
    fireEvent.click(link);
    expect(await screen.findByRole('table', { name: 'Units' })).toBeTruthy();
    expect(screen.queryByText('No units pending for approval')).toBeNull();
  });

  it('offers only the units the API marks ready, and submits them once confirmed', async () => {
    const routes: Routes = {
      'GET /api/auth/session': sessionAs('client'),
      [`GET ${byStatus('REJECTED')}`]: unitListAnswer([ready, stillRejected]),
      'POST /api/units/submit': {
        status: 200,
        body: { units: [{ ...ready, approvalStatus: 'PENDING_APPROVAL', canSubmit: false }] },
      },
    };
    const fetchMock = stubRoutes(routes);
    const { router } = renderApp('/unitstatus?status=REJECTED');
    const tick = await screen.findByRole('checkbox', { name: 'Select Flat A-101 to submit' });
    // Seven files, but one is still rejected: the API says not ready, so nothing to tick.
    expect(screen.queryByRole('checkbox', { name: 'Select Flat A-102 to submit' })).toBeNull();
    const bar = within(screen.getByRole('region', { name: 'Submit to checker' }));
    const submit = bar.getByRole('button', { name: 'Submit to checker' });
    const confirm = bar.getByRole('checkbox', { name: 'Please confirm the selection.' });
    expect(disabled(submit)).toBe(true);

    fireEvent.click(tick);
    expect(disabled(submit)).toBe(true);
    fireEvent.click(confirm);
    expect(disabled(submit)).toBe(false);

    routes[`GET ${byStatus('PENDING_APPROVAL')}`] = unitListAnswer([
      { ...ready, approvalStatus: 'PENDING_APPROVAL', canSubmit: false },
    ]);
    fireEvent.click(submit);
    expect(await screen.findByText('Submitted to the checker')).toBeTruthy();
    expect(
      screen.getByText('Skyline Residency 1 · Tower A · Unit A-101 is awaiting approval again.'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/units/submit')).toEqual([{ keys: ['UNIT-1'] }]);
    // docs/product.md#statuses: the list comes back 2000 ms after the submit, on the status the
    // submitted units now have, saying how many went.
    await waitFor(() => expect(router.state.location.search).toBe('?status=PENDING_APPROVAL'), {
      timeout: 4000,
    });
    expect(
      await screen.findByText(
        '1 unit was submitted to the checker. It is listed below, pending for approval.',
      ),
    ).toBeTruthy();
    expect(
      await screen.findByRole('button', { name: /^PENDING FOR APPROVAL, documents of Flat A-101/ }),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', byStatus('REJECTED'))).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Submit to checker' })).toBeNull();
  }, 20_000); // it outlasts docs/product.md#statuses's 2000 ms

  it("shows the server's refusal once, in the popup", async () => {
    const message = 'Skyline Residency 1 · Tower A · Unit A-101 is not ready to submit';
    stubRoutes({
      'GET /api/auth/session': sessionAs('client'),
      [`GET ${byStatus('REJECTED')}`]: unitListAnswer([ready]),
      'POST /api/units/submit': {
        status: 409,
        body: { error: { code: 'NOT_READY_TO_SUBMIT', message } },
      },
    });
    renderApp('/unitstatus?status=REJECTED');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Flat A-101 to submit' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Please confirm the selection.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit to checker' }));
    const popup = await screen.findByRole('dialog', { name: 'Error.!' });
    expect(popup.textContent).toContain(message);
    expect(screen.getAllByText(message)).toHaveLength(1);
  });

  it('gives staff All, the longest waiting first and a search kept in the address', async () => {
    const fetchMock = stubRoutes({
      'GET /api/auth/session': sessionAs('approver'),
      [`GET ${byStatus('PENDING_APPROVAL')}`]: unitListAnswer([
        checkerUnit({ approvalStatus: 'PENDING_APPROVAL', submittedAt: threeDaysAgo }),
      ]),
      [`GET ${byStatus('PENDING_APPROVAL', { sort: 'longestWaitingOnTop' })}`]: unitListAnswer([
        checkerUnit({ approvalStatus: 'PENDING_APPROVAL', submittedAt: threeDaysAgo }),
      ]),
      [`GET ${byStatus('PENDING_APPROVAL', { sort: 'longestWaitingOnTop', search: 'skyline' })}`]:
        unitListAnswer([]),
      [`GET ${byStatus('ALL', { sort: 'longestWaitingOnTop', search: 'skyline' })}`]:
        unitListAnswer([]),
    });
    const { router } = renderApp('/checker');
    expect(await screen.findByRole('heading', { level: 1, name: 'NOC Checker' })).toBeTruthy();
    await screen.findByRole('button', { name: /documents of Flat A-101/ });
    // Staff do not submit: no ticks, no bar.
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Submit to checker' })).toBeNull();

    choose('Sort', 'Longest waiting on top');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=longestWaitingOnTop'));

    fireEvent.change(
      screen.getByRole('searchbox', {
        name: 'Search by account, loan, project, tower, unit or customer',
      }),
      { target: { value: 'skyline' } },
    );
    expect(await screen.findByText('No units match “skyline”')).toBeTruthy();
    expect(router.state.location.search).toBe('?sort=longestWaitingOnTop&search=skyline');
    // One request for the finished word, none per keystroke.
    expect(
      callsTo(
        fetchMock,
        'GET',
        byStatus('PENDING_APPROVAL', { sort: 'longestWaitingOnTop', search: 'skyline' }),
      ),
    ).toHaveLength(1);

    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'PENDING FOR APPROVAL',
      'APPROVED',
      'REJECTED',
      'All',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'All' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?sort=longestWaitingOnTop&search=skyline&status=ALL',
      ),
    );
    await waitFor(() =>
      expect(
        callsTo(
          fetchMock,
          'GET',
          byStatus('ALL', { sort: 'longestWaitingOnTop', search: 'skyline' }),
        ),
      ).toHaveLength(1),
    );
  });

  it('stays after a submit from the panel, and offers the next unit waiting on the borrower', async () => {
    const second = checkerUnit({
      key: 'UNIT-2',
      name: 'Flat A-102',
      unit: 'A-102',
      approvalStatus: 'REJECTED',
    });
    const unitAnswer = (approvalStatus: CheckerUnit['approvalStatus']) => ({
      status: 200,
      body: { unit: { ...ready, approvalStatus, version: 4, approvalsRequired: 1 } },
    });
    const routes: Routes = {
      'GET /api/auth/session': sessionAs('client'),
      [`GET ${byStatus('REJECTED')}`]: unitListAnswer([ready, second]),
      'GET /api/projects/PRJ-1/units/UNIT-1': unitAnswer('REJECTED'),
      'GET /api/units/UNIT-1/files?perPage=50': listAnswer(
        unitSlotFileTypes('Final').map((fileType) =>
          makeFile(fileType, { approvalStatus: 'APPROVED' }),
        ),
      ),
      'PUT /api/projects/PRJ-1/units/UNIT-1': () => {
        routes['GET /api/projects/PRJ-1/units/UNIT-1'] = unitAnswer('PENDING_APPROVAL');
        return unitAnswer('PENDING_APPROVAL');
      },
    };
    stubRoutes(routes);
    const { router } = renderApp('/unitstatus?status=REJECTED');
    fireEvent.click(
      await screen.findByRole('button', { name: 'REJECTED, documents of Flat A-101' }),
    );
    const panel = within(await screen.findByRole('dialog', { name: /Document uploads/ }));
    const submit = within(await panel.findByRole('region', { name: 'Submit to checker' }));
    fireEvent.click(submit.getByRole('checkbox', { name: 'Please confirm the selection.' }));
    fireEvent.click(submit.getByRole('button', { name: 'Submit to checker' }));

    const next = await panel.findByRole('button', {
      name: 'Next: Skyline Residency 1 · Tower A · Unit A-102',
    });
    expect(router.state.location.search).toBe('?status=REJECTED&project=PRJ-1&unit=UNIT-1');
    fireEvent.click(next);
    await waitFor(() =>
      expect(router.state.location.search).toBe('?status=REJECTED&project=PRJ-1&unit=UNIT-2'),
    );
    expect(await panel.findByText('Flat A-102')).toBeTruthy();
    // The next unit took the first one's place in the history: closing returns to the list.
    fireEvent.click(panel.getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe('?status=REJECTED'));
  });

  it('opens the unit an e-mail links to, even when it is not on the page', async () => {
    stubRoutes({
      'GET /api/auth/session': sessionAs('client'),
      [`GET ${byStatus('REJECTED')}`]: unitListAnswer([]),
      'GET /api/projects/PRJ-1/units/UNIT-9': {
        status: 200,
        body: {
          unit: {
            ...checkerUnit({ key: 'UNIT-9', name: 'Flat B-202', approvalStatus: 'REJECTED' }),
            approvalsRequired: 1,
          },
        },
      },
    });
    renderApp('/unitstatus?status=REJECTED&project=PRJ-1&unit=UNIT-9');
    const panel = await screen.findByRole('dialog', { name: /Document uploads/ });
    expect(panel.textContent).toContain('Flat B-202');
  });

  it('says so when the linked unit cannot be opened, and dismisses it', async () => {
    stubRoutes({
      'GET /api/auth/session': sessionAs('client'),
      [`GET ${byStatus('REJECTED')}`]: unitListAnswer([]),
    });
    const { router } = renderApp('/unitstatus?status=REJECTED&project=PRJ-1&unit=UNIT-404');
    expect(await screen.findByText('This unit could not be opened')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=REJECTED'));
    expect(screen.queryByText('This unit could not be opened')).toBeNull();
  });

  it('names a row’s panel in the address, and closing steps back', async () => {
    stubRoutes({
      'GET /api/auth/session': sessionAs('approver'),
      [`GET ${byStatus('PENDING_APPROVAL')}`]: unitListAnswer([
        checkerUnit({ approvalStatus: 'PENDING_APPROVAL', uploadedFiles: 7 }),
      ]),
    });
    const { router } = renderApp('/checker');
    fireEvent.click(
      await screen.findByRole('button', { name: 'PENDING FOR APPROVAL, documents of Flat A-101' }),
    );
    const panel = await screen.findByRole('dialog', { name: /Document uploads/ });
    expect(panel.textContent).toContain('Flat A-101');
    expect(router.state.location.search).toBe('?project=PRJ-1&unit=UNIT-1');
    fireEvent.click(within(panel).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows one card per unit on a phone, with the queue’s fields and the tick box', async () => {
    // Every media query matches, as on a phone; the shared setup restores matchMedia after.
    vi.stubGlobal('matchMedia', (media: string) => ({
      matches: true,
      media,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    stubRoutes({
      'GET /api/auth/session': sessionAs('client'),
      [`GET ${byStatus('REJECTED')}`]: unitListAnswer([{ ...ready, submittedAt: threeDaysAgo }]),
    });
    renderApp('/unitstatus?status=REJECTED');
    const cards = within(await screen.findByRole('list', { name: 'Units' })).getAllByRole(
      'listitem',
    );
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(cards[0]!);
    expect(card.getByText('Construction Finance Baner 1')).toBeTruthy();
    expect(card.getByText(formatDate(threeDaysAgo))).toBeTruthy();
    expect(card.getByRole('checkbox', { name: 'Select Flat A-101 to submit' })).toBeTruthy();
    expect(card.getByRole('button', { name: 'REJECTED, documents of Flat A-101' })).toBeTruthy();
  });

  it('offers a project’s units by any status, NOT RAISED included, paged by the server', async () => {
    const projectUnits = (status: string) =>
      `GET /api/projects/PRJ-1/units?sort=recentlyUpdatedOnTop&perPage=10&page=1&status=${status}`;
    const opportunity: Opportunity = {
      key: 'OPP-1',
      id: 'OPP-1',
      accountId: 'ACC1001',
      accountName: 'Mehta Constructions',
      name: 'Construction Finance Baner 1',
      sanctionAmount: '1',
      peakExposure: '1',
      currentFace: '1',
    };
    stubRoutes({
      'GET /api/auth/session': sessionAs('client'),
      'GET /api/opportunities/OPP-1': { status: 200, body: { opportunity } },
      'GET /api/opportunities/OPP-1/projects': {
        status: 200,
        body: {
          projects: [{ key: 'PRJ-1', name: 'Skyline Residency 1', opportunityKey: 'OPP-1' }],
          meta: { count: 1, page: 1, perPage: 10, totalPages: 1, totalRecords: 1, next: null },
        },
      },
      [projectUnits('ALL')]: unitListAnswer([
        checkerUnit({ uploadedFiles: 7, canSubmit: true }),
        checkerUnit({ key: 'UNIT-2', name: 'Flat A-102', approvalStatus: 'APPROVED' }),
      ]),
      // The server narrows by status: the screen shows what it answers.
      [projectUnits('NOT_RAISED')]: unitListAnswer([
        checkerUnit({ uploadedFiles: 7, canSubmit: true }),
      ]),
    });
    renderApp('/opportunities/OPP-1/projects/PRJ-1/units');
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Skyline Residency 1' }),
    ).toBeTruthy();
    expect(
      await screen.findByRole('button', { name: 'APPROVED, documents of Flat A-102' }),
    ).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Select Flat A-101 to submit' })).toBeTruthy();
    // One loan's units: no loan, submitted or age columns; searched by tower, unit or customer.
    expect(screen.queryByRole('columnheader', { name: 'Loan' })).toBeNull();
    expect(
      screen.getByRole('searchbox', { name: 'Search by tower, unit or customer' }),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All',
      'NOT RAISED',
      'PENDING FOR APPROVAL',
      'APPROVED',
      'REJECTED',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'NOT RAISED' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'APPROVED, documents of Flat A-102' }),
      ).toBeNull(),
    );
    expect(
      screen.getByRole('button', { name: 'NOT RAISED, documents of Flat A-101' }),
    ).toBeTruthy();
  });

  it('reads in Hindi when Hindi is chosen', async () => {
    setLanguage('hi');
    stubRoutes({
      'GET /api/auth/session': sessionAs('client'),
      [`GET ${byStatus('REJECTED')}`]: unitListAnswer([{ ...ready, submittedAt: threeDaysAgo }]),
    });
    renderApp('/unitstatus?status=REJECTED');
    expect(await screen.findByRole('heading', { level: 1, name: 'यूनिट की स्थिति' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'यूनिट' });
    expect(within(table).getByRole('columnheader', { name: 'ग्राहक का नाम' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'कितने दिन से' })).toBeTruthy();
    expect(within(table).getByRole('checkbox', { name: 'भेजने के लिए Flat A-101 चुनें' })).toBeTruthy();
  });
});
