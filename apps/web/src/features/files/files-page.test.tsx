import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatDate, type DocumentSearchResponse, type Role } from '@portal/domain';
import { setLanguage } from '../../i18n';
import { renderApp } from '../../test/render';
import { callsTo, makeFile, sessionAs, stubRoutes } from '../documents/document-test-utils';

afterEach(() => setLanguage('en'));

const AT = '2026-03-15T06:00:00.000Z';

function fileFields() {
  return {
    uploadedBy: 'ACC1001',
    reviewedBy: null,
    reviewedAt: null,
    replacesKey: null,
    previousReview: null,
  };
}

const unitFile: DocumentSearchResponse['files'][number] = {
  ...makeFile('KYC_APPLICANT', { ...fileFields(), approvalStatus: 'REJECTED', createdAt: AT }),
  parent: {
    kind: 'unit',
    key: 'UNIT-1',
    label: 'Skyline Residency 1 · Tower A · Unit A-101',
    accountId: 'ACC1001',
    accountName: 'Mehta Constructions',
    projectKey: 'PRJ-1',
    collateralKey: null,
    approvalStatus: 'REJECTED',
  },
};

const remarksOnly: DocumentSearchResponse['files'][number] = {
  ...makeFile('SALES_MIS', { ...fileFields(), fileName: null, fileHash: null, size: null }, null),
  parent: {
    kind: 'frequency',
    key: 'F1',
    label: 'Tower A receivables · Monthly, March 2026',
    accountId: 'ACC1001',
    accountName: 'Mehta Constructions',
    projectKey: null,
    collateralKey: 'COL-1',
    approvalStatus: 'NOT_RAISED',
  },
};

const answer = (files: DocumentSearchResponse['files'], page = 1, totalRecords = files.length) => ({
  status: 200,
  body: {
    files,
    meta: {
      count: files.length,
      page,
      perPage: 10,
      totalPages: Math.ceil(totalRecords / 10),
      totalRecords,
    },
  },
});

const FIRST_PAGE = 'GET /api/files?page=1&perPage=10';

function stubFiles(role: Role, routes: Parameters<typeof stubRoutes>[0]) {
  return stubRoutes({ 'GET /api/auth/session': sessionAs(role), ...routes });
}

describe('FilesPage (docs/product.md#screens files)', () => {
  it('lists the borrower’s documents with type, parent link, status, upload date and download', async () => {
    stubFiles('client', { [FIRST_PAGE]: answer([unitFile, remarksOnly]) });
    renderApp('/files');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your documents' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Documents' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'KYC Applicant',
      'kyc_applicant.pdf',
      'Skyline Residency 1 · Tower A · Unit A-101',
      'REJECTED',
      formatDate(AT),
      'Download ',
    ]);
    // The parent opens its document panel, where the file can be previewed.
    expect(
      within(first!)
        .getByRole('link', { name: /^Skyline Residency 1 · Tower A · Unit A-101/ })
        .getAttribute('href'),
    ).toBe('/unitstatus?status=REJECTED&project=PRJ-1&unit=UNIT-1');
    const download = within(first!).getByRole('link', { name: /^Download KYC Applicant/ });
    expect(download.getAttribute('href')).toBe('/api/storage/KYC_APPLICANT.pdf?signature=abc');
    expect(download.getAttribute('rel')).toBe('noopener noreferrer');
    // A remarks-only entry has nothing to download (docs/product.md#api); a not-raised set shows under All.
    expect(within(second!).getByText('No File Uploaded')).toBeTruthy();
    expect(
      within(second!)
        .getByRole('link', { name: /^Tower A receivables/ })
        .getAttribute('href'),
    ).toBe('/collateralstatus?status=ALL&collateral=COL-1&frequency=F1');
  });

  it('gives staff everyone’s documents with the account, searched and paged on the server', async () => {
    const fetchMock = stubFiles('approver', {
      [FIRST_PAGE]: answer([unitFile], 1, 25),
      'GET /api/files?page=2&perPage=10': answer([remarksOnly], 2, 25),
      'GET /api/files?page=1&perPage=10&search=mehta': answer([], 1, 0),
    });
    const { router } = renderApp('/files');
    expect(await screen.findByRole('heading', { level: 1, name: 'All documents' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Documents' });
    expect(within(table).getByText('Mehta Constructions (ACC1001)')).toBeTruthy();
    // Staff links open the checker's screens.
    expect(
      within(table)
        .getByRole('link', { name: /^Skyline Residency 1/ })
        .getAttribute('href'),
    ).toBe('/checker?status=REJECTED&project=PRJ-1&unit=UNIT-1');

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Tower A receivables · Monthly, March 2026')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');

    fireEvent.change(
      screen.getByRole('searchbox', {
        name: 'Search by file, type, account, project, unit or collateral',
      }),
      { target: { value: 'mehta' } },
    );
    expect(await screen.findByText('No documents match “mehta”')).toBeTruthy();
    // A new search starts again on page 1.
    expect(router.state.location.search).toBe('?search=mehta');
    expect(callsTo(fetchMock, 'GET', '/api/files?page=1&perPage=10&search=mehta')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Show every document' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('narrows to one status', async () => {
    const fetchMock = stubFiles('client', {
      [FIRST_PAGE]: answer([unitFile, remarksOnly]),
      'GET /api/files?page=1&perPage=10&status=REJECTED': answer([unitFile]),
    });
    renderApp('/files');
    await screen.findByRole('table', { name: 'Documents' });
    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(screen.getByRole('option', { name: 'REJECTED' }));
    await waitFor(() => expect(screen.queryByText('No File Uploaded')).toBeNull());
    expect(callsTo(fetchMock, 'GET', '/api/files?page=1&perPage=10&status=REJECTED')).toHaveLength(
      1,
    );
  });

  it('says where the documents are when a status has none, each a link that sets the filter', async () => {
    const byStatus = (status: string) => `GET /api/files?page=1&perPage=10&status=${status}`;
    stubFiles('client', {
      [byStatus('APPROVED')]: answer([]),
      [byStatus('NOT_RAISED')]: answer([remarksOnly]),
      [byStatus('PENDING_APPROVAL')]: answer([]),
      [byStatus('REJECTED')]: answer([unitFile, unitFile], 1, 2),
    });
    const { router } = renderApp('/files?status=APPROVED');
    expect(await screen.findByText('No documents with this status')).toBeTruthy();
    expect(await screen.findByText('Other documents:')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'NOT RAISED (1)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^PENDING FOR APPROVAL/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'REJECTED (2)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=REJECTED'));
    expect(await screen.findByRole('table', { name: 'Documents' })).toBeTruthy();
  });

  it('says when a search matches more than it counts, here and in the other statuses', async () => {
    const searched = (status?: string) =>
      `GET /api/files?page=1&perPage=10&search=skyline${status ? `&status=${status}` : ''}`;
    const counted = () => {
      const found = answer([unitFile], 1, 1000);
      return {
        ...found,
        body: { ...found.body, meta: { ...found.body.meta, moreThanTotal: true } },
      };
    };
    stubFiles('approver', {
      [searched()]: counted(),
      [searched('APPROVED')]: answer([]),
      [searched('NOT_RAISED')]: counted(),
      [searched('PENDING_APPROVAL')]: answer([remarksOnly], 1, 3),
      [searched('REJECTED')]: answer([]),
    });
    const { router } = renderApp('/files?search=skyline');
    await screen.findByRole('table', { name: 'Documents' });
    expect(
      screen.getByText(
        'More than 1000 documents match. These are the newest 1000: add to the search or choose a status to reach older ones.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 100' })).toBeTruthy();

    await act(() => router.navigate('/files?search=skyline&status=APPROVED'));
    expect(await screen.findByRole('button', { name: 'NOT RAISED (1000+)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'PENDING FOR APPROVAL (3)' })).toBeTruthy();
  });

  it('says when there are no documents yet', async () => {
    stubFiles('client', { [FIRST_PAGE]: answer([]) });
    renderApp('/files');
    expect(await screen.findByText('No documents yet')).toBeTruthy();
  });

  it('says what failed, with a retry', async () => {
    stubFiles('client', {
      [FIRST_PAGE]: {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'The database is not answering.' } },
      },
    });
    renderApp('/files');
    expect(await screen.findByText('The documents could not be loaded')).toBeTruthy();
    expect(screen.getByText('The database is not answering.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('reads in Hindi when Hindi is chosen', async () => {
    setLanguage('hi');
    stubFiles('client', { [FIRST_PAGE]: answer([]) });
    renderApp('/files');
    expect(await screen.findByText('अभी कोई दस्तावेज़ नहीं है')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'आपके दस्तावेज़' })).toBeTruthy();
  });

  it('names a document type in Hindi', async () => {
    setLanguage('hi');
    stubFiles('client', { [FIRST_PAGE]: answer([unitFile]) });
    renderApp('/files');
    expect((await screen.findAllByText('आवेदक का KYC')).length).toBeGreaterThan(0);
    expect(screen.queryByText('KYC Applicant')).toBeNull();
  });
});
