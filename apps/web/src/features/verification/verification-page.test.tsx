import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setLanguage } from '../../i18n';
import { renderApp, stubApi } from '../../test/render';
import {
  apiError,
  DIGIT_LABEL,
  findCodeBoxes,
  pasteCode,
  sentBodies,
  typeCode,
} from '../identity-shared/identity-test-utils';

const CONFIRM_OK = {
  '/api/auth/signup/confirm': { status: 200, body: { accountId: 'ACC1001' } },
};

function startVerification() {
  sessionStorage.setItem('signupAccountId', 'ACC1001');
  return renderApp('/verification');
}

afterEach(() => setLanguage('en'));

describe('Verification (docs/product.md#screens, #validation)', () => {
  it('is written in Hindi when Hindi is chosen, through to Thank You', async () => {
    setLanguage('hi');
    stubApi({
      ...CONFIRM_OK,
      '/api/auth/signup/resend': { status: 202, body: { accepted: true } },
    });
    const { router } = startVerification();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'अपना ई-मेल सत्यापित करें' }),
    ).toBeTruthy();
    expect(screen.getByText(/अकाउंट आईडी:/)).toBeTruthy();
    expect(screen.getByText('छह अंकों का कोड आपके ई-मेल पते पर भेजा गया है')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'कोड दोबारा भेजें' }));
    expect(await screen.findByText('कोड भेज दिया गया')).toBeTruthy();
    await typeCode('123456', DIGIT_LABEL.hi);
    await waitFor(() => expect(router.state.location.pathname).toBe('/Thankyou'));
    expect(await screen.findByRole('heading', { level: 1, name: 'धन्यवाद' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'यहाँ क्लिक करें' }).getAttribute('href')).toBe('/');
  });

  it('submits by itself on the sixth digit and goes to Thank You', async () => {
    const fetchMock = stubApi(CONFIRM_OK);
    const { router } = startVerification();
    expect(
      await screen.findByText('Six digit code has been sent to your email address'),
    ).toBeTruthy();
    await typeCode('12345');
    expect(sentBodies(fetchMock, '/api/auth/signup/confirm')).toEqual([]);
    await typeCode('123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/Thankyou'));
    expect(sentBodies(fetchMock, '/api/auth/signup/confirm')).toEqual([
      { accountId: 'ACC1001', code: '123456' },
    ]);
    expect(await screen.findByRole('link', { name: 'Click here' })).toBeTruthy();
    expect(sessionStorage.getItem('signupAccountId')).toBeNull();
  });

  it('accepts a pasted code and submits it', async () => {
    const fetchMock = stubApi(CONFIRM_OK);
    const { router } = startVerification();
    await pasteCode(' 654321 ');
    await waitFor(() => expect(router.state.location.pathname).toBe('/Thankyou'));
    expect(sentBodies(fetchMock, '/api/auth/signup/confirm')).toEqual([
      { accountId: 'ACC1001', code: '654321' },
    ]);
  });

  it('takes digits only', async () => {
    const fetchMock = stubApi(CONFIRM_OK);
    startVerification();
    await pasteCode('12ab56');
    await typeCode('a');
    const boxes = await findCodeBoxes();
    expect(boxes.map((box) => box.value)).toEqual(['', '', '', '', '', '']);
    expect(sentBodies(fetchMock, '/api/auth/signup/confirm')).toEqual([]);
  });

  it('shows a refused code and sends again once a digit changes', async () => {
    const message = 'Invalid verification code provided, please try again.';
    const fetchMock = stubApi({
      '/api/auth/signup/confirm': apiError(400, 'INVALID_CODE', message),
    });
    startVerification();
    await typeCode('111111');
    expect(await screen.findByText(message)).toBeTruthy();
    const boxes = await findCodeBoxes();
    fireEvent.change(boxes[5]!, { target: { value: '2' } });
    await waitFor(() => expect(sentBodies(fetchMock, '/api/auth/signup/confirm')).toHaveLength(2));
    expect(sentBodies(fetchMock, '/api/auth/signup/confirm')[1]).toEqual({
      accountId: 'ACC1001',
      code: '111112',
    });
  });

  it('sends a new code on request and says so', async () => {
    const fetchMock = stubApi({
      '/api/auth/signup/resend': { status: 202, body: { accepted: true } },
    });
    startVerification();
    fireEvent.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Code sent')).toBeTruthy();
    expect(sentBodies(fetchMock, '/api/auth/signup/resend')).toEqual([{ accountId: 'ACC1001' }]);
  });

  it('without an account id, leads back to sign-up', async () => {
    stubApi({});
    renderApp('/verification');
    const link = await screen.findByRole('link', { name: 'Go to Sign up' });
    expect(link.getAttribute('href')).toBe('/signup');
  });
});
