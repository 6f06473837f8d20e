import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LoanStatementRequest, Opportunity, SessionUser } from '@portal/domain';
import { setLanguage } from '../../i18n';
import { renderApp } from '../../test/render';

const client: SessionUser = {
  username: 'ACC1001',
  email: 'asha.mehta@example.com',
  role: 'client',
  accountKey: 'ACC1001',
  name: 'Mehta Constructions Pvt Ltd',
};

const opportunity: Opportunity = {
  key: 'OPP-1',
  id: 'OPP-1',
  accountId: 'ACC1001',
  accountName: 'Mehta Constructions Pvt Ltd',
  name: 'Construction Finance Baner 1',
  sanctionAmount: '250000000.00',
  peakExposure: '180000000.00',
  currentFace: '120000000.00',
};

const fulfilled: LoanStatementRequest = {
  id: 'LSR-1',
  opportunityKey: 'OPP-1',
  fromDate: '2025-11-22',
  toDate: '2026-01-31',
  borrowerRemarks: 'For the auditors',
  approverRemarks: null,
  status: 'FULFILLED',
  createdAt: '2026-02-01T05:00:00.000Z',
  fulfilledAt: '2026-02-03T05:00:00.000Z',
  fileName: 'statement.pdf',
  downloadUrl: '/api/content/statement.pdf?signature=abc',
};

const LIST_PATH = '/api/opportunities/OPP-1/loan-statement-requests';

/** Like the shared stubApi, but tells a POST from a GET on the same path. */
function stubLoanApi({
  requests = [fulfilled],
  loanStatus = 200,
}: { requests?: LoanStatementRequest[]; loanStatus?: number } = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    if (path === '/api/auth/session') return json(200, { user: client });
    if (path === '/api/opportunities/OPP-1') {
      return loanStatus === 200
        ? json(200, { opportunity })
        : json(loanStatus, { error: { code: 'NOT_FOUND', message: 'No such loan' } });
    }
    if (path === LIST_PATH && method === 'GET') {
      return json(200, { loanStatementRequests: requests });
    }
    if (path === LIST_PATH && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { fromDate: string; toDate: string };
      const created: LoanStatementRequest = {
        ...fulfilled,
        ...body,
        id: 'LSR-2',
        borrowerRemarks: null,
        status: 'REQUESTED',
        createdAt: '2026-03-15T06:00:00.000Z',
        fulfilledAt: null,
        fileName: null,
        downloadUrl: null,
      };
      requests = [created, ...requests];
      return json(201, { loanStatementRequest: created });
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const postCalls = (fetchMock: ReturnType<typeof stubLoanApi>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

/** The picker may still be its look-alike; the calendar opens once the picker has loaded. */
async function pickDate(field: 'From' | 'To', dayLabel: string) {
  fireEvent.click(screen.getByRole('button', { name: field }));
  fireEvent.click(await screen.findByRole('button', { name: dayLabel }));
}

describe('LoanStatementPage (docs/product.md#screens loan statement page)', () => {
  beforeEach(() => {
    // 15 Mar 2026, 11:30 in Kolkata: the pickers' "today". Only Date is faked, so waits still run.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-15T06:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    setLanguage('en');
  });

  it('names the account and the loan and lists earlier requests', async () => {
    stubLoanApi();
    renderApp('/opportunities/OPP-1/loan-statement-requests');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mehta Constructions Pvt Ltd' }),
    ).toBeTruthy();
    expect(screen.getByText('Loan: Construction Finance Baner 1')).toBeTruthy();

    const table = await screen.findByRole('region', { name: 'Earlier requests' });
    const cells = within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(
      expect.arrayContaining(['1 Feb 2026', '22 Nov 2025', '31 Jan 2026', 'FULFILLED']),
    );
    expect(
      within(table)
        .getByRole('link', { name: 'Download the statement from 22 Nov 2025 to 31 Jan 2026' })
        .getAttribute('href'),
    ).toBe(fulfilled.downloadUrl);
  });

  it("says 'Start date is required' and 'End date is required' and sends nothing", async () => {
    const fetchMock = stubLoanApi();
    renderApp('/opportunities/OPP-1/loan-statement-requests');
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Start date is required')).toBeTruthy();
    expect(screen.getByText('End date is required')).toBeTruthy();
    expect(postCalls(fetchMock)).toHaveLength(0);

    // Choosing a date clears its message.
    await pickDate('From', '1 March 2026');
    expect(screen.queryByText('Start date is required')).toBeNull();
    expect(screen.getByText('End date is required')).toBeTruthy();
  });

  it('offers dates from 365 days back up to today only', async () => {
    stubLoanApi();
    renderApp('/opportunities/OPP-1/loan-statement-requests');
    fireEvent.click(await screen.findByRole('button', { name: 'To' }));
    expect(await screen.findByRole('button', { name: '15 March 2026' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(screen.getByRole('button', { name: '16 March 2026' })).toHaveProperty('disabled', true);
  });

  it('sends the request, shows the thank-you popup and lists the new request', async () => {
    const fetchMock = stubLoanApi();
    renderApp('/opportunities/OPP-1/loan-statement-requests');
    await screen.findByRole('button', { name: 'Submit' });
    await pickDate('From', '1 March 2026');
    await pickDate('To', '14 March 2026');
    fireEvent.change(screen.getByRole('textbox', { name: 'Remarks (optional)' }), {
      target: { value: 'Needed for the bank' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    const popup = await screen.findByRole('dialog', { name: 'Thankyou.!!' });
    expect(popup.textContent).toContain('Your request for the loan statement has been sent.');
    expect(JSON.parse(String(postCalls(fetchMock)[0]?.[1]?.body))).toEqual({
      fromDate: '2026-03-01',
      toDate: '2026-03-14',
      borrowerRemarks: 'Needed for the bank',
    });
    const table = screen.getByRole('region', { name: 'Earlier requests' });
    expect(await within(table).findByText('REQUESTED')).toBeTruthy();
    expect(within(table).getByText('Not ready yet')).toBeTruthy();

    fireEvent.click(within(popup).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when there are no earlier requests', async () => {
    stubLoanApi({ requests: [] });
    renderApp('/opportunities/OPP-1/loan-statement-requests');
    expect(await screen.findByText('No statement requests yet')).toBeTruthy();
  });

  it('says a loan that is not the borrower’s is not found, with the way back', async () => {
    stubLoanApi({ loanStatus: 404 });
    renderApp('/opportunities/OPP-1/loan-statement-requests');
    expect(await screen.findByRole('heading', { level: 1, name: 'Loan not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your loans' }).getAttribute('href')).toBe(
      '/opportunities',
    );
  });

  it('sends /loanstatement, which names no loan, to the loan list', async () => {
    stubLoanApi();
    renderApp('/loanstatement');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Request Loan Statement' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your loans' }).getAttribute('href')).toBe(
      '/opportunities',
    );
  });

  it('reads in Hindi when Hindi is chosen', async () => {
    setLanguage('hi');
    stubLoanApi();
    renderApp('/opportunities/OPP-1/loan-statement-requests');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'लोन स्टेटमेंट का अनुरोध करें' }),
    ).toBeTruthy();
    const table = await screen.findByRole('region', { name: 'पिछले अनुरोध' });
    expect(within(table).getByText('भेज दिया गया')).toBeTruthy();
    expect(
      within(table).getByRole('link', {
        name: '22 नवंबर 2025 से 31 जनवरी 2026 तक का स्टेटमेंट डाउनलोड करें',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'भेजें' })).toBeTruthy();
  });
});
