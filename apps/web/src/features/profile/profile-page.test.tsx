import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { SessionUser } from '@portal/domain';
import { setLanguage } from '../../i18n';
import { renderApp, stubApi } from '../../test/render';
import { apiError, sentBodies, typeCode } from '../identity-shared/identity-test-utils';
import { demoBorrower as borrower } from '../../test/session-users';

const session = (user: SessionUser) => ({ '/api/auth/session': { status: 200, body: { user } } });
const status = (enabled: boolean, required = false) => ({
  '/api/profile/two-factor': {
    status: 200,
    body: { enabled, required, recoveryCodesLeft: enabled ? 7 : 0 },
  },
});

afterEach(() => setLanguage('en'));

describe('Profile: two-factor sign-in', () => {
  it('is written in Hindi when Hindi is chosen, the recovery codes left counted', async () => {
    setLanguage('hi');
    stubApi({ ...session(borrower), ...status(true) });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'प्रोफ़ाइल' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'दो-चरणीय साइन इन' })).toBeTruthy();
    expect(await screen.findByText('चालू')).toBeTruthy();
    expect(screen.getByText(/7 रिकवरी कोड बचे हैं।/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'दो-चरणीय साइन इन बंद करें' }));
    expect(screen.getByText('आपके ऑथेंटिकेटर ऐप का मौजूदा कोड')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'रद्द करें' })).toBeTruthy();
  });

  it('sets up an authenticator app: QR code and key, the first code, then the recovery codes', async () => {
    const fetchMock = stubApi({
      ...session(borrower),
      ...status(false),
      '/api/profile/two-factor/setup': {
        status: 200,
        body: {
          qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
          secret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU',
          uri: 'otpauth://totp/Portal:ACC1001?secret=KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU&issuer=Portal',
        },
      },
      '/api/profile/two-factor/enable': {
        status: 200,
        body: { recoveryCodes: Array.from({ length: 10 }, (_, i) => `QWERT-1234${i}`) },
      },
    });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    // The key in groups of four, and a link that opens the authenticator app on this phone.
    expect(await screen.findByText('KRSX G5CT MVRX EZLU KRSX G5CT MVRX EZLU')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Open in authenticator app' }).getAttribute('href'),
    ).toBe('otpauth://totp/Portal:ACC1001?secret=KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU&issuer=Portal');
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    await typeCode('123456');
    expect(await screen.findByText('QWERT-12349')).toBeTruthy();
    expect(sentBodies(fetchMock, '/api/profile/two-factor/enable')).toEqual([{ code: '123456' }]);
    expect(screen.getByRole('button', { name: 'Done' })).toHaveProperty('disabled', true);
  });

  it('shows a wrong first code as the server words it', async () => {
    stubApi({
      ...session(borrower),
      ...status(false),
      '/api/profile/two-factor/setup': {
        status: 200,
        body: {
          qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
          secret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU',
          uri: 'otpauth://totp/Portal:ACC1001?secret=KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU&issuer=Portal',
        },
      },
      '/api/profile/two-factor/enable': apiError(
        400,
        'INVALID_CODE',
        'Invalid verification code provided, please try again.',
      ),
    });
    renderApp('/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    await typeCode('000000');
    expect(
      await screen.findByText('Invalid verification code provided, please try again.'),
    ).toBeTruthy();
  });

  it('turns off with a current code, and not at all when the lender requires it', async () => {
    const fetchMock = stubApi({
      ...session(borrower),
      ...status(true),
      '/api/profile/two-factor/disable': { status: 204 },
    });
    renderApp('/profile');
    expect(await screen.findByText(/7 recovery codes are left/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    await typeCode('222333');
    expect(await screen.findByText('Two-factor sign-in is off')).toBeTruthy();
    expect(sentBodies(fetchMock, '/api/profile/two-factor/disable')).toEqual([{ code: '222333' }]);
  });

  it('keeps it on when required', async () => {
    stubApi({ ...session(borrower), ...status(true, true) });
    renderApp('/profile');
    expect(await screen.findByText(/requires two-factor sign-in for every borrower/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn off two-factor sign-in' })).toBeNull();
  });

  it('sends staff to their identity provider', async () => {
    stubApi(
      session({ ...borrower, role: 'approver', accountKey: null, username: 'a@lender.example' }),
    );
    renderApp('/profile');
    expect(await screen.findByText(/organisation’s identity provider/)).toBeTruthy();
  });
});
