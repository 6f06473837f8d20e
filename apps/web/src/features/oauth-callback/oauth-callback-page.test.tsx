import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { SessionUser } from '@portal/domain';
import { setLanguage } from '../../i18n';
import { renderApp, stubApi } from '../../test/render';
import { SIGNED_OUT } from '../identity-shared/identity-test-utils';

const approver: SessionUser = {
  username: 'oidc:approver',
  email: 'approver@lender.example',
  role: 'approver',
  accountKey: null,
  name: 'Priya Nair',
};

afterEach(() => setLanguage('en'));

describe('OAuth callback (docs/product.md#screens)', () => {
  it('says it in Hindi when Hindi is chosen', async () => {
    setLanguage('hi');
    stubApi({ '/api/auth/session': { status: 200, body: { user: approver } } });
    const { router } = renderApp('/oauthcallback');
    expect(await screen.findByText('आपकी पहचान की पुष्टि हो रही है...')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/checker'));
  });

  it('says it is authenticating, then goes on to the home page without a pause', async () => {
    stubApi({ '/api/auth/session': { status: 200, body: { user: approver } } });
    const { router } = renderApp('/oauthcallback');
    expect(await screen.findByText('Authenticating...')).toBeTruthy();
    // No timer to wait out: the home page follows as soon as the session is known.
    expect(await screen.findByRole('heading', { level: 1, name: 'NOC Checker' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/checker');
  });

  it('goes on to the saved return address, such as an e-mail’s link', async () => {
    stubApi({ '/api/auth/session': { status: 200, body: { user: approver } } });
    sessionStorage.setItem('returnUrl', '/checker?status=REJECTED&project=P1&unit=U1');
    const { router } = renderApp('/oauthcallback');
    await waitFor(() => expect(router.state.location.pathname).toBe('/checker'));
    expect(router.state.location.search).toBe('?status=REJECTED&project=P1&unit=U1');
  });

  it('goes to sign-in when there is no session', async () => {
    stubApi(SIGNED_OUT);
    const { router } = renderApp('/oauthcallback');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
  });
});
