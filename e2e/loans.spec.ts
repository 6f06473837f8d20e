import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousViolations, TIME_ZONE } from './fixtures';

// The loan screens of docs/product.md#screens against the real server and its demo data:
// borrower ACC1001 has twelve loans, so its list has two pages.
const BORROWER = {
  accountId: 'ACC1001',
  email: 'asha.mehta@example.com',
  name: 'Mehta Constructions Pvt Ltd',
};
const PASSWORD = 'Demo#2026pass';

// The pickers' "today" is the lender's (docs/product.md#api); the browser shares its zone so the
// calendar opens on the same month.
test.use({ timezoneId: TIME_ZONE });

/** The six-digit code of the newest mail to `to` that is not `afterId`, from the dev outbox. */
async function codeFromOutbox(request: APIRequestContext, to: string, afterId: string | null) {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dev/mail/latest.json?to=${encodeURIComponent(to)}`);
        if (!res.ok()) return undefined;
        const mail = (await res.json()) as { id: string; text: string };
        if (mail.id === afterId) return undefined;
        code = /\b(\d{6})\b/.exec(mail.text)?.[1];
        return code;
      },
      { message: `a code mailed to ${to}`, timeout: 20_000 },
    )
    .toBeTruthy();
  return code!;
}

async function latestMailId(request: APIRequestContext, to: string): Promise<string | null> {
  const res = await request.get(`/dev/mail/latest.json?to=${encodeURIComponent(to)}`);
  return res.ok() ? ((await res.json()) as { id: string }).id : null;
}

/**
 * Signs the page in as the demo borrower through the API, whatever earlier specs did with
 * that account: it registers it if nobody has (docs/product.md#api sign-up), and sets the known
 * password by the reset flow if another spec changed it. page.request shares the page's
 * cookies, so the session cookie lands in the browser.
 */
async function signInAsBorrower(page: Page, baseURL: string) {
  const request = page.request;
  // docs/product.md#roles: writes are checked for a same-origin Origin header.
  const headers = { origin: baseURL };
  const post = (path: string, data: object) => request.post(path, { data, headers });
  const { accountId, email } = BORROWER;

  const check = await post('/api/auth/signup/check', { accountId });
  if (check.status() === 200) {
    const before = await latestMailId(request, email);
    expect(
      (await post('/api/auth/signup', { accountId, email, password: PASSWORD })).status(),
    ).toBe(201);
    const code = await codeFromOutbox(request, email, before);
    expect((await post('/api/auth/signup/confirm', { accountId, code })).status()).toBe(200);
  } else {
    // 409 'User already exists': another spec registered the borrower first.
    expect(check.status()).toBe(409);
  }

  let signIn = await post('/api/auth/signin', { username: accountId, password: PASSWORD });
  if (signIn.status() === 401) {
    const before = await latestMailId(request, email);
    expect((await post('/api/auth/password/forgot', { username: accountId })).status()).toBe(202);
    const code = await codeFromOutbox(request, email, before);
    const reset = await post('/api/auth/password/reset', {
      username: accountId,
      code,
      newPassword: PASSWORD,
    });
    expect(reset.status()).toBe(200);
    signIn = await post('/api/auth/signin', { username: accountId, password: PASSWORD });
  }
  expect(signIn.status()).toBe(200);
}

test.beforeEach(async ({ page, baseURL }) => {
  await signInAsBorrower(page, baseURL!);
});

const loanRows = (page: Page) =>
  page.getByRole('table', { name: 'Your loans' }).locator('tbody tr');

async function chooseRequest(page: Page, loanName: string, request: string) {
  await page
    .getByRole('combobox', { name: `Service/Miscellaneous Request for ${loanName}` })
    .click();
  await page.getByRole('option', { name: request }).click();
}

/** Mantine labels calendar days 'D MMMM YYYY'. */
function todayLabel(): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).formatToParts(new Date());
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part('day')} ${part('month')} ${part('year')}`;
}

test('the loan list shows the borrower’s twelve loans over two pages', async ({ page }) => {
  await page.goto('/opportunities');
  await expect(page.getByRole('heading', { level: 1, name: BORROWER.name })).toBeVisible();
  await expect(page.getByText('No. of loans:').locator('..')).toContainText('12');
  await expect(loanRows(page)).toHaveCount(10);

  // docs/product.md#quality: Indian grouping, rupee sign, two decimals.
  const first = page.getByRole('row', { name: /Construction Finance Whitefield 1/ });
  await expect(first).toContainText('₹25,00,00,000.00');
  await expect(first).toContainText('₹18,00,00,000.00');

  const pages = page.getByRole('navigation', { name: 'Loan pages' });
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/opportunities\?page=2$/);
  await expect(loanRows(page)).toHaveCount(2);
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();

  // The page is in the address, so Back returns to the first page.
  await page.goBack();
  await expect(loanRows(page)).toHaveCount(10);
  await expect(page.getByRole('button', { name: 'Page 1' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await expectNoSeriousViolations(page);
});

test('Request NOC reaches the project selection and a project', async ({ page }) => {
  await page.goto('/opportunities');
  const loan = 'Construction Finance Whitefield 1';
  await expect(page.getByRole('button', { name: `Get: ${loan}` })).toBeDisabled();
  await chooseRequest(page, loan, 'Request NOC');
  await page.getByRole('button', { name: `Get: ${loan}` }).click();

  await expect(page).toHaveURL(/\/opportunities\/OPP-1001-01\/projects$/);
  await expect(page.getByRole('heading', { level: 1, name: BORROWER.name })).toBeVisible();
  await expect(page.getByText(`Loan: ${loan}`)).toBeVisible();
  await expect(page.getByText('No. of projects:').locator('..')).toContainText('2');
  await page.getByRole('combobox', { name: 'Select Project' }).click();
  await page.getByRole('option', { name: 'Green Meadows Residency 2' }).click();
  await expect(page).toHaveURL(/\/opportunities\/OPP-1001-01\/projects\/PRJ-1001-01-2\/units$/);
  await expect(page.getByRole('heading', { name: 'Green Meadows Residency 2' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('Upload Credit Monitoring Data reaches the account’s collaterals', async ({ page }) => {
  await page.goto('/opportunities');
  const loan = 'Construction Finance Baner 1';
  await chooseRequest(page, loan, 'Upload Credit Monitoring Data');
  await page.getByRole('button', { name: `Get: ${loan}` }).click();
  await expect(page).toHaveURL(/\/accounts\/ACC1001\/collaterals$/);
});

test('a loan statement is requested and listed', async ({ page }) => {
  await page.goto('/opportunities');
  const loan = 'Construction Finance Gachibowli 1';
  await chooseRequest(page, loan, 'Request Loan Statement');
  await page.getByRole('button', { name: `Get: ${loan}` }).click();
  await expect(page).toHaveURL(/\/opportunities\/OPP-1001-03\/loan-statement-requests$/);
  await expect(page.getByRole('heading', { name: 'Request Loan Statement' })).toBeVisible();
  await expect(page.getByText(`Loan: ${loan}`)).toBeVisible();

  // docs/product.md#validation: both dates are required.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Start date is required')).toBeVisible();
  await expect(page.getByText('End date is required')).toBeVisible();

  const today = todayLabel();
  for (const field of ['From', 'To']) {
    await page.getByRole('button', { name: field, exact: true }).click();
    await page.getByRole('button', { name: today }).click();
    // The picker closes before the next one opens; two calendars would show the same day.
    await expect(page.getByRole('button', { name: today })).toHaveCount(0);
  }
  const remarks = `Statement for the auditors ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Remarks (optional)' }).fill(remarks);
  await page.getByRole('button', { name: 'Submit' }).click();

  const popup = page.getByRole('dialog', { name: 'Thankyou.!!' });
  await expect(popup).toContainText('Your request for the loan statement has been sent.');
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();

  const request = page
    .getByRole('region', { name: 'Earlier requests' })
    .getByRole('row', { name: new RegExp(remarks) });
  await expect(request).toContainText('REQUESTED');
  await expect(request).toContainText('Not ready yet');

  await expectNoSeriousViolations(page);
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the loans are cards that work without sideways scrolling', async ({ page }) => {
    await page.goto('/opportunities');
    const cards = page.getByRole('list', { name: 'Your loans' }).getByRole('listitem');
    await expect(cards).toHaveCount(10);
    await expect(cards.first()).toContainText('₹25,00,00,000.00');
    const pageOverflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(pageOverflow).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);

    const loan = 'Construction Finance Andheri 1';
    await page.getByRole('radio', { name: `Select ${loan}` }).check();
    await chooseRequest(page, loan, 'Request Loan Statement');
    await page.getByRole('button', { name: `Get: ${loan}` }).click();
    await expect(page).toHaveURL(/\/opportunities\/OPP-1001-04\/loan-statement-requests$/);
    await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
