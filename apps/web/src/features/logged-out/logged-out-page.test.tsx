import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { setLanguage } from '../../i18n';
import { renderApp, stubApi } from '../../test/render';
import { SIGNED_OUT } from '../identity-shared/identity-test-utils';

afterEach(() => setLanguage('en'));

describe('Logged Out (docs/product.md#screens)', () => {
  it('clears the session and local storage, and offers to sign in again', async () => {
    stubApi(SIGNED_OUT);
    sessionStorage.setItem('returnUrl', '/checker');
    localStorage.setItem('portal.draft', 'kept by a screen');
    renderApp('/logout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Logged Out' })).toBeTruthy();
    expect(screen.getByText('You have successfully logged out from your account')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In Again' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(sessionStorage.getItem('returnUrl')).toBeNull());
    expect(localStorage.getItem('portal.draft')).toBeNull();
  });

  it('is written in Hindi when Hindi is chosen, and the choice outlives the sign-out', async () => {
    stubApi(SIGNED_OUT);
    setLanguage('hi');
    renderApp('/logout');
    expect(await screen.findByRole('heading', { level: 1, name: 'लॉग आउट हो गया' })).toBeTruthy();
    expect(screen.getByText('आप अपने अकाउंट से सफलतापूर्वक लॉग आउट हो गए हैं')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'फिर से साइन इन करें' })).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('portal.language')).toBe('hi'));
  });
});
