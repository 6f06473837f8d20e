import { expect, test, type Page } from '@playwright/test';
import {
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  importBorrower,
  latestMailId,
  nextCode,
  signUpBorrower,
  STRONG_PASSWORD,
} from './fixtures';

/** The narrowest phone the sign-in screens are checked at. */
const SMALL_PHONE = { width: 320, height: 640 };

async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
}

test('a borrower signs up, confirms the e-mailed code, signs in and out', async ({
  page,
  request,
}) => {
  const borrower = await importBorrower(request);

  await page.goto('/');
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByLabel('Account id').fill(borrower.accountId.toLowerCase());
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByLabel('Account id')).toHaveAttribute('readonly', '');
  // The holder's name is shown masked: enough to recognise one's own account, not to harvest names.
  await expect(page.getByText(/^E\*\* B\*{7} [0-9A-F]\*{7}$/)).toBeVisible();
  await expect(page.getByText(borrower.name)).toHaveCount(0);
  await page.getByLabel('Email').fill(borrower.email);
  await page.getByLabel('Create Password').fill(STRONG_PASSWORD);
  await page.getByLabel('Confirm Password').fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/verification$/);
  await expect(page.getByText('Six digit code has been sent to your email address')).toBeVisible();
  // The code arrives by e-mail; typing it in submits on its own (docs/product.md#screens).
  const code = await nextCode(request, borrower.email);
  await page.getByLabel('Digit 1 of 6').pressSequentially(code);

  await expect(page).toHaveURL(/\/Thankyou$/);
  await page.getByRole('link', { name: 'Click here' }).click();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await signIn(page, borrower.accountId, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/opportunities$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/logout$/);
  await expect(page.getByText('You have successfully logged out from your account')).toBeVisible();
  await page.getByRole('link', { name: 'Sign In Again' }).click();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});

test('a borrower resets a forgotten password with the e-mailed code', async ({ page, request }) => {
  const borrower = await importBorrower(request);
  await signUpBorrower(request, borrower);
  const signupMailId = await latestMailId(request, borrower.email);
  const newPassword = 'Fresh&Start42';

  await page.goto('/forgot_password');
  await page.getByLabel('Email/account id').fill(borrower.email);
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/forgotverification$/);
  const code = await nextCode(request, borrower.email, signupMailId);
  // Pasting is allowed (docs/product.md#validation) and moves on by itself once six digits are in.
  await page.getByLabel('Digit 1 of 6').focus();
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    document.activeElement!.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, code);

  await expect(page).toHaveURL(/\/createnewpassword$/);
  await expect(page.getByLabel('Account id')).toHaveValue(borrower.email);
  await page.getByLabel('Enter New Password').fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/Thankyou$/);
  await page.getByRole('link', { name: 'Click here' }).click();
  await signIn(page, borrower.accountId, STRONG_PASSWORD);
  await expect(page.getByText('Incorrect username or password.')).toBeVisible();
  await signIn(page, borrower.accountId, newPassword);
  await expect(page).toHaveURL(/\/opportunities$/);
});

test('staff sign in with Continue With through the development provider', async ({ page }) => {
  await page.goto('/');
  // The button names the provider (OIDC_PROVIDER_NAME; the bundled one's name by default).
  await page.getByRole('button', { name: 'Continue With Demo Staff Sign-In' }).click();

  await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
  await page.getByRole('button', { name: /^Continue as Priya Nair/ }).click();

  // No pause on the way: the callback goes straight on to the approver's home.
  await expect(page).toHaveURL(/\/checker$/);
  await expect(page.getByRole('heading', { level: 1, name: 'NOC Checker' })).toBeVisible();
});

test('a wrong password shows the message and the Forgot Password link', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Forgot Password' })).toHaveCount(0);
  // An unknown username is answered exactly like a wrong password (docs/product.md#roles),
  // and a fresh one keeps this test clear of any lock-out.
  await signIn(page, `NOBODY${Date.now()}`, 'not-the-password');

  await expect(page.getByText('Incorrect username or password.')).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await expect(page).toHaveURL(/\/forgot_password$/);
  await expect(page.getByLabel('Email/account id')).toBeVisible();
});

test('sign-in, sign-up details and verification pass axe, on a desktop and a phone', async ({
  page,
  request,
}) => {
  const borrower = await importBorrower(request);
  for (const viewport of [{ width: 1280, height: 800 }, SMALL_PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Continue With' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await expectNoSidewaysScroll(page);

    await page.goto('/signup');
    await page.getByLabel('Account id').fill(borrower.accountId);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByLabel('Email').fill('not-an-email');
    await expect(page.getByText('Please Enter Valid Email Address')).toBeVisible();
    await expectNoSeriousViolations(page);
    await expectNoSidewaysScroll(page);
  }

  await page.getByLabel('Email').fill(borrower.email);
  await page.getByLabel('Create Password').fill(STRONG_PASSWORD);
  await page.getByLabel('Confirm Password').fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByLabel('Digit 1 of 6')).toBeFocused();
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);

  // A wrong code (one in a million could be right) shows the refusal, which must pass too.
  await page.getByLabel('Digit 1 of 6').pressSequentially('000000');
  await expect(
    page.getByText('Invalid verification code provided, please try again.'),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
});
