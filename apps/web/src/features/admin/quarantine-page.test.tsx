import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { QuarantineListResponse, Role, SessionUser } from '@portal/domain';
import { setLanguage } from '../../i18n';
import { renderApp, stubApi } from '../../test/render';

const admin: SessionUser = {
  username: 'admin@lender.example',
  email: 'admin@lender.example',
  role: 'admin',
  accountKey: null,
  name: 'Anita Desai',
};

const LIST = '/api/admin/quarantine?page=1&perPage=10';
const meta = (count: number) => ({
  count,
  page: 1,
  perPage: 10,
  totalPages: 1,
  totalRecords: count,
  next: null,
});

function stub(role: Role, answer: QuarantineListResponse) {
  return stubApi({
    '/api/auth/session': { status: 200, body: { user: { ...admin, role } } },
    [LIST]: { status: 200, body: answer },
  });
}

afterEach(() => setLanguage('en'));

describe('Quarantined files', () => {
  it('lists what the scanner blocked: the file, what was found, where, who and when', async () => {
    stub('admin', {
      scanning: true,
      files: [
        {
          key: 'f1',
          kind: 'unit',
          parentKey: 'UNIT-7',
          accountId: 'ACC1001',
          fileType: 'CUSTOMER_LEDGER',
          fileName: 'ledger.csv',
          size: 68,
          scanResult: 'Win.Test.EICAR_HDB-1',
          uploadedBy: 'ACC1001',
          quarantinedAt: '2026-11-24T06:30:00.000Z',
        },
      ],
      meta: meta(1),
    });
    renderApp('/admin/quarantine');
    const table = await screen.findByRole('region', { name: 'Quarantined files' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('ledger.csv');
    expect(row.textContent).toContain('Win.Test.EICAR_HDB-1');
    expect(row.textContent).toContain('Unit UNIT-7');
    expect(row.textContent).toContain('24 Nov 2026');
    expect(screen.queryByText('Files are not scanned')).toBeNull();
    expect(screen.getByRole('link', { name: 'Quarantine' })).toBeTruthy();
  });

  it('says plainly that files are not scanned when no scanner is configured', async () => {
    stub('admin', { scanning: false, files: [], meta: meta(0) });
    renderApp('/admin/quarantine');
    expect(await screen.findByText('Files are not scanned')).toBeTruthy();
    expect(screen.getByText('No quarantined files')).toBeTruthy();
  });

  it('tells staff other than admins that it is for admins only', async () => {
    stub('approver', { scanning: true, files: [], meta: meta(0) });
    renderApp('/admin/quarantine');
    expect(await screen.findByRole('heading', { name: 'Admins only' })).toBeTruthy();
  });

  it('speaks Hindi when Hindi is chosen', async () => {
    setLanguage('hi');
    stub('admin', { scanning: false, files: [], meta: meta(0) });
    renderApp('/admin/quarantine');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'क्वारंटीन की गई फ़ाइलें' }),
    ).toBeTruthy();
    expect(await screen.findByText('फ़ाइलों की जाँच नहीं हो रही है')).toBeTruthy();
    expect(screen.getByText('कोई फ़ाइल क्वारंटीन नहीं की गई')).toBeTruthy();
  });
});
