import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import {
  type FileEntry,
  type Frequency,
  type Role,
  type SessionUser,
  type Unit,
} from '@portal/domain';
import { setLanguage } from '../../i18n';
import { renderApp } from '../../test/render';

afterEach(() => setLanguage('en'));

const AT = '2026-03-15T06:00:00.000Z';

function sessionUser(role: Role): SessionUser {
  return role === 'client'
    ? { username: 'ACC1', email: 'asha@example.com', role, accountKey: 'ACC1', name: 'Asha' }
    : {
        username: `${role}1`,
        email: `${role}@lender.example`,
        role,
        accountKey: null,
        name: 'Vikram',
      };
}

const unit: Unit = {
  key: 'UNIT-1',
  name: 'Flat A-101',
  tower: 'A',
  floor: '1',
  unit: 'A-101',
  areaSqft: '1200',
  customerName: 'Ravi Kumar',
  maxSellingPrice: '9500000',
  baseSellingPrice: '8850000',
  totalSaleValue: '9925000.5',
  amountToBeReceived: '3325000',
  approvalStatus: 'PENDING_APPROVAL',
  createdAt: AT,
  updatedAt: AT,
  submittedAt: AT,
  canSubmit: false,
  projectKey: 'PRJ-1',
  selectedNoc: 'Final',
  version: 2,
  meta: { opportunityKey: 'OPP-1', projectKey: 'PRJ-1' },
  firstApproval: null,
};

const frequency: Frequency = {
  key: 'FRQ-1',
  collateralKey: 'COL-1',
  frequency: 1,
  month: 3,
  year: 2026,
  approvalStatus: 'NOT_RAISED',
  uploadedFiles: 1,
  hasRequiredFiles: false,
  canSubmit: false,
  submittedAt: null,
  version: 1,
  createdAt: AT,
  updatedAt: AT,
  meta: { collateral: 'COL-1', account: 'ACC1' },
  dueDate: '2026-04-15',
  daysLate: null,
};

function entry(fileType: string, fileName: string | null, presignedUrl: string | null): FileEntry {
  return {
    file: {
      key: `file-${fileType}`,
      fileName,
      fileHash: fileName ? 'a'.repeat(64) : null,
      fileType,
      size: fileName ? 120 : null,
      contentType: fileName ? 'application/pdf' : null,
      approvalStatus: 'NOT_RAISED',
      borrowerRemarks: 'Sent by the borrower',
      approverRemarks: null,
      rejectionReason: null,
      uploadedBy: 'ACC1',
      reviewedBy: null,
      reviewedAt: null,
      replacesKey: null,
      previousReview: null,
      createdAt: AT,
      updatedAt: AT,
      deletedAt: null,
    },
    meta: { presignedUrl },
  };
}

const fileList = (files: FileEntry[]) => ({
  files,
  meta: { count: files.length, page: 1, perPage: 50, totalPages: 1, totalRecords: files.length },
});

const NOT_FOUND = { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No such unit' } } };

/** Answers GETs by path; anything else is the API's 404. */
function stubReads(role: Role, answers: Record<string, { status: number; body: unknown }>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input);
    const answer =
      path === '/api/auth/session'
        ? { status: 200, body: { user: sessionUser(role) } }
        : (answers[path] ?? NOT_FOUND);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const UNIT_FILES = '/api/units/UNIT-1/files?perPage=50';
const KYC_URL = '/api/storage/units/kyc.pdf?signature=abc';

function stubUnit(role: Role = 'viewer') {
  return stubReads(role, {
    '/api/projects/PRJ-1/units/UNIT-1': {
      status: 200,
      body: { unit: { ...unit, approvalsRequired: 1 } },
    },
    '/api/opportunities/OPP-1/projects/PRJ-1': {
      status: 200,
      body: { project: { key: 'PRJ-1', name: 'Skyline Residency', opportunityKey: 'OPP-1' } },
    },
    [UNIT_FILES]: {
      status: 200,
      body: fileList([
        entry('KYC_APPLICANT', 'kyc.pdf', KYC_URL),
        // docs/product.md#api: remarks without a file.
        entry('OTHER', null, null),
      ]),
    },
  });
}

/** Each body row as [type, name, action]. */
function tableRows() {
  const table = screen.getByRole('table', { name: 'Uploaded files' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [
      within(row).getByRole('rowheader').textContent,
      ...within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.trim()),
    ]);
}

describe('FilesStatusPage (docs/product.md#screens read-only files status screen)', () => {
  it('titles a unit with its project and lists every unit type, with Download or No File Uploaded', async () => {
    stubUnit();
    renderApp('/projects/PRJ-1/units/UNIT-1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Skyline Residency' }),
    ).toBeTruthy();
    expect(screen.getByText('Unit: Flat A-101')).toBeTruthy();

    const rows = tableRows();
    expect(rows.map(([type]) => type)).toEqual([
      'NOC Request Provisional',
      'NOC Request Final',
      'ATS/BBA',
      'KYC Applicant',
      'Kyc Co-Applicant',
      'Customer Ledger',
      'Shortfall Infusion Proof',
      'Other',
    ]);
    expect(rows.find(([type]) => type === 'KYC Applicant')).toEqual([
      'KYC Applicant',
      'kyc.pdf',
      'Download',
    ]);
    expect(rows.filter(([, , action]) => action === 'No File Uploaded')).toHaveLength(7);
    // The remarks-only entry has nothing to download.
    expect(rows.find(([type]) => type === 'Other')).toEqual(['Other', '—', 'No File Uploaded']);

    const link = screen.getByRole('link', { name: /^Download KYC Applicant: kyc\.pdf/ });
    expect(link.getAttribute('href')).toBe(KYC_URL);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getAllByRole('link', { name: /^Download/ })).toHaveLength(1);
  });

  it('titles a frequency with its collateral and lists the nine types plus the read-only extras', async () => {
    stubReads('client', {
      '/api/collaterals/COL-1/frequencies/FRQ-1': { status: 200, body: { frequency } },
      '/api/accounts/ACC1/collaterals/COL-1': {
        status: 200,
        body: { collateral: { key: 'COL-1', accountId: 'ACC1', collateralName: 'Baner Land' } },
      },
      '/api/frequencies/FRQ-1/files?perPage=50': {
        status: 200,
        body: fileList([entry('SALES_MIS', 'sales.xlsx', '/api/storage/sales.xlsx?sig=1')]),
      },
    });
    renderApp('/collaterals/COL-1/frequencies/FRQ-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Baner Land' })).toBeTruthy();
    expect(screen.getByText('Monthly, March 2026')).toBeTruthy();

    const rows = tableRows();
    expect(rows.map(([type]) => type)).toEqual([
      'Sales MIS',
      'Customer Ledger',
      'Bank Statements',
      'Salary Documents',
      'GST Documents',
      'TDS Documents',
      'Audited Financial',
      'Trail Balance',
      'Other Documents',
      'KYC Applicant',
      'Kyc Co-Applicant',
      'NOC Request Provisional',
      'NOC Request Final',
      'ATS/BBA',
      'Shortfall Infusion Proof',
    ]);
    expect(rows).toHaveLength(15);
    expect(rows[0]).toEqual(['Sales MIS', 'sales.xlsx', 'Download']);
    expect(rows.filter(([, , action]) => action === 'No File Uploaded')).toHaveLength(14);
  });

  it('fetches fresh links when the page is shown and again when the window regains focus', async () => {
    const fetchMock = stubUnit();
    renderApp('/projects/PRJ-1/units/UNIT-1');
    await screen.findByRole('table', { name: 'Uploaded files' });
    const listCalls = () => fetchMock.mock.calls.filter(([input]) => String(input) === UNIT_FILES);
    expect(listCalls()).toHaveLength(1);

    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    focusManager.setFocused(undefined);
  });

  it('says not found, and shows nothing of the set, when the API answers 404', async () => {
    stubReads('client', {});
    renderApp('/projects/PRJ-9/units/UNIT-9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Files not found' })).toBeTruthy();
    expect(screen.getByText(/or it is not yours to see/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to your home page' }).getAttribute('href')).toBe(
      '/opportunities',
    );
  });

  it('says what failed, with a retry, when the server is down', async () => {
    stubReads('viewer', {
      '/api/projects/PRJ-1/units/UNIT-1': {
        status: 503,
        body: { error: { code: 'UNAVAILABLE', message: 'The database is not reachable.' } },
      },
    });
    renderApp('/projects/PRJ-1/units/UNIT-1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The files could not be loaded' }),
    ).toBeTruthy();
    expect(screen.getByText('The database is not reachable.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('reads in Hindi when Hindi is chosen', async () => {
    setLanguage('hi');
    stubUnit();
    renderApp('/projects/PRJ-1/units/UNIT-1');
    expect(await screen.findByText('यूनिट: Flat A-101')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'अपलोड की गई फ़ाइलें' });
    expect(within(table).getByRole('columnheader', { name: 'फ़ाइल का प्रकार' })).toBeTruthy();
    expect(within(table).getAllByText('कोई फ़ाइल अपलोड नहीं की गई')).toHaveLength(7);
    expect(screen.getByRole('link', { name: /^आवेदक का KYC डाउनलोड करें: kyc\.pdf/ })).toBeTruthy();
  });
});
