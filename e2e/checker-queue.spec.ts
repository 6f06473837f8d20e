import { expect, test } from '@playwright/test';
import { documentPanel, openSlot } from './document-panel';
import {
  borrowerToken,
  DEV_STAFF,
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  importBorrower,
  importNocUnit,
  PHONE,
  signUpBorrower,
  staffPage,
  submitFilledUnit,
} from './fixtures';

// A checker works the NOC queue at 1366 px: how long each unit has waited and the button that
// opens it stay in view while the wide table scrolls inside its box, and the usual remark is one
// click away; Approve still waits for a remark.

test('the queue keeps Age and Action in view at 1366 px, and "Verified" fills the remark', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const borrower = await importBorrower(request);
  await signUpBorrower(request, borrower);
  const unit = await importNocUnit(request, borrower);
  await submitFilledUnit(request, await borrowerToken(baseURL!, borrower), unit);

  const staff = await staffPage(browser, baseURL!, DEV_STAFF.approver, {
    viewport: { width: 1366, height: 900 },
  });
  const table = staff.getByRole('table', { name: 'Units' });
  const row = table.getByRole('row').filter({ hasText: unit.projectName });
  const action = row.getByRole('button', {
    name: `PENDING FOR APPROVAL, documents of ${unit.unitName}`,
  });
  await expect(action).toBeInViewport();
  await expect(row.getByRole('cell', { name: 'Today' })).toBeInViewport();
  await expect(table.getByRole('columnheader', { name: 'Action' })).toBeInViewport();
  await expectNoSidewaysScroll(staff);
  await expectNoSeriousViolations(staff);

  await action.click();
  const panel = documentPanel(staff);
  const { body } = await openSlot(panel, 'Customer Ledger');
  const approve = body.getByRole('button', { name: 'Approve Customer Ledger' });
  const remarks = body.getByRole('textbox', { name: 'Approver remarks' });
  await expect(approve).toBeDisabled();
  await body.getByRole('button', { name: 'Remarks: Verified' }).click();
  await expect(remarks).toHaveValue('Verified');
  await expect(approve).toBeEnabled();
  await remarks.fill('');
  await expect(approve).toBeDisabled();
  await expectNoSeriousViolations(staff);
});

test('on a phone the collateral queue and the calendar scroll inside their boxes', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const staff = await staffPage(browser, baseURL!, DEV_STAFF.approver, { viewport: PHONE });
  await staff.goto('/collateralchecker');
  await expect(staff.getByRole('heading', { level: 1, name: 'Collateral Checker' })).toBeVisible();
  await expectNoSidewaysScroll(staff);
  await expectNoSeriousViolations(staff);
  await staff.goto('/monitoring-calendar');
  await expect(staff.getByRole('heading', { level: 1, name: 'Monitoring calendar' })).toBeVisible();
  await expectNoSidewaysScroll(staff);
  await expectNoSeriousViolations(staff);
});
