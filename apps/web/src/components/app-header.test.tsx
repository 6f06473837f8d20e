import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SessionUser } from '@portal/domain';
import { setLanguage } from '../i18n';
import { renderApp, renderWithProviders, stubApi } from '../test/render';
import { atPhoneWidth } from '../test/viewport';
import { SignedInHeader } from './signed-in-layout';

const client: SessionUser = {
  username: 'ACC1',
  email: 'asha@example.com',
  role: 'client',
  accountKey: 'ACC1',
  name: 'Asha Homes',
};
const approver: SessionUser = {
  ...client,
  username: 'checker1',
  role: 'approver',
  accountKey: null,
  name: 'Priya',
};

afterEach(() => setLanguage('en'));

function renderHeader(user: SessionUser) {
  const router = createMemoryRouter([{ path: '*', element: <SignedInHeader user={user} /> }]);
  renderWithProviders(<RouterProvider router={router} />);
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

function hrefOf(nav: ReturnType<typeof renderHeader>, name: string) {
  return nav.getByRole('link', { name }).getAttribute('href');
}

describe('AppHeader (docs/product.md#screens header navigation)', () => {
  it('gives a client Home, Unit Status, Collateral Status and their account', () => {
    const nav = renderHeader(client);
    expect(hrefOf(nav, 'Home')).toBe('/opportunities');
    expect(hrefOf(nav, 'Unit Status')).toBe('/unitstatus');
    expect(hrefOf(nav, 'Collateral Status')).toBe('/collateralstatus');
    expect(nav.getByRole('button', { name: 'Account: Asha Homes' })).toBeTruthy();
    expect(nav.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(nav.queryByRole('link', { name: 'NOC Checker' })).toBeNull();
    expect(nav.queryByRole('link', { name: 'Collateral Checker' })).toBeNull();
  });

  it('gives an approver the two checker screens instead', () => {
    const nav = renderHeader(approver);
    expect(hrefOf(nav, 'NOC Checker')).toBe('/checker');
    expect(hrefOf(nav, 'Collateral Checker')).toBe('/collateralchecker');
    expect(nav.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(nav.queryByRole('link', { name: 'Home' })).toBeNull();
    expect(nav.queryByRole('link', { name: 'Unit Status' })).toBeNull();
  });

  it('names every destination in Hindi when Hindi is chosen', () => {
    setLanguage('hi');
    const router = createMemoryRouter([{ path: '*', element: <SignedInHeader user={client} /> }]);
    renderWithProviders(<RouterProvider router={router} />);
    const nav = within(screen.getByRole('navigation', { name: 'मुख्य' }));
    expect(hrefOf(nav, 'होम')).toBe('/opportunities');
    expect(hrefOf(nav, 'यूनिट की स्थिति')).toBe('/unitstatus');
    expect(hrefOf(nav, 'दस्तावेज़')).toBe('/files');
    expect(nav.getByRole('button', { name: 'खाता: Asha Homes' })).toBeTruthy();
    expect(nav.getByRole('button', { name: 'लॉग आउट' })).toBeTruthy();
  });

  it('opens the same destinations, each with its name written out, from a labelled Menu', () => {
    atPhoneWidth();
    const router = createMemoryRouter([{ path: '*', element: <SignedInHeader user={approver} /> }]);
    renderWithProviders(<RouterProvider router={router} />);
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu.textContent).toBe('Menu');
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    const list = document.getElementById(menu.getAttribute('aria-controls')!)!;
    expect(list.hidden).toBe(true);

    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(list.hidden).toBe(false);
    const checker = within(list).getByRole('link', { name: 'NOC Checker' });
    expect(checker.textContent).toBe('NOC Checker');
    expect(within(list).getByRole('button', { name: 'Logout' }).textContent).toBe('Logout');
    // Following a destination closes the menu.
    fireEvent.click(checker);
    expect(list.hidden).toBe(true);
    expect(router.state.location.pathname).toBe('/checker');
  });

  it('labels the Menu in Hindi when Hindi is chosen', () => {
    setLanguage('hi');
    atPhoneWidth();
    atPhoneWidth();
    const router = createMemoryRouter([{ path: '*', element: <SignedInHeader user={client} /> }]);
    renderWithProviders(<RouterProvider router={router} />);
    expect(screen.getByRole('button', { name: 'मेन्यू' })).toBeTruthy();
  });

  it('names the product and links it to the role home', () => {
    renderHeader(approver);
    expect(screen.getByRole('link', { name: 'Borrower Portal' }).getAttribute('href')).toBe(
      '/checker',
    );
  });

  it('Logout signs out on the server, then shows the logged-out screen', async () => {
    const fetchMock = stubApi({
      '/api/auth/session': { status: 200, body: { user: client } },
      '/api/auth/signout': { status: 204 },
    });
    const { router } = renderApp('/opportunities');
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(
      await screen.findByText('You have successfully logged out from your account'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/logout');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/signout',
      expect.objectContaining({ method: 'POST' }),
    );
    // Leaving did not leave a return address behind for the next person.
    expect(sessionStorage.getItem('returnUrl')).toBeNull();
  });

  it('stays signed in, and says so, when the server could not sign out', async () => {
    stubApi({
      '/api/auth/session': { status: 200, body: { user: client } },
      '/api/auth/signout': {
        status: 503,
        body: { error: { code: 'UNAVAILABLE', message: 'Service unavailable.' } },
      },
    });
    const { router } = renderApp('/opportunities');
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Could not sign out')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/opportunities');
  });
});
