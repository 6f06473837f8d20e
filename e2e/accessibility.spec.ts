import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import {
  DEV_STAFF,
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  importBorrower,
  importNocUnit,
  PHONE,
  signInAsBorrower,
  signUpBorrower,
  staffPage,
  STRONG_PASSWORD,
  TIME_ZONE,
  type Borrower,
} from './fixtures';

// docs/accessibility.md: what this spec checks, beside the axe checks of every feature's spec.

/** The main screens of each side of the product. */
const BORROWER_SCREENS = ['/opportunities', '/unitstatus', '/collateralstatus', '/files'];
const ADMIN_SCREENS = [
  '/checker',
  '/collateralchecker',
  '/monitoring-calendar',
  '/reports/rejections',
  '/admin/users',
  '/admin/quarantine',
];

/**
 * A desktop browser zoomed to 200%: the page lays out in half the CSS pixels, drawn at twice
 * the density, which is what Chromium's zoom does to a 1280 × 800 window.
 */
const DESKTOP_AT_200_PERCENT = { viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 };

/** Presses Tab until `target` has the focus, as a keyboard user would; fails after `limit`. */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Opens `path` and waits for its heading and the end of its first reads. */
async function openScreen(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(
    page.getByRole('status').filter({ has: page.locator('.mantine-Loader-root') }),
  ).toHaveCount(0);
}

async function borrowerWithALoan(browser: Browser, baseURL: string): Promise<Borrower> {
  const context = await browser.newContext({ baseURL });
  const borrower = await importBorrower(context.request);
  await signUpBorrower(context.request, borrower);
  await importNocUnit(context.request, borrower);
  await context.close();
  return borrower;
}

test('a borrower signs in and moves between screens with the keyboard alone', async ({
  page,
  browser,
  baseURL,
}) => {
  // A borrower with a loan, then four screens checked by axe on each display, beside two other
  // spec files on a busy machine.
  test.setTimeout(120_000);
  const borrower = await borrowerWithALoan(browser, baseURL!);
  await page.goto('/');
  await tabTo(page, page.getByLabel('Username'));
  await page.keyboard.type(borrower.accountId);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(STRONG_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/opportunities$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The first Tab of a freshly loaded page reaches the skip link, which takes the focus past the
  // header.
  await page.reload();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.keyboard.press('Tab');
  const skipLink = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skipLink).toBeFocused();
  await expect(skipLink).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  // The header's navigation is reached with Tab and followed with Enter.
  await tabTo(page, nav.getByRole('link', { name: 'Unit Status' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/unitstatus$/);
  await tabTo(page, nav.getByRole('link', { name: 'Documents' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/files$/);

  // Logout too, with the focus visible on it.
  const logout = nav.getByRole('button', { name: 'Logout' });
  await tabTo(page, logout);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/logout$/);
});

test("a borrower's main screens pass axe and fit a phone and a 200% zoom without scrolling sideways", async ({
  browser,
  baseURL,
}) => {
  // A borrower with a loan, then four screens checked by axe on each display, beside two other
  // spec files on a busy machine.
  test.setTimeout(120_000);
  const borrower = await borrowerWithALoan(browser, baseURL!);
  for (const display of [{ viewport: PHONE }, DESKTOP_AT_200_PERCENT]) {
    const context = await browser.newContext({ baseURL, timezoneId: TIME_ZONE, ...display });
    const page = await context.newPage();
    await signInAsBorrower(page, borrower, baseURL!);
    for (const path of BORROWER_SCREENS) {
      await openScreen(page, path);
      await expectNoSeriousViolations(page);
      await expectNoSidewaysScroll(page);
    }
    await context.close();
  }
});

for (const [name, display] of [
  ['on a phone', { viewport: PHONE }],
  ['at a 200% zoom', DESKTOP_AT_200_PERCENT],
] as const) {
  test(`an admin's main screens pass axe and fit ${name}`, async ({ browser, baseURL }) => {
    // Six screens, each checked by axe, beside two other spec files on a busy machine.
    test.setTimeout(120_000);
    const page = await staffPage(browser, baseURL!, DEV_STAFF.admin, display);
    for (const path of ADMIN_SCREENS) {
      await openScreen(page, path);
      await expectNoSeriousViolations(page);
      await expectNoSidewaysScroll(page);
    }
    await page.context().close();
  });
}

test("an admin's main screens pass axe in Hindi, whose text is longer and in another script", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const page = await staffPage(browser, baseURL!, DEV_STAFF.admin, { viewport: PHONE });
  try {
    await page.getByRole('button', { name: 'हिन्दी' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    for (const path of ADMIN_SCREENS) {
      await openScreen(page, path);
      await expectNoSeriousViolations(page);
      await expectNoSidewaysScroll(page);
    }
  } finally {
    // The choice is saved as the admin's own, and later specs sign in as them: back to English,
    // whether or not a check failed.
    const answer = await page.request.put('/api/auth/language', {
      data: { language: 'en' },
      headers: { origin: baseURL! },
    });
    expect(answer.ok()).toBe(true);
    await page.context().close();
  }
});
