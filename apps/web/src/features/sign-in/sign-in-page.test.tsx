import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SessionUser } from '@portal/domain';
import { setLanguage } from '../../i18n';
import { renderApp, stubApi } from '../../test/render';
import { apiError, sentBodies, SIGNED_OUT } from '../identity-shared/identity-test-utils';

const client: SessionUser = {
  username: 'ACC1001',
  email: 'asha.mehta@example.com',
  role: 'client',
  accountKey: 'ACC1001',
  name: 'Mehta Constructions Pvt Ltd',
};

function fill(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

const submitButton = () => screen.getByRole('button', { name: 'Submit' });

afterEach(() => setLanguage('en'));

describe('Sign in (docs/product.md#screens, #validation)', () => {
  it('enables Submit only when username and password are both filled in', async () => {
    stubApi(SIGNED_OUT);
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    expect(submitButton()).toHaveProperty('disabled', true);
    fill('ACC1001', '');
    expect(submitButton()).toHaveProperty('disabled', true);
    fill('   ', 'secret');
    expect(submitButton()).toHaveProperty('disabled', true);
    fill('ACC1001', 'secret');
    expect(submitButton()).toHaveProperty('disabled', false);
  });

  it("shows the server's message on failure, and only then the Forgot Password link", async () => {
    stubApi({
      ...SIGNED_OUT,
      '/api/auth/signin': apiError(401, 'INVALID_CREDENTIALS', 'Incorrect username or password.'),
    });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(screen.queryByRole('link', { name: 'Forgot Password' })).toBeNull();
    fill('acc1001', 'wrong');
    fireEvent.click(submitButton());
    expect(await screen.findByText('Incorrect username or password.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot Password' }).getAttribute('href')).toBe(
      '/forgot_password',
    );
  });

  it('sends one attempt at a time', async () => {
    const fetchMock = stubApi(SIGNED_OUT);
    const answer = fetchMock.getMockImplementation()!;
    // The sign-in never answers, so the first attempt stays pending.
    fetchMock.mockImplementation((input: RequestInfo | URL) =>
      input === '/api/auth/signin' ? new Promise<Response>(() => {}) : answer(input),
    );
    renderApp('/');
    await screen.findByRole('heading', { name: 'Sign In' });
    fill('ACC1001', 'secret');
    const form = submitButton().closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(submitButton()).toHaveProperty('disabled', true));
    fireEvent.submit(form);
    expect(sentBodies(fetchMock, '/api/auth/signin')).toHaveLength(1);
  });

  it('signs in with the normalised username and goes to the role home', async () => {
    const fetchMock = stubApi({
      ...SIGNED_OUT,
      '/api/auth/signin': { status: 200, body: { token: 't', user: client } },
    });
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Sign In' });
    fill(' acc1001 ', 'Secret#123');
    fireEvent.click(submitButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/opportunities'));
    expect(sentBodies(fetchMock, '/api/auth/signin')).toEqual([
      { username: 'ACC1001', password: 'Secret#123' },
    ]);
  });

  it("checks the fields with the domain's schema when submitted", async () => {
    const fetchMock = stubApi(SIGNED_OUT);
    renderApp('/');
    await screen.findByRole('heading', { name: 'Sign In' });
    fill('A'.repeat(255), 'secret');
    fireEvent.click(submitButton());
    expect(await screen.findByText('Username is too long')).toBeTruthy();
    expect(sentBodies(fetchMock, '/api/auth/signin')).toHaveLength(0);
  });

  it('opens the saved return address after sign-in', async () => {
    stubApi({
      ...SIGNED_OUT,
      '/api/auth/signin': { status: 200, body: { token: 't', user: client } },
    });
    sessionStorage.setItem('returnUrl', '/unitstatus');
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Sign In' });
    fill('ACC1001', 'Secret#123');
    fireEvent.click(submitButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/unitstatus'));
  });

  it('shows how long to wait when sign-in is locked (429)', async () => {
    stubApi({
      ...SIGNED_OUT,
      '/api/auth/signin': apiError(429, 'THROTTLED', 'Too many attempts. Try again in 15 minutes.'),
    });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Sign In' });
    fill('ACC1001', 'secret');
    fireEvent.click(submitButton());
    expect(await screen.findByText('Too many attempts. Try again in 15 minutes.')).toBeTruthy();
  });

  it('leads a borrower who has not entered the e-mailed code to it', async () => {
    stubApi({
      ...SIGNED_OUT,
      '/api/auth/signin': apiError(403, 'USER_NOT_CONFIRMED', 'User is not confirmed.'),
    });
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Sign In' });
    fill('acc1001', 'Secret#123');
    fireEvent.click(submitButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Enter your verification code' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verification'));
    expect(sessionStorage.getItem('signupAccountId')).toBe('ACC1001');
  });

  it('words a staff sign-on failure sent back in ?error= by its code, and dismisses it', async () => {
    stubApi(SIGNED_OUT);
    const { router } = renderApp('/?error=staff_domain_not_allowed');
    const message =
      "Staff sign-in is limited to your lender's e-mail domains. Sign in with your work account.";
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByText('Staff sign-in did not complete')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByText(message)).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
  });

  it.each([
    ['user_disabled', 'User is disabled. Ask an administrator if you need access.'],
    [
      'staff_email_changed',
      'The e-mail address of your organisation account has changed. Ask an administrator to update your portal access.',
    ],
    [
      'sign_in_expired',
      'Your sign-in took too long or was started in another window. Please try again.',
    ],
  ])('says what ?error=%s means', async (code, message) => {
    stubApi(SIGNED_OUT);
    renderApp(`/?error=${code}`);
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('never shows the text of ?error=: an unknown code gets one generic message', async () => {
    for (const planted of ['Your account is locked. Call +1 555 0100 now', 'constructor']) {
      stubApi(SIGNED_OUT);
      const { unmount } = renderApp(`/?error=${encodeURIComponent(planted)}`);
      expect(
        await screen.findByText('Staff sign-in could not be completed. Please try again.'),
      ).toBeTruthy();
      expect(screen.queryByText(planted, { exact: false })).toBeNull();
      unmount();
    }
  });

  it('offers staff sign-on by its provider’s name, as a full-page visit, and Sign up at top right', async () => {
    stubApi({
      ...SIGNED_OUT,
      '/api/auth/providers': { status: 200, body: { staff: { name: 'Demo Staff Sign-In' } } },
    });
    renderApp('/');
    const staff = await screen.findByRole('button', { name: 'Continue With Demo Staff Sign-In' });
    const form = staff.closest('form')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/api/auth/oidc/start');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
  });

  it('has no staff button when the server offers no staff sign-on', async () => {
    const fetchMock = stubApi({
      ...SIGNED_OUT,
      '/api/auth/providers': { status: 200, body: { staff: null } },
    });
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/auth/providers', expect.anything()),
    );
    await waitFor(() => expect(screen.queryByText(/organisation account/)).toBeNull());
    expect(screen.queryByRole('button', { name: /Continue With/ })).toBeNull();
  });

  it('keeps SPEC’s plain "Continue With" when the server cannot name the provider', async () => {
    stubApi(SIGNED_OUT);
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Continue With' })).toBeTruthy();
  });

  it('words a staff sign-on failure in Hindi when Hindi is chosen', async () => {
    setLanguage('hi');
    stubApi(SIGNED_OUT);
    renderApp('/?error=sign_in_failed');
    expect(await screen.findByText('स्टाफ़ साइन इन पूरा नहीं हुआ')).toBeTruthy();
    expect(
      await screen.findByText('आपके संगठन के खाते से साइन इन नहीं हो सका। कृपया फिर से प्रयास करें।'),
    ).toBeTruthy();
  });

  it('is written in Hindi when Hindi is chosen', async () => {
    setLanguage('hi');
    stubApi({
      ...SIGNED_OUT,
      '/api/auth/providers': { status: 200, body: { staff: { name: 'Single Sign-On' } } },
      '/api/auth/signin': apiError(401, 'INVALID_CREDENTIALS', 'Incorrect username or password.'),
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'साइन इन' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'साइन अप' })).toBeTruthy();
    expect(screen.getByText('आपकी अकाउंट आईडी या ई-मेल पता')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Single Sign-On से आगे बढ़ें' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('यूज़रनेम'), { target: { value: 'acc1001' } });
    fireEvent.change(screen.getByLabelText('पासवर्ड'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'सबमिट करें' }));
    expect(await screen.findByRole('link', { name: 'पासवर्ड भूल गए?' })).toBeTruthy();
  });
});
