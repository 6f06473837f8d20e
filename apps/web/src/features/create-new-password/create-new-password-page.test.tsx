import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setLanguage } from '../../i18n';
import { renderApp, stubApi } from '../../test/render';
import {
  apiError,
  DIGIT_LABEL,
  findCodeBoxes,
  sentBodies,
  typeCode,
} from '../identity-shared/identity-test-utils';

const INVALID_CODE = 'Invalid verification code provided, please try again.';
const submitButton = () => screen.getByRole('button', { name: 'Submit' });
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Forgot verification with a username from forgot password, then the six digits. */
async function reachNewPassword(code = '123456') {
  sessionStorage.setItem('resetUsername', 'ACC1002');
  const view = renderApp('/forgotverification');
  await typeCode(code);
  await screen.findByRole('heading', { level: 1, name: 'Create New Password' });
  return view;
}

afterEach(() => setLanguage('en'));

describe('Create new password (docs/product.md#screens, #validation, #errors)', () => {
  it('is written in Hindi when Hindi is chosen, and a refused code in Hindi leads back to the code', async () => {
    setLanguage('hi');
    const refusal = 'अमान्य वेरिफ़िकेशन कोड। कृपया फिर से कोशिश करें।';
    stubApi({ '/api/auth/password/reset': apiError(400, 'INVALID_CODE', refusal) });
    sessionStorage.setItem('resetUsername', 'ACC1002');
    const { router } = renderApp('/forgotverification');
    await typeCode('123456', DIGIT_LABEL.hi);
    expect(await screen.findByRole('heading', { level: 1, name: 'नया पासवर्ड बनाएँ' })).toBeTruthy();
    expect((screen.getByLabelText('अकाउंट आईडी') as HTMLInputElement).value).toBe('ACC1002');
    type('नया पासवर्ड दर्ज करें', 'Secret#123');
    type('नया पासवर्ड दोबारा दर्ज करें', 'Secret#123');
    fireEvent.click(screen.getByRole('button', { name: 'सबमिट करें' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/forgotverification');
  });

  it('keeps the six digits and moves on without calling the server', async () => {
    const fetchMock = stubApi({});
    const { router } = await reachNewPassword();
    expect(router.state.location.pathname).toBe('/createnewpassword');
    expect(fetchMock).not.toHaveBeenCalled();
    const accountId = screen.getByLabelText('Account id') as HTMLInputElement;
    expect(accountId.value).toBe('ACC1002');
    expect(accountId.readOnly).toBe(true);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/');
  });

  it('enables Submit only when the new passwords are equal and non-empty', async () => {
    stubApi({});
    await reachNewPassword();
    expect(submitButton()).toHaveProperty('disabled', true);
    type('Enter New Password', 'Better#2025');
    expect(submitButton()).toHaveProperty('disabled', true);
    type('Confirm New Password', 'Better#2024');
    expect(submitButton()).toHaveProperty('disabled', true);
    type('Confirm New Password', 'Better#2025');
    expect(submitButton()).toHaveProperty('disabled', false);
  });

  it('sets the password with the kept code and goes to Thank You', async () => {
    const fetchMock = stubApi({
      '/api/auth/password/reset': { status: 200, body: { username: 'ACC1002' } },
    });
    const { router } = await reachNewPassword('246810');
    type('Enter New Password', 'Better#2025');
    type('Confirm New Password', 'Better#2025');
    fireEvent.click(submitButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/Thankyou'));
    expect(sentBodies(fetchMock, '/api/auth/password/reset')).toEqual([
      { username: 'ACC1002', code: '246810', newPassword: 'Better#2025' },
    ]);
    expect(sessionStorage.getItem('resetUsername')).toBeNull();
  });

  it('returns to the code screen with the message when the code is refused', async () => {
    stubApi({ '/api/auth/password/reset': apiError(400, 'INVALID_CODE', INVALID_CODE) });
    const { router } = await reachNewPassword();
    type('Enter New Password', 'Better#2025');
    type('Confirm New Password', 'Better#2025');
    fireEvent.click(submitButton());
    expect(await screen.findByText(INVALID_CODE)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgotverification'));
    const boxes = await findCodeBoxes();
    expect(boxes.map((box) => box.value).join('')).toBe('');
    // Typing a new code clears the old message.
    fireEvent.change(boxes[0]!, { target: { value: '9' } });
    expect(screen.queryByText(INVALID_CODE)).toBeNull();
  });

  it('shows other refusals in place', async () => {
    stubApi({
      '/api/auth/password/reset': apiError(
        400,
        'VALIDATION_FAILED',
        'newPassword: Use 8 or more characters with a mix of letters, numbers & symbols',
      ),
    });
    const { router } = await reachNewPassword();
    type('Enter New Password', 'Better#2025');
    type('Confirm New Password', 'Better#2025');
    fireEvent.click(submitButton());
    expect(await screen.findByText(/^newPassword: Use 8 or more/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/createnewpassword');
  });

  it('without a code, leads back to the code screen', async () => {
    stubApi({});
    sessionStorage.setItem('resetUsername', 'ACC1002');
    renderApp('/createnewpassword');
    const link = await screen.findByRole('link', { name: 'Enter the code' });
    expect(link.getAttribute('href')).toBe('/forgotverification');
  });
});
