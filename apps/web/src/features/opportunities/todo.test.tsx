import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { unitSlotFileTypes, type TodoResponse } from '@portal/domain';
import { setLanguage } from '../../i18n';
import { renderApp } from '../../test/render';
import { makeFile, makeUnit, sessionAs, stubRoutes } from '../documents/document-test-utils';
import { checkerFrequency } from '../frequencies/frequency-test-utils';

afterEach(() => setLanguage('en'));

const NO_LOANS = {
  status: 200,
  body: {
    opportunities: [],
    meta: { count: 0, page: 1, perPage: 10, totalPages: 0, totalRecords: 0 },
  },
};

const rejectedUnit = makeUnit({
  key: 'UNIT 7/B',
  projectKey: 'PRJ-1',
  approvalStatus: 'REJECTED',
  tower: 'B',
  unit: 'B-702',
});

const pack = {
  collateralKey: 'COL-9',
  collateralName: 'Escrow of Tower B',
  accountId: 'ACC1001',
  accountName: 'Mehta Constructions',
  frequency: 1 as const,
};

const TODO: TodoResponse = {
  monitoringPacks: [
    {
      ...pack,
      month: 12,
      year: 2025,
      dueDate: '2026-01-15',
      state: 'OVERDUE',
      daysOverdue: 64,
      frequencyKey: null,
    },
    {
      ...pack,
      month: 2,
      year: 2026,
      dueDate: '2026-03-15',
      state: 'OVERDUE',
      daysOverdue: 1,
      frequencyKey: 'F-FEB',
    },
    {
      ...pack,
      month: 3,
      year: 2026,
      dueDate: '2026-04-15',
      state: 'DUE',
      daysOverdue: 0,
      frequencyKey: null,
    },
  ],
  rejectedUnits: [
    {
      ...rejectedUnit,
      rejectedDocuments: [
        {
          fileType: 'CUSTOMER_LEDGER',
          rejectionReason: 'ILLEGIBLE',
          approverRemarks: 'Page 2 is blurred',
        },
        { fileType: 'KYC_APPLICANT', rejectionReason: null, approverRemarks: 'Expired PAN' },
      ],
    },
  ],
  unitsToUpload: [
    {
      ...makeUnit({ key: 'UNIT-3', projectKey: 'PRJ-1', tower: 'C', unit: 'C-301' }),
      filledSlots: 3,
      requiredSlots: 7,
    },
  ],
  readyUnits: [],
  rejectedFrequencies: [],
  readyFrequencies: [
    checkerFrequency('F3', { approvalStatus: 'NOT_RAISED', uploadedFiles: 9, canSubmit: true }),
  ],
  nocLetters: [
    {
      letterNumber: 'NOC-1',
      unitKey: 'UNIT-4',
      projectKey: 'PRJ-1',
      projectName: 'Skyline Residency 1',
      tower: 'D',
      unit: 'D-401',
      issuedAt: '2026-03-10T05:00:00.000Z',
    },
  ],
  openLoanStatementRequests: [
    {
      id: 'LSR-1',
      opportunityKey: 'OPP-1',
      opportunityName: 'Construction Finance Baner 1',
      fromDate: '2026-01-01',
      toDate: '2026-03-31',
      borrowerRemarks: null,
      approverRemarks: null,
      status: 'REQUESTED',
      createdAt: '2026-04-02T05:00:00.000Z',
      fulfilledAt: null,
      fileName: null,
      downloadUrl: null,
    },
  ],
  counts: {
    monitoringPacks: 6,
    overduePacks: 5,
    rejectedUnits: 3,
    unitsToUpload: 1,
    readyUnits: 0,
    rejectedFrequencies: 0,
    readyFrequencies: 1,
    nocLetters: 1,
    openLoanStatementRequests: 1,
  },
};

const NOTHING: TodoResponse = {
  monitoringPacks: [],
  rejectedUnits: [],
  unitsToUpload: [],
  readyUnits: [],
  rejectedFrequencies: [],
  readyFrequencies: [],
  nocLetters: [],
  openLoanStatementRequests: [],
  counts: {
    monitoringPacks: 0,
    overduePacks: 0,
    rejectedUnits: 0,
    unitsToUpload: 0,
    readyUnits: 0,
    rejectedFrequencies: 0,
    readyFrequencies: 0,
    nocLetters: 0,
    openLoanStatementRequests: 0,
  },
};

function stubHome(todo: { status: number; body?: unknown }) {
  return stubRoutes({
    'GET /api/auth/session': sessionAs('client'),
    'GET /api/opportunities?page=1&perPage=10': NO_LOANS,
    'GET /api/todo': todo,
  });
}

const todoSection = () => screen.findByRole('region', { name: 'What needs you' });

describe('the borrower’s to-do on the home page', () => {
  it('lists what needs the borrower, each item linking to its document panel', async () => {
    stubHome({ status: 200, body: TODO });
    renderApp('/opportunities');
    const todo = within(await todoSection());
    expect(await todo.findByRole('heading', { level: 3, name: 'Rejected units 3' })).toBeTruthy();
    const unitLink = todo.getByRole('link', { name: 'Skyline Residency 1 · Tower B · Unit B-702' });
    // Keys are URI-encoded; the panel opens on the rejected unit, filtered so it is in the list,
    // at its first rejected document.
    expect(unitLink.getAttribute('href')).toBe(
      '/unitstatus?status=REJECTED&project=PRJ-1&unit=UNIT%207%2FB&slot=CUSTOMER_LEDGER',
    );
    // What was rejected and why, in plain words, with the reviewer's remarks.
    expect(
      todo.getByText('Customer Ledger rejected: The document cannot be read. “Page 2 is blurred”'),
    ).toBeTruthy();
    expect(todo.getByText('KYC Applicant rejected. “Expired PAN”')).toBeTruthy();
    // Only the first few are listed; the count links to all of them.
    expect(todo.getByRole('link', { name: 'See all 3' }).getAttribute('href')).toBe(
      '/unitstatus?status=REJECTED',
    );
    expect(
      todo
        .getByRole('link', {
          name: 'Skyline Residency — Tower A receivables · Monthly, January 2026',
        })
        .getAttribute('href'),
    ).toBe('/collateralstatus?status=ALL&collateral=COL-1&frequency=F3');
    expect(
      todo
        .getByRole('link', { name: 'Construction Finance Baner 1: 1 Jan 2026 to 31 Mar 2026' })
        .getAttribute('href'),
    ).toBe('/opportunities/OPP-1/loan-statement-requests');
    // No empty groups.
    expect(todo.queryByRole('heading', { name: /Rejected frequencies/ })).toBeNull();
    // SPEC's loan table stays below.
    expect(screen.getByRole('heading', { level: 2, name: 'Account Information' })).toBeTruthy();
  });

  it('lists the packs owed, overdue first, each linking to where it is submitted', async () => {
    stubHome({ status: 200, body: TODO });
    renderApp('/opportunities');
    const todo = within(await todoSection());
    // The packs come first: what is late before anything else.
    const groups = todo.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(groups).toEqual([
      'Monitoring packs to submit 6',
      'Rejected units 3',
      'Units with documents to upload 1',
      'Frequencies ready to submit 1',
      'NOC letters ready to download 1',
      'Loan statements requested 1',
    ]);
    expect(todo.getByText('5 are overdue. The most overdue come first.')).toBeTruthy();
    expect(todo.getByText('Overdue by 64 days, due 15 Jan 2026')).toBeTruthy();
    expect(todo.getByText('Overdue by 1 day, due 15 Mar 2026')).toBeTruthy();
    expect(todo.getByText('Due 15 Apr 2026')).toBeTruthy();
    const [december, february] = todo.getAllByRole('link', { name: /^Escrow of Tower B · / });
    // Not added yet: the collateral's frequency screen, whose calendar adds it.
    expect(december!.getAttribute('href')).toBe('/accounts/ACC1001/collaterals?collateral=COL-9');
    // Added: its document panel.
    expect(february!.getAttribute('href')).toBe(
      '/collateralstatus?status=ALL&collateral=COL-9&frequency=F-FEB',
    );
    // Six in all, three shown: the rest are on the calendar further down the page.
    expect(todo.getByRole('link', { name: 'See all 6' }).getAttribute('href')).toBe(
      '#account-calendar',
    );
  });

  it('lists units still to upload with how many are in, and letters to download', async () => {
    stubHome({ status: 200, body: TODO });
    renderApp('/opportunities');
    const todo = within(await todoSection());
    const unit = await todo.findByRole('link', {
      name: 'Skyline Residency 1 · Tower C · Unit C-301',
    });
    expect(unit.getAttribute('href')).toBe('/unitstatus?status=ALL&project=PRJ-1&unit=UNIT-3');
    expect(todo.getByText('3 of 7 uploaded')).toBeTruthy();
    const letter = todo.getByRole('link', { name: 'Skyline Residency 1 · Tower D · Unit D-401' });
    // The approved unit's panel holds the letter's download.
    expect(letter.getAttribute('href')).toBe(
      '/unitstatus?status=APPROVED&project=PRJ-1&unit=UNIT-4',
    );
    expect(todo.getByText('Issued 10 Mar 2026')).toBeTruthy();
  });

  it('opens the rejected unit’s panel from its link, at the rejected document', async () => {
    stubRoutes({
      'GET /api/auth/session': sessionAs('client'),
      'GET /api/opportunities?page=1&perPage=10': NO_LOANS,
      'GET /api/todo': { status: 200, body: TODO },
      'GET /api/projects/PRJ-1/units/UNIT%207%2FB': {
        status: 200,
        body: { unit: { ...rejectedUnit, approvalsRequired: 1 } },
      },
      'GET /api/units/UNIT%207%2FB/files?perPage=50': {
        status: 200,
        body: {
          files: unitSlotFileTypes('Final').map((fileType) =>
            makeFile(fileType, {
              approvalStatus: ['KYC_CO_APPLICANT', 'CUSTOMER_LEDGER'].includes(fileType)
                ? 'REJECTED'
                : 'APPROVED',
            }),
          ),
          meta: { count: 7, page: 1, perPage: 50, totalPages: 1, totalRecords: 7 },
        },
      },
      'GET /api/projects/all/units/all/status/REJECTED/?sort=recentlyUpdatedOnTop&perPage=10&page=1':
        {
          status: 200,
          body: {
            units: [rejectedUnit],
            meta: { count: 1, page: 1, perPage: 10, totalPages: 1, totalRecords: 1 },
          },
        },
    });
    const { router } = renderApp('/opportunities');
    const todo = within(await todoSection());
    fireEvent.click(
      await todo.findByRole('link', { name: 'Skyline Residency 1 · Tower B · Unit B-702' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/unitstatus'));
    const panel = await screen.findByRole('dialog', { name: /Document uploads/ });
    expect(panel.textContent).toContain('Flat A-101');
    // Open at the document the link named, not at the panel's own first choice (the co-applicant's
    // KYC comes before it and is rejected too).
    const ledger = await within(panel).findByRole('button', { name: /^Customer Ledger/ });
    await waitFor(() => expect(ledger.getAttribute('aria-expanded')).toBe('true'));
    expect(
      within(panel)
        .getByRole('button', { name: /^Kyc Co-Applicant/ })
        .getAttribute('aria-expanded'),
    ).toBe('false');
  });

  it('says when nothing needs the borrower', async () => {
    stubHome({ status: 200, body: NOTHING });
    renderApp('/opportunities');
    const todo = within(await todoSection());
    expect(await todo.findByText('Nothing needs you right now')).toBeTruthy();
  });

  it('never says nothing needs the borrower while a pack is owed', async () => {
    stubHome({
      status: 200,
      body: {
        ...NOTHING,
        monitoringPacks: TODO.monitoringPacks.slice(0, 1),
        counts: { ...NOTHING.counts, monitoringPacks: 1, overduePacks: 1 },
      },
    });
    renderApp('/opportunities');
    const todo = within(await todoSection());
    expect(await todo.findByText('Overdue by 64 days, due 15 Jan 2026')).toBeTruthy();
    expect(todo.queryByText('Nothing needs you right now')).toBeNull();
  });

  it('says it could not load, with a retry, and leaves the loans alone', async () => {
    stubHome({ status: 403, body: { error: { code: 'FORBIDDEN', message: 'Not allowed.' } } });
    renderApp('/opportunities');
    const todo = within(await todoSection());
    expect(await todo.findByText('What needs you could not be loaded')).toBeTruthy();
    expect(todo.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(await screen.findByText('No loans yet')).toBeTruthy();
  });

  it('is not shown to staff, who have no to-do', async () => {
    const fetchMock = stubRoutes({
      'GET /api/auth/session': sessionAs('approver'),
      'GET /api/opportunities?page=1&perPage=10': NO_LOANS,
    });
    renderApp('/opportunities');
    expect(await screen.findByText('No loans yet')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'What needs you' })).toBeNull();
    expect(fetchMock.mock.calls.some(([input]) => String(input) === '/api/todo')).toBe(false);
  });

  it('reads in Hindi when Hindi is chosen', async () => {
    setLanguage('hi');
    stubHome({ status: 200, body: TODO });
    renderApp('/opportunities');
    const todo = within(await screen.findByRole('region', { name: 'आपके लिए बाकी काम' }));
    expect(await todo.findByRole('heading', { level: 3, name: /अस्वीकृत यूनिट/ })).toBeTruthy();
    expect(todo.getAllByText('कारण पढ़ें, दस्तावेज़ बदलें और फिर से भेजें।').length).toBeGreaterThan(0);
    // The unit in Hindi words; the lender's names stay as written.
    expect(
      todo.getByRole('link', { name: 'Skyline Residency 1 · टावर B · यूनिट B-702' }),
    ).toBeTruthy();
  });
});
