import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { setLanguage } from '../../i18n';
import { renderWithProviders, stubApi } from '../../test/render';
import { NocLetterSigning } from './noc-letter-signing';

const PATH = '/api/admin/noc-letter-signing';

afterEach(() => act(() => setLanguage('en')));

describe('NocLetterSigning (the admin screen’s NOC letter mode)', () => {
  it('says letters are signed, with whose certificate, from which authority, until when', async () => {
    stubApi({
      [PATH]: {
        status: 200,
        body: {
          certificate: {
            name: 'Meera Iyer',
            issuer: 'Lender CA 2026',
            validTo: '2027-03-31T18:29:59.000Z',
            fingerprint: 'ab'.repeat(32),
          },
        },
      },
    });
    renderWithProviders(<NocLetterSigning />);
    expect(await screen.findByText('NOC letters are digitally signed')).toBeTruthy();
    expect(
      screen.getByText(
        /certificate of Meera Iyer, issued by Lender CA 2026, valid until 31 Mar 2027/,
      ),
    ).toBeTruthy();
  });

  it('says letters are not signed, in English and in Hindi', async () => {
    stubApi({ [PATH]: { status: 200, body: { certificate: null } } });
    renderWithProviders(<NocLetterSigning />);
    expect(await screen.findByText('NOC letters are not digitally signed')).toBeTruthy();
    expect(screen.getByText(/its verification page is authoritative/)).toBeTruthy();
    await act(() => setLanguage('hi'));
    expect(await screen.findByText('NOC पत्रों पर डिजिटल हस्ताक्षर नहीं होते')).toBeTruthy();
  });

  it('says when it cannot tell', async () => {
    stubApi({});
    renderWithProviders(<NocLetterSigning />);
    expect(await screen.findByText(/Could not tell whether NOC letters are signed/)).toBeTruthy();
  });
});
