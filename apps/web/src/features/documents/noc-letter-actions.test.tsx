import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NocLetterResponse } from '@portal/domain';
import { renderWithProviders } from '../../test/render';
import { callsTo, stubRoutes } from './document-test-utils';
import { NocLetterDownloadButton } from './noc-letter-actions';
import { fullSet, renderPanel, stubSet } from './panel-test-utils';

const LETTER = 'GET /api/projects/PRJ-1/units/UNIT-1/noc-letter';
const REVOKE = '/api/noc-letters/NOC-7K3M-Q9TB-X2CD-H8RW/revoke';

const issued = (overrides: Partial<NocLetterResponse['file']> = {}) => ({
  status: 200,
  body: {
    file: {
      letterNumber: 'NOC-7K3M-Q9TB-X2CD-H8RW',
      unitKey: 'UNIT-1',
      nocType: 'Final',
      state: 'ISSUED',
      fileName: 'NOC letter A-101 NOC-7K3M-Q9TB-X2CD-H8RW.pdf',
      sha256: 'a'.repeat(64),
      size: 2048,
      approvedAt: '2026-11-22T08:35:00.000Z',
      issuedAt: '2026-11-22T08:35:02.000Z',
      revokedAt: null,
      revokeReason: null,
      verificationUrl: 'http://localhost/verify/NOC-7K3M-Q9TB-X2CD-H8RW',
      ...overrides,
    },
    meta: { presignedUrl: 'http://localhost/api/storage/noc-letters/letter.pdf?sig=1' },
  } satisfies NocLetterResponse,
});

afterEach(() => vi.unstubAllGlobals());

describe('the NOC letter in a unit’s panel', () => {
  it('says the letter is being prepared until the API has it', async () => {
    stubSet('client', 'APPROVED', fullSet('APPROVED'), { [LETTER]: { status: 202 } });
    renderPanel();
    expect(await screen.findByText('Preparing NOC letter…')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Download NOC letter/ })).toBeNull();
  });

  it('offers the borrower the download, without the staff’s details or actions', async () => {
    stubSet('client', 'APPROVED', fullSet('APPROVED'), { [LETTER]: issued() });
    renderPanel();
    const link = await screen.findByRole('link', { name: /Download NOC letter/ });
    expect(link.getAttribute('href')).toContain('/api/storage/noc-letters/letter.pdf');
    expect(screen.queryByText(/NOC-7K3M/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Revoke letter' })).toBeNull();
  });

  it('is not there before the unit is approved', async () => {
    const { fetchMock } = stubSet('client', 'PENDING_APPROVAL', fullSet('PENDING_APPROVAL'));
    renderPanel();
    await screen.findByText(/Status:/);
    expect(screen.queryByText(/NOC letter/)).toBeNull();
    expect(callsTo(fetchMock, 'GET', LETTER.slice(4))).toHaveLength(0);
  });

  it('lets an approver revoke it with a reason, and shows it revoked', async () => {
    let revoked = false;
    const { fetchMock } = stubSet('approver', 'APPROVED', fullSet('APPROVED'), {
      [LETTER]: () =>
        revoked
          ? issued({
              state: 'REVOKED',
              revokedAt: '2026-11-23T10:00:00.000Z',
              revokeReason: 'Sale cancelled',
            })
          : issued(),
      [`POST ${REVOKE}`]: () => {
        revoked = true;
        return { status: 200, body: { nocLetter: issued().body.file } };
      },
    });
    renderPanel();
    expect(await screen.findByText('NOC-7K3M-Q9TB-X2CD-H8RW')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Revoke letter' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Revoke NOC letter' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Revoke letter' }));
    expect(await dialog.findByText('Give the reason for revoking the letter')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', REVOKE)).toHaveLength(0);

    fireEvent.change(dialog.getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Sale cancelled' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Revoke letter' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', REVOKE)).toEqual([{ reason: 'Sale cancelled' }]),
    );
    expect(await screen.findByText('REVOKED')).toBeTruthy();
    expect(screen.getByText(/Revoked on 23 Nov 2026: Sale cancelled/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Revoke letter' })).toBeNull();
  });
});

describe('Download NOC letter on a unit’s row', () => {
  const renderButton = () =>
    renderWithProviders(
      <NocLetterDownloadButton
        nocLetterPath="/api/projects/PRJ-1/units/UNIT-1/noc-letter"
        label="Flat A-101"
      />,
    );
  const button = () => screen.getByRole('button', { name: 'Download NOC letter of Flat A-101' });

  it('says the letter is being prepared, then downloads it by a fresh link', async () => {
    let ready = false;
    stubRoutes({
      // 202 with no body while the PDF is being made.
      [LETTER]: () => (ready ? issued() : { status: 202 }),
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderButton();
    fireEvent.click(button());
    expect(await screen.findByText(/Preparing NOC letter…/)).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();

    ready = true;
    fireEvent.click(button());
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        'http://localhost/api/storage/noc-letters/letter.pdf?sig=1',
      ),
    );
  });
});
