import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setLanguage } from '../../i18n';
import { renderApp, stubApi } from '../../test/render';
import { pasteCode, sentBodies } from '../identity-shared/identity-test-utils';

afterEach(() => setLanguage('en'));

describe('Forgot verification (docs/product.md#screens, #validation)', () => {
  it('is written in Hindi when Hindi is chosen', async () => {
    setLanguage('hi');
    stubApi({ '/api/auth/password/forgot': { status: 202, body: { accepted: true } } });
    sessionStorage.setItem('resetUsername', 'ACC1002');
    renderApp('/forgotverification');
    fireEvent.click(await screen.findByRole('button', { name: 'कोड दोबारा भेजें' }));
    expect(await screen.findByText('कोड भेज दिया गया')).toBeTruthy();
    expect(
      screen.getByText('अगर यह अकाउंट मौजूद है, तो उसके ई-मेल पते पर छह अंकों का नया कोड भेजा जा रहा है।'),
    ).toBeTruthy();
  });

  it('without a username, leads back to forgot password in Hindi', async () => {
    setLanguage('hi');
    stubApi({});
    renderApp('/forgotverification');
    const link = await screen.findByRole('link', { name: 'पासवर्ड भूल गए पेज पर जाएँ' });
    expect(link.getAttribute('href')).toBe('/forgot_password');
  });

  it('keeps a pasted code and goes to create a new password', async () => {
    const fetchMock = stubApi({});
    sessionStorage.setItem('resetUsername', 'ACC1002');
    const { router } = renderApp('/forgotverification');
    await pasteCode('135790');
    await waitFor(() => expect(router.state.location.pathname).toBe('/createnewpassword'));
    expect(router.state.location.state).toEqual({ resetUsername: 'ACC1002', code: '135790' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for a new code on request and says so', async () => {
    const fetchMock = stubApi({
      '/api/auth/password/forgot': { status: 202, body: { accepted: true } },
    });
    sessionStorage.setItem('resetUsername', 'ACC1002');
    renderApp('/forgotverification');
    fireEvent.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Code sent')).toBeTruthy();
    expect(sentBodies(fetchMock, '/api/auth/password/forgot')).toEqual([{ username: 'ACC1002' }]);
  });

  it('without a username, leads back to forgot password', async () => {
    stubApi({});
    renderApp('/forgotverification');
    const link = await screen.findByRole('link', { name: 'Go to Forgot Password' });
    expect(link.getAttribute('href')).toBe('/forgot_password');
  });
});
