import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { SessionUser } from '@portal/domain';
import { renderApp, stubApi } from '../../test/render';
import { SIGNED_OUT } from '../identity-shared/identity-test-utils';

const approver: SessionUser = {
  username: 'oidc:approver',
  email: 'approver@lender.example',
  role: 'approver',
  accountKey: null,
  name: 'Priya Nair',
};

describe('OAuth callback (SPEC §2)', () => {
  it('says it is authenticating, welcomes the user, then goes on to their home', async () => {
    stubApi({ '/api/auth/session': { status: 200, body: { user: approver } } });
    const { router } = renderApp('/oauthcallback');
    expect(await screen.findByText('Authenticating...')).toBeTruthy();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to Borrower Portal' }),
    ).toBeTruthy();
    expect(screen.getByText('approver@lender.example')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/checker'), {
      timeout: 4000,
    });
  });

  it('goes to sign-in when there is no session', async () => {
    stubApi(SIGNED_OUT);
    const { router } = renderApp('/oauthcallback');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
  });
});
