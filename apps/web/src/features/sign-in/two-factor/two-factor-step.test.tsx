import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SessionUser } from '@portal/domain';
import { setLanguage } from '../../../i18n';
import { renderApp, stubApi } from '../../../test/render';
import {
  apiError,
  sentBodies,
  SIGNED_OUT,
  typeCode,
} from '../../identity-shared/identity-test-utils';

const client: SessionUser = {
  username: 'ACC1001',
  email: 'asha.mehta@example.com',
  role: 'client',
  accountKey: 'ACC1001',
  name: 'Mehta Constructions Pvt Ltd',
};
const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `ABCDE-0000${i}`);

async function signInWithPassword() {
  await screen.findByRole('heading', { level: 1, name: 'Sign In' });
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'acc1001' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret#123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  await screen.findByRole('heading', { level: 1, name: 'Two-Factor Sign In' });
}

const challenged = (challenge: 'TOTP_REQUIRED' | 'MFA_SETUP') => ({
  ...SIGNED_OUT,
  '/api/auth/signin': { status: 200, body: { challenge, challengeToken: 'challenge-1' } },
});

afterEach(() => setLanguage('en'));

describe('Two-factor sign-in step', () => {
  it('asks for the code in Hindi when Hindi is chosen', async () => {
    setLanguage('hi');
    stubApi(challenged('TOTP_REQUIRED'));
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'साइन इन' });
    fireEvent.change(screen.getByLabelText('यूज़रनेम'), { target: { value: 'acc1001' } });
    fireEvent.change(screen.getByLabelText('पासवर्ड'), { target: { value: 'Secret#123' } });
    fireEvent.click(screen.getByRole('button', { name: 'सबमिट करें' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'दो-चरणीय साइन इन' })).toBeTruthy();
    expect(await screen.findByText('अपने ऑथेंटिकेटर ऐप में दिख रहा छह अंकों का कोड दर्ज करें')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: '6 में से अंक 1' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'फ़ोन खो गया? रिकवरी कोड इस्तेमाल करें' }));
    expect(screen.getByLabelText('रिकवरी कोड')).toBeTruthy();
  });

  it('asks for the six digits after the password, then starts the session', async () => {
    const fetchMock = stubApi({
      ...challenged('TOTP_REQUIRED'),
      '/api/auth/signin/two-factor': { status: 200, body: { token: 't', user: client } },
    });
    const { router } = renderApp('/');
    await signInWithPassword();
    expect(
      await screen.findByText('Enter the six digit code from your authenticator app'),
    ).toBeTruthy();
    await typeCode('123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/opportunities'));
    expect(sentBodies(fetchMock, '/api/auth/signin/two-factor')).toEqual([
      { challengeToken: 'challenge-1', code: '123456' },
    ]);
  });

  it("shows the server's message for a wrong code and stays on the step", async () => {
    stubApi({
      ...challenged('TOTP_REQUIRED'),
      '/api/auth/signin/two-factor': apiError(
        400,
        'INVALID_CODE',
        'Invalid verification code provided, please try again.',
      ),
    });
    const { router } = renderApp('/');
    await signInWithPassword();
    await typeCode('000000');
    expect(
      await screen.findByText('Invalid verification code provided, please try again.'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('takes a recovery code instead, written any way', async () => {
    const fetchMock = stubApi({
      ...challenged('TOTP_REQUIRED'),
      '/api/auth/signin/two-factor': { status: 200, body: { token: 't', user: client } },
    });
    const { router } = renderApp('/');
    await signInWithPassword();
    fireEvent.click(screen.getByRole('button', { name: 'Lost your phone? Use a recovery code' }));
    const input = screen.getByLabelText('Recovery code');
    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/ten letters and digits/)).toBeTruthy();
    fireEvent.change(input, { target: { value: ' 7kq2m-xw9rd ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/opportunities'));
    expect(sentBodies(fetchMock, '/api/auth/signin/two-factor')).toEqual([
      { challengeToken: 'challenge-1', recoveryCode: '7KQ2MXW9RD' },
    ]);
  });

  it('goes back to the password when the challenge has expired', async () => {
    stubApi({
      ...challenged('TOTP_REQUIRED'),
      '/api/auth/signin/two-factor': apiError(
        401,
        'SIGN_IN_EXPIRED',
        'Your sign-in has expired. Enter your password again.',
      ),
    });
    renderApp('/');
    await signInWithPassword();
    await typeCode('123456');
    expect(
      await screen.findByText('Your sign-in has expired. Enter your password again.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    expect(screen.getByLabelText('Password')).toHaveProperty('value', '');
  });

  const enrolled = {
    status: 200,
    body: { token: 't', user: client, recoveryCodes: RECOVERY_CODES },
  };
  const setupApi = (confirm: { status: number; body: unknown } = enrolled) => ({
    ...challenged('MFA_SETUP'),
    '/api/auth/signin/two-factor/setup': {
      status: 200,
      body: {
        qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        uri: 'otpauth://totp/Portal:ACC1001?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Portal',
      },
    },
    '/api/auth/signin/two-factor/setup/resend': { status: 202, body: { accepted: true } },
    '/api/auth/signin/two-factor/confirm': confirm,
  });

  it('walks through setting up the app when the lender requires it, then shows the recovery codes once', async () => {
    const fetchMock = stubApi(setupApi());
    const { router } = renderApp('/');
    await signInWithPassword();
    // First the code e-mailed to the address on file, then the app.
    expect(await screen.findByText(/We e-mailed a six digit code/)).toBeTruthy();
    await typeCode('112233');
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    await typeCode('654321');
    expect(await screen.findByText('ABCDE-00009')).toBeTruthy();
    expect(sentBodies(fetchMock, '/api/auth/signin/two-factor/confirm')).toEqual([
      { challengeToken: 'challenge-1', code: '654321', emailCode: '112233' },
    ]);
    // The session starts only once the borrower says the codes are saved.
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByLabelText('I have saved my recovery codes'));
    fireEvent.click(continueButton);
    await waitFor(() => expect(router.state.location.pathname).toBe('/opportunities'));
  });

  it('asks for the e-mailed code again when the server refuses it, and sends a new one on request', async () => {
    const fetchMock = stubApi(
      setupApi(
        apiError(
          400,
          'INVALID_EMAIL_CODE',
          'The code from the e-mail is not valid or has expired. Check it, or send a new one.',
        ),
      ),
    );
    renderApp('/');
    await signInWithPassword();
    await typeCode('112233');
    await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await typeCode('654321');
    expect(
      await screen.findByText(
        'The code from the e-mail is not valid or has expired. Check it, or send a new one.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Code from the e-mail')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText(/A new six digit code is on its way/)).toBeTruthy();
    expect(sentBodies(fetchMock, '/api/auth/signin/two-factor/setup/resend')).toEqual([
      { challengeToken: 'challenge-1' },
    ]);
  });

  it('asks for the e-mailed code in Hindi when Hindi is chosen', async () => {
    setLanguage('hi');
    stubApi(setupApi());
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'साइन इन' });
    fireEvent.change(screen.getByLabelText('यूज़रनेम'), { target: { value: 'acc1001' } });
    fireEvent.change(screen.getByLabelText('पासवर्ड'), { target: { value: 'Secret#123' } });
    fireEvent.click(screen.getByRole('button', { name: 'सबमिट करें' }));
    expect(await screen.findByText('ई-मेल से मिला कोड')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'नया कोड भेजें' })).toBeTruthy();
  });
});
