import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setLanguage } from '../../i18n';
import { renderApp, stubApi } from '../../test/render';
import { apiError, sentBodies } from '../identity-shared/identity-test-utils';

const submitButton = () => screen.getByRole('button', { name: 'Submit' });

afterEach(() => setLanguage('en'));

describe('Forgot password (docs/product.md#screens, #validation)', () => {
  it('is written in Hindi when Hindi is chosen, and so is the code screen after it', async () => {
    setLanguage('hi');
    stubApi({ '/api/auth/password/forgot': { status: 202, body: { accepted: true } } });
    renderApp('/forgot_password');
    expect(await screen.findByRole('heading', { level: 1, name: 'पासवर्ड भूल गए' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('ई-मेल/अकाउंट आईडी'), {
      target: { value: 'acc1002' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'सबमिट करें' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'वेरिफ़िकेशन कोड दर्ज करें' }),
    ).toBeTruthy();
    expect(screen.getByText(/अकाउंट:/)).toBeTruthy();
  });

  it.each(['/forgot_password', '/forgot'])('is served at %s', async (path) => {
    stubApi({});
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot Password' })).toBeTruthy();
  });

  it('enables Submit once the field has text, then goes to the code screen with the username', async () => {
    const fetchMock = stubApi({
      '/api/auth/password/forgot': { status: 202, body: { accepted: true } },
    });
    const { router } = renderApp('/forgot_password');
    const field = await screen.findByLabelText('Email/account id');
    expect(submitButton()).toHaveProperty('disabled', true);
    fireEvent.change(field, { target: { value: 'acc1002' } });
    expect(submitButton()).toHaveProperty('disabled', false);
    fireEvent.click(submitButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgotverification'));
    expect(sentBodies(fetchMock, '/api/auth/password/forgot')).toEqual([{ username: 'ACC1002' }]);
    expect(sessionStorage.getItem('resetUsername')).toBe('ACC1002');
    expect(await screen.findByText('ACC1002')).toBeTruthy();
  });

  it("shows the service's message when the request fails", async () => {
    stubApi({
      '/api/auth/password/forgot': apiError(429, 'THROTTLED', 'Too many attempts; try again later'),
    });
    renderApp('/forgot_password');
    fireEvent.change(await screen.findByLabelText('Email/account id'), {
      target: { value: 'ravi.kumar@example.com' },
    });
    fireEvent.click(submitButton());
    expect(await screen.findByText('Too many attempts; try again later')).toBeTruthy();
  });
});
