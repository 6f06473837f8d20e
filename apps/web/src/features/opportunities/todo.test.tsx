import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TodoResponse } from '@portal/domain';
import { setLanguage } from '../../i18n';
import { renderApp } from '../../test/render';
import { makeUnit, sessionAs, stubRoutes } from '../documents/document-test-utils';
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

const TODO: TodoResponse = {
  rejectedUnits: [rejectedUnit],
  readyUnits: [],
  rejectedFrequencies: [],
  readyFrequencies: [
    checkerFrequency('F3', { approvalStatus: 'NOT_RAISED', uploadedFiles: 9, canSubmit: true }),
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
    rejectedUnits: 3,
    readyUnits: 0,
    rejectedFrequencies: 0,
    readyFrequencies: 1,
    openLoanStatementRequests: 1,
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
    // Keys are URI-encoded; the panel opens on the rejected unit, filtered so it is in the list.
    expect(unitLink.getAttribute('href')).toBe(
      '/unitstatus?status=REJECTED&project=PRJ-1&unit=UNIT%207%2FB',
    );
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

  it('opens the rejected unit’s panel from its link', async () => {
    stubRoutes({
      'GET /api/auth/session': sessionAs('client'),
      'GET /api/opportunities?page=1&perPage=10': NO_LOANS,
      'GET /api/todo': { status: 200, body: TODO },
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
  });

  it('says when nothing needs the borrower', async () => {
    stubHome({
      status: 200,
      body: {
        ...TODO,
        rejectedUnits: [],
        readyFrequencies: [],
        openLoanStatementRequests: [],
        counts: {
          rejectedUnits: 0,
          readyUnits: 0,
          rejectedFrequencies: 0,
          readyFrequencies: 0,
          openLoanStatementRequests: 0,
        },
      },
    });
    renderApp('/opportunities');
    const todo = within(await todoSection());
    expect(await todo.findByText('Nothing needs you right now')).toBeTruthy();
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
