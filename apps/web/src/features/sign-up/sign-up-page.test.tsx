import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setLanguage } from '../../i18n';
import { renderApp, stubApi } from '../../test/render';
import { apiError, sentBodies } from '../identity-shared/identity-test-utils';

const CHECK_OK = {
  '/api/auth/signup/check': {
    status: 200,
    body: { accountId: 'ACC1001', name: 'Mehta Constructions Pvt Ltd' },
  },
};

// docs/product.md#screens's hint and docs/product.md#validation's e-mail message.
const PASSWORD_HINT = 'Use 8 or more characters with a mix of letters, numbers & symbols';
const EMAIL_MESSAGE = 'Please Enter Valid Email Address';

const submitButton = () => screen.getByRole('button', { name: 'Submit' });
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function checkAccountId(id = 'acc1001') {
  renderApp('/signup');
  await screen.findByRole('heading', { level: 1, name: 'Sign Up' });
  type('Account id', id);
  fireEvent.click(submitButton());
}

afterEach(() => setLanguage('en'));

describe('Sign up, step one (docs/product.md#screens, #validation, #errors)', () => {
  it('is written in Hindi when Hindi is chosen', async () => {
    setLanguage('hi');
    stubApi(CHECK_OK);
    renderApp('/signup');
    expect(await screen.findByRole('heading', { level: 1, name: 'साइन अप' })).toBeTruthy();
    expect(screen.getByText('जैसी आपके लोन दस्तावेज़ों पर छपी है')).toBeTruthy();
    type('अकाउंट आईडी', 'acc1001');
    fireEvent.click(screen.getByRole('button', { name: 'सबमिट करें' }));
    expect(await screen.findByText('Mehta Constructions Pvt Ltd')).toBeTruthy();
    expect(screen.getByText(/खाताधारक:/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'दूसरी अकाउंट आईडी इस्तेमाल करें' })).toBeTruthy();
    expect(screen.getByText('कम से कम 8 अक्षर रखें, जिनमें अक्षर, अंक और चिह्न तीनों हों')).toBeTruthy();
    type('ई-मेल', 'asha@example');
    expect(screen.getByText('कृपया मान्य e-mail पता दर्ज करें')).toBeTruthy();
    type('ई-मेल', 'asha@example.com');
    type('पासवर्ड बनाएँ', 'Secret#123');
    type('पासवर्ड दोबारा दर्ज करें', 'Secret#124');
    expect(screen.getByText('दोनों पासवर्ड एक जैसे नहीं हैं')).toBeTruthy();
    // The shared schema's refusal, in the screen's language.
    const tooLong = `Aa1!${'a'.repeat(300)}`;
    type('पासवर्ड बनाएँ', tooLong);
    type('पासवर्ड दोबारा दर्ज करें', tooLong);
    fireEvent.click(screen.getByRole('button', { name: 'सबमिट करें' }));
    expect(await screen.findByText('पासवर्ड अधिकतम 256 अक्षरों का हो सकता है')).toBeTruthy();
  });

  it('enables Submit once the account id has any text, and offers Sign in', async () => {
    stubApi({});
    renderApp('/signup');
    await screen.findByRole('heading', { name: 'Sign Up' });
    expect(submitButton()).toHaveProperty('disabled', true);
    type('Account id', 'A');
    expect(submitButton()).toHaveProperty('disabled', false);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/');
  });

  it("shows 'User already exists' under the id field", async () => {
    stubApi({ '/api/auth/signup/check': apiError(409, 'USER_EXISTS', 'User already exists') });
    await checkAccountId();
    const field = screen.getByLabelText('Account id');
    const message = await screen.findByText('User already exists');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it("shows the server's message for an unknown account id", async () => {
    const message = 'We could not find this account id.';
    stubApi({ '/api/auth/signup/check': apiError(404, 'NOT_FOUND', message) });
    await checkAccountId('NOPE');
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('makes the accepted id read-only and asks for the details', async () => {
    const fetchMock = stubApi(CHECK_OK);
    await checkAccountId();
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    const field = screen.getByLabelText('Account id') as HTMLInputElement;
    expect(field.readOnly).toBe(true);
    expect(field.value).toBe('ACC1001');
    expect(screen.getByText('Mehta Constructions Pvt Ltd')).toBeTruthy();
    expect(sentBodies(fetchMock, '/api/auth/signup/check')).toEqual([{ accountId: 'ACC1001' }]);
    expect(screen.getByText(PASSWORD_HINT)).toBeTruthy();
  });
});

describe('Sign up, step two (docs/product.md#screens, #validation)', () => {
  it('enables Submit only for a valid e-mail and two equal passwords', async () => {
    stubApi(CHECK_OK);
    await checkAccountId();
    await screen.findByLabelText('Email');
    type('Email', 'asha.mehta@');
    type('Create Password', 'Secret#123');
    type('Confirm Password', 'Secret#123');
    expect(screen.getByText(EMAIL_MESSAGE)).toBeTruthy();
    expect(submitButton()).toHaveProperty('disabled', true);
    type('Email', 'asha.mehta@example.com');
    expect(screen.queryByText(EMAIL_MESSAGE)).toBeNull();
    expect(submitButton()).toHaveProperty('disabled', false);
    type('Confirm Password', 'Secret#124');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(submitButton()).toHaveProperty('disabled', true);
  });

  it('refuses a password outside the policy with the hint, without calling the server', async () => {
    const fetchMock = stubApi(CHECK_OK);
    await checkAccountId();
    await screen.findByLabelText('Email');
    type('Email', 'asha.mehta@example.com');
    type('Create Password', 'password');
    type('Confirm Password', 'password');
    fireEvent.click(submitButton());
    const field = screen.getByLabelText('Create Password');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(PASSWORD_HINT)).toBeTruthy();
    expect(sentBodies(fetchMock, '/api/auth/signup')).toEqual([]);
  });

  it('shows a refused e-mail under the field', async () => {
    const message = 'This e-mail address does not match the one we hold for the account';
    stubApi({ ...CHECK_OK, '/api/auth/signup': apiError(400, 'EMAIL_MISMATCH', message) });
    await checkAccountId();
    await screen.findByLabelText('Email');
    type('Email', 'someone@example.com');
    type('Create Password', 'Secret#123');
    type('Confirm Password', 'Secret#123');
    fireEvent.click(submitButton());
    const error = await screen.findByText(message);
    expect(screen.getByLabelText('Email').getAttribute('aria-describedby')).toContain(error.id);
  });

  it('signs up and goes to verification carrying the account id', async () => {
    const fetchMock = stubApi({
      ...CHECK_OK,
      '/api/auth/signup': { status: 201, body: { accountId: 'ACC1001' } },
    });
    await checkAccountId();
    await screen.findByLabelText('Email');
    type('Email', ' Asha.Mehta@example.com ');
    type('Create Password', 'Secret#123');
    type('Confirm Password', 'Secret#123');
    fireEvent.click(submitButton());
    expect(
      await screen.findByText('Six digit code has been sent to your email address'),
    ).toBeTruthy();
    expect(screen.getByText('ACC1001')).toBeTruthy();
    expect(sessionStorage.getItem('signupAccountId')).toBe('ACC1001');
    expect(sentBodies(fetchMock, '/api/auth/signup')).toEqual([
      { accountId: 'ACC1001', email: 'Asha.Mehta@example.com', password: 'Secret#123' },
    ]);
  });
});
