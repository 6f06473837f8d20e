import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  DEV_STAFF,
  escapeRegExp,
  expectNoSeriousViolations,
  importBorrower,
  INTEGRATION_API_KEY,
  PHONE,
  signInAsBorrower,
  signUpBorrower,
  staffPage,
} from './fixtures';

// The monitoring calendar end to end: the lender's import gives a collateral a quarterly calendar
// from 2000, so its first quarter is the most overdue period anywhere; the borrower adds it from
// the home screen with one click, and staff find it under "Overdue only".

test('a borrower adds an overdue period with one click; staff see it in the overdue calendar', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const borrower = await importBorrower(request);
  await signUpBorrower(request, borrower);
  const collateralName = `E2E Calendar ${randomBytes(4).toString('hex').toUpperCase()}`;
  const imported = await request.post('/api/import', {
    headers: { Authorization: `Bearer ${INTEGRATION_API_KEY}` },
    data: {
      collaterals: [
        {
          key: `COL-${collateralName.slice(-8)}`,
          accountId: borrower.accountId,
          collateralName,
          monitoringFrequency: 3,
          dueDay: 1,
          since: '2000-01',
        },
      ],
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);

  await page.setViewportSize(PHONE);
  await signInAsBorrower(page, borrower, baseURL!);
  await page.goto('/opportunities');
  const calendar = page.getByRole('table', { name: /Monitoring packs of your collaterals/ });
  const first = calendar.getByRole('row', { name: /Quarterly, March 2000/ });
  await expect(first).toContainText('1 Apr 2000');
  await expect(first).toContainText('Overdue');
  await first
    .getByRole('button', { name: `Add Quarterly, March 2000 of ${collateralName}` })
    .click();
  await expect(page.getByText('Frequency added')).toBeVisible();
  // Its document panel opens on the collateral's screen; back home, it is added, still overdue
  // until its pack is submitted.
  await expect(page.getByRole('dialog', { name: /Document uploads/ })).toBeVisible();
  await expect(page).toHaveURL(/\/collaterals\?collateral=.+&frequency=/);
  await page.goto('/opportunities');
  await expect(first).toContainText('Added');
  await expect(first).toContainText('Overdue');
  await expectNoSeriousViolations(page);

  const staff = await staffPage(browser, baseURL!, DEV_STAFF.viewer);
  await staff.getByRole('link', { name: 'Monitoring calendar' }).click();
  await expect(staff.getByRole('heading', { name: 'Monitoring calendar', level: 1 })).toBeVisible();
  await staff.getByRole('switch', { name: 'Overdue only' }).click();
  await expect(staff).toHaveURL(/overdue=true/);
  const row = staff
    .getByRole('row', { name: new RegExp(escapeRegExp(collateralName)) })
    .filter({ hasText: 'Quarterly, March 2000' });
  await expect(row).toContainText('Overdue');
  await expect(staff.getByText('Due', { exact: true })).toHaveCount(0);
  await expectNoSeriousViolations(staff);
});
