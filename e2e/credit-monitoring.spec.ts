import { expect, test, type Page } from '@playwright/test';
import {
  closePanel,
  documentPanel,
  expectSlotStatus,
  finaliseFromPanel,
  openSlot,
  review,
  uploadInto,
} from './document-panel';
import {
  DEV_STAFF,
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  importBorrower,
  importCollateral,
  PHONE,
  signInAsBorrower,
  signUpBorrower,
  staffPage,
  TIME_ZONE,
  type Borrower,
  type ImportedCollateral,
} from './fixtures';

// docs/product.md#screens "Upload Credit Monitoring Data" end to end against the real server: a
// borrower adds a monthly frequency and uploads its nine documents, an approver
// rejects one, the borrower fixes and resubmits it, the approver approves, and
// the borrower reopens it with the edit icon (docs/product.md#statuses).

// docs/product.md#api: "the current month" is the lender's; the browser shares its zone.
test.use({ timezoneId: TIME_ZONE });

/** docs/product.md#records: the nine collateral document types, by display name. */
const SLOTS = [
  'Sales MIS',
  'Customer Ledger',
  'Bank Statements',
  'Salary Documents',
  'GST Documents',
  'TDS Documents',
  'Audited Financial',
  'Trail Balance',
  'Other Documents',
];
const REJECTED_SLOT = 'Sales MIS';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Last month in the lender's time zone: the newest period that is surely not in the future. */
function lastMonth(): { month: string; year: number; isLastYear: boolean } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(new Date());
  const year = Number(parts.find((p) => p.type === 'year')?.value);
  const month = Number(parts.find((p) => p.type === 'month')?.value);
  return month === 1
    ? { month: 'December', year: year - 1, isLastYear: true }
    : { month: MONTHS[month - 2]!, year, isLastYear: false };
}

/** A fresh borrower with one collateral, signed in in `page` (its request shares the cookies). */
async function borrowerWithCollateral(page: Page, baseURL: string) {
  const borrower = await importBorrower(page.request);
  const collateral = await importCollateral(page.request, borrower.accountId);
  await signUpBorrower(page.request, borrower);
  await signInAsBorrower(page, borrower, baseURL);
  return { borrower, collateral };
}

function frequencyScreen(borrower: Borrower, collateral?: ImportedCollateral) {
  const path = `/accounts/${borrower.accountId}/collaterals`;
  return collateral ? `${path}?collateral=${collateral.key}` : path;
}

/** The collateral's row on a checker list. */
function checkerRow(page: Page, collateral: ImportedCollateral) {
  return page
    .getByRole('table', { name: 'Frequencies' })
    .getByRole('row')
    .filter({ hasText: collateral.collateralName });
}

test('a frequency goes from upload through rejection and approval to reopening', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { borrower, collateral } = await borrowerWithCollateral(page, baseURL!);
  const period = lastMonth();
  const periodName = `Monthly, ${period.month} ${period.year}`;

  // The borrower adds a monthly frequency for last month (docs/product.md#screens Add).
  await page.goto(frequencyScreen(borrower));
  await expect(page.getByRole('heading', { level: 1, name: borrower.name })).toBeVisible();
  await page.getByRole('combobox', { name: 'Select Collateral' }).click();
  await page.getByRole('option', { name: collateral.collateralName }).click();
  await expect(page).toHaveURL(new RegExp(`\\?collateral=${collateral.key}$`));
  await expect(page.getByText('No frequencies yet')).toBeVisible();

  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Frequency is required')).toBeVisible();
  await expect(page.getByText('Date is required')).toBeVisible();

  await page.getByRole('combobox', { name: 'Frequency', exact: true }).click();
  await page.getByRole('option', { name: 'Monthly' }).click();
  await page.getByRole('button', { name: 'Month', exact: true }).click();
  if (period.isLastYear) await page.getByRole('button', { name: 'Previous year' }).click();
  await page.getByRole('button', { name: `${period.month} ${period.year}` }).click();
  await page.getByRole('button', { name: 'Add' }).click();

  const rows = page.getByRole('table', { name: 'Frequencies' }).getByRole('row');
  const row = rows.filter({ hasText: period.month });
  await expect(row.getByRole('button', { name: 'Uploaded Files (0)' })).toBeVisible();

  // The same period again is refused with docs/product.md#errors's popup.
  await page.getByRole('combobox', { name: 'Frequency', exact: true }).click();
  await page.getByRole('option', { name: 'Monthly' }).click();
  await page.getByRole('button', { name: 'Month', exact: true }).click();
  if (period.isLastYear) await page.getByRole('button', { name: 'Previous year' }).click();
  await page.getByRole('button', { name: `${period.month} ${period.year}` }).click();
  await page.getByRole('button', { name: 'Add' }).click();
  const popup = page.getByRole('dialog', { name: 'Error.!' });
  await expect(popup).toContainText('Similar monitoring frequency already exists');
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();
  await expect(rows).toHaveCount(2);
  await expectNoSeriousViolations(page);

  // The nine documents, through the one document panel (docs/product.md#what-it-does).
  await row.getByRole('button', { name: 'Uploaded Files (0)' }).click();
  let panel = documentPanel(page);
  for (const label of SLOTS) await uploadInto(panel, label);
  await closePanel(page);
  await expect(row.getByRole('button', { name: 'Uploaded', exact: true })).toBeVisible();

  // docs/product.md#validation: Submit needs the confirmation and a selection; then Collateral Status (docs/product.md#statuses).
  const submit = page.getByRole('button', { name: 'Submit to checker' });
  await expect(submit).toBeDisabled();
  await page.getByRole('checkbox', { name: `Select ${periodName}` }).check();
  await expect(submit).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Please confirm the selection.' }).check();
  await submit.click();
  await expect(page).toHaveURL(/\/collateralstatus\?status=PENDING_APPROVAL$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Collateral Status' })).toBeVisible();
  await expect(
    checkerRow(page, collateral).getByRole('button', { name: 'PENDING FOR APPROVAL' }),
  ).toBeVisible();
  await expectNoSeriousViolations(page);

  // The approver rejects one document with remarks and approves the rest.
  const approver = await staffPage(browser, baseURL!, DEV_STAFF.approver);
  await approver.goto('/collateralchecker');
  await expect(
    approver.getByRole('heading', { level: 1, name: 'Collateral Checker' }),
  ).toBeVisible();
  await expect(checkerRow(approver, collateral)).toContainText(borrower.name);
  await expectNoSeriousViolations(approver);
  await checkerRow(approver, collateral)
    .getByRole('button', { name: 'PENDING FOR APPROVAL' })
    .click();
  panel = documentPanel(approver);
  await review(panel, REJECTED_SLOT, 'Reject', 'The figures for the last week are missing.');
  for (const label of SLOTS.filter((l) => l !== REJECTED_SLOT)) {
    await review(panel, label, 'Approve', 'Checked against the ledger.');
  }
  await finaliseFromPanel(approver, 'REJECTED');
  await closePanel(approver);
  await expect(checkerRow(approver, collateral)).toHaveCount(0);

  // The borrower replaces the rejected document and resubmits from Collateral Status.
  await page.reload();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'REJECTED' }).click();
  await checkerRow(page, collateral).getByRole('button', { name: 'REJECTED' }).click();
  panel = documentPanel(page);
  const rejected = await openSlot(panel, REJECTED_SLOT);
  await expect(rejected.body.getByText('The figures for the last week are missing.')).toBeVisible();
  // Discard asks first, and says what leaves with the file.
  await rejected.body.getByRole('button', { name: `Discard ${REJECTED_SLOT}` }).click();
  const discard = page.getByRole('dialog', { name: `Discard ${REJECTED_SLOT}?` });
  await expect(discard).toContainText("the approver's remarks with it");
  await discard.getByRole('button', { name: 'Keep it' }).click();
  await expectSlotStatus(panel, REJECTED_SLOT, 'REJECTED');
  await rejected.body.getByRole('button', { name: `Discard ${REJECTED_SLOT}` }).click();
  await discard.getByRole('button', { name: 'Discard', exact: true }).click();
  await expectSlotStatus(panel, REJECTED_SLOT, 'NO FILE');
  await uploadInto(panel, REJECTED_SLOT);
  await closePanel(page);

  await page
    .getByRole('checkbox', { name: `Select ${collateral.collateralName}, ${periodName}` })
    .check();
  await page.getByRole('checkbox', { name: 'Please confirm the selection.' }).check();
  await page.getByRole('button', { name: 'Submit to checker' }).click();
  await expect(page.getByText('is awaiting approval again')).toBeVisible();
  // The list comes back on the status it now has.
  await expect(page).toHaveURL(/status=PENDING_APPROVAL/);
  await expect(
    checkerRow(page, collateral).getByRole('button', { name: 'PENDING FOR APPROVAL' }),
  ).toBeVisible();

  // The approver approves the replacement; the others stayed approved (docs/product.md#statuses).
  await approver.reload();
  await checkerRow(approver, collateral)
    .getByRole('button', { name: 'PENDING FOR APPROVAL' })
    .click();
  panel = documentPanel(approver);
  await expectSlotStatus(panel, 'Customer Ledger', 'APPROVED');
  await review(panel, REJECTED_SLOT, 'Approve', 'Complete now.');
  await finaliseFromPanel(approver, 'APPROVED');
  await approver.context().close();

  // The borrower reopens the approved frequency with the edit icon (docs/product.md#statuses).
  await page.goto(frequencyScreen(borrower, collateral));
  await expect(row.getByRole('button', { name: 'Approved' })).toBeVisible();
  await row.getByRole('button', { name: `Reopen ${periodName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Reopen this frequency?' });
  await confirm.getByRole('button', { name: 'Reopen' }).click();
  await expect(row.getByRole('button', { name: 'Uploaded', exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Reopen/ })).toHaveCount(0);
});

test.describe('at phone width', () => {
  test.use({ viewport: PHONE });

  test('both screens fit without sideways scrolling', async ({ page, baseURL }) => {
    const { borrower, collateral } = await borrowerWithCollateral(page, baseURL!);
    await page.goto(frequencyScreen(borrower, collateral));
    await expect(page.getByRole('form', { name: 'Add a frequency' })).toBeVisible();
    await expect(page.getByText('No frequencies yet')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page);

    await page.goto('/collateralstatus');
    await expect(page.getByText('No frequencies are PENDING FOR APPROVAL')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page);
  });

  test('another borrower’s account reads as not found, with a way home', async ({
    page,
    baseURL,
  }) => {
    await borrowerWithCollateral(page, baseURL!);
    await page.goto('/accounts/ACC1001/collaterals');
    await expect(page.getByRole('heading', { level: 1, name: 'Account not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/opportunities$/);
  });
});
