import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import {
  borrowerToken,
  importBorrower,
  mailTo,
  signUpBorrower,
  STRONG_PASSWORD,
  type Borrower,
} from './fixtures';

/** The code of the 30-second step `offset` steps from now; the server accepts one either side. */
const codeAt = (secret: string, offset: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
}

async function enterPassword(page: Page, borrower: Borrower) {
  await page.goto('/');
  await page.getByLabel('Username').fill(borrower.accountId);
  await page.getByRole('textbox', { name: 'Password' }).fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/logout$/);
}

test('a borrower turns on two-factor sign-in, then signs in with a code and once with a recovery code', async ({
  page,
  request,
  baseURL,
}) => {
  const borrower = await importBorrower(request);
  await signUpBorrower(request, borrower);
  // A session elsewhere (an API client's), which turning two-factor sign-in on ends.
  const elsewhere = await borrowerToken(baseURL!, borrower);

  await enterPassword(page, borrower);
  await expect(page).toHaveURL(/\/opportunities$/);

  // The profile, from the account menu in the header.
  await page.getByRole('button', { name: /^Account:/ }).click();
  await page.getByRole('link', { name: 'Profile and two-factor sign-in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open in authenticator app' })).toHaveAttribute(
    'href',
    /^otpauth:\/\/totp\/.+\?secret=[A-Z2-7]+/,
  );
  // Shown in groups of four; the app takes it with or without the spaces.
  const secret = (await page.getByTestId('authenticator-secret').textContent())!.replace(/\s/g, '');
  await typeCode(page, await codeAt(secret, 0));

  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().textContent())!.trim();
  await page.getByLabel('I have saved my recovery codes').check();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('On', { exact: true })).toBeVisible();
  // The borrower hears of it, and only the session that turned it on goes on.
  await mailTo(request, borrower.email, /two-factor sign-in is now on/i);
  const other = await request.get('/api/auth/session', {
    headers: { authorization: `Bearer ${elsewhere}` },
  });
  expect(other.status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await signOut(page);

  // The password alone is not enough any more; the next step's code is (each code works once).
  await enterPassword(page, borrower);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-Factor Sign In' })).toBeVisible();
  await typeCode(page, await codeAt(secret, 1));
  await expect(page).toHaveURL(/\/opportunities$/);
  await signOut(page);

  // A lost phone: a recovery code instead of the six digits.
  await enterPassword(page, borrower);
  await page.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/opportunities$/);
});
