import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { SessionUser } from '@portal/domain';
import { setLanguage } from '../i18n';
import { renderApp, stubApi } from '../test/render';

const client: SessionUser = {
  username: 'ACC1',
  email: 'asha@example.com',
  role: 'client',
  accountKey: 'ACC1',
  name: 'Asha Homes',
};
const approver: SessionUser = {
  username: 'checker1',
  email: 'checker@lender.example',
  role: 'approver',
  accountKey: null,
  name: 'Priya Checker',
};

function signedInAs(user: SessionUser) {
  return stubApi({ '/api/auth/session': { status: 200, body: { user } } });
}

function signedOut() {
  return stubApi({
    '/api/auth/session': {
      status: 401,
      body: { error: { code: 'UNAUTHENTICATED', message: 'Not signed in' } },
    },
  });
}

describe('route guard (docs/product.md#screens)', () => {
  it('sends a visit without a session to the root and remembers where it was going', async () => {
    signedOut();
    const { router } = renderApp('/checker?status=APPROVED#top');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(sessionStorage.getItem('returnUrl')).toBe('/checker?status=APPROVED#top');
  });

  it('does the same for the read-only files status screen', async () => {
    signedOut();
    const { router } = renderApp('/projects/P1/units/U7');
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(router.state.location.pathname).toBe('/');
    expect(sessionStorage.getItem('returnUrl')).toBe('/projects/P1/units/U7');
  });

  it('shows a guarded screen to a signed-in user', async () => {
    signedInAs(client);
    renderApp('/collateralstatus');
    expect(await screen.findByRole('heading', { name: 'Collateral Status' })).toBeTruthy();
  });
});

describe('start-up at the root (docs/product.md#screens)', () => {
  it('sends an approver to the NOC checker', async () => {
    signedInAs(approver);
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'NOC Checker' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/checker');
  });

  it('sends a client to their opportunities', async () => {
    signedInAs(client);
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Account Information' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/opportunities');
  });

  it('opens a saved return address once, then forgets it', async () => {
    signedInAs(client);
    sessionStorage.setItem('returnUrl', '/unitstatus');
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Unit Status' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/unitstatus');
    await waitFor(() => expect(sessionStorage.getItem('returnUrl')).toBeNull());
  });

  it('ignores a saved address that leaves the app', async () => {
    signedInAs(client);
    sessionStorage.setItem('returnUrl', '//evil.example/phish');
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Account Information' });
    expect(router.state.location.pathname).toBe('/opportunities');
  });

  it('stays on sign-in without a session', async () => {
    signedOut();
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('unknown addresses', () => {
  it('shows a not-found page with a link home', async () => {
    signedOut();
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
      '/',
    );
  });
});

describe('in Hindi', () => {
  afterEach(() => setLanguage('en'));

  it('says so in Hindi when the sign-in cannot be checked', async () => {
    setLanguage('hi');
    stubApi({
      '/api/auth/session': {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'Something went wrong' } },
      },
    });
    renderApp('/');
    expect(await screen.findByText('हम आपके साइन इन की जाँच नहीं कर सके')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'फिर से कोशिश करें' })).toBeTruthy();
  });

  it('shows the not-found page in Hindi', async () => {
    setLanguage('hi');
    signedOut();
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'पेज नहीं मिला' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'होम पेज पर जाएँ' }).getAttribute('href')).toBe('/');
  });
});
