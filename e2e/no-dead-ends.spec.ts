import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { documentPanel } from './document-panel';
import {
  addDocument,
  borrowerToken,
  businessDate,
  escapeRegExp,
  expectNoSeriousViolations,
  FINAL_NOC_SLOTS,
  importBorrower,
  importNocUnit,
  INTEGRATION_API_KEY,
  PHONE,
  pdfFile,
  signInAsBorrower,
  signUpBorrower,
} from './fixtures';

// No dead ends for a borrower: adding a calendar period opens its documents, a bulk submit lands
// on the list that shows the submitted units, and an empty list links to the statuses that hold
// the rest. On a desktop and on a phone, with axe on each screen.

/** A signed-in borrower with a monthly calendar from three months back, and a unit whose seven documents are in but not submitted. */
async function borrowerWithWork(page: Page, baseURL: string) {
  const request = page.request;
  const borrower = await importBorrower(request);
  await signUpBorrower(request, borrower);
  const [year, month] = businessDate(90).split('-');
  const collateral = {
    key: `COL-NDE-${randomBytes(4).toString('hex').toUpperCase()}`,
    accountId: borrower.accountId,
    collateralName: `E2E No Dead Ends ${randomBytes(3).toString('hex')}`,
    monitoringFrequency: 1,
    dueDay: 10,
    since: `${year}-${month}`,
  };
  const imported = await request.post('/api/import', {
    headers: { Authorization: `Bearer ${INTEGRATION_API_KEY}` },
    data: { collaterals: [collateral] },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const unit = await importNocUnit(request, borrower);
  const token = await borrowerToken(baseURL, borrower);
  for (const { fileType, label } of FINAL_NOC_SLOTS) {
    await addDocument(request, token, `/api/units/${unit.unitKey}/files`, {
      fileType,
      file: pdfFile(`${fileType.toLowerCase()}.pdf`),
      borrowerRemarks: `${label} for the NOC`,
    });
  }
  await signInAsBorrower(page, borrower, baseURL);
  return { borrower, collateral, unit };
}

for (const [size, viewport] of [
  ['desktop', { width: 1366, height: 900 }],
  ['phone', PHONE],
] as const) {
  test.describe(`on a ${size}`, () => {
    test.use({ viewport });

    test('Add opens the period’s documents; a submit lands on the submitted units; an empty list links to the rest', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const { borrower, collateral, unit } = await borrowerWithWork(page, baseURL!);

      // The home calendar's Add opens the new frequency's document panel on its collateral's screen.
      await page.goto('/opportunities');
      const calendar = page.getByRole('table', { name: /Monitoring packs of your collaterals/ });
      await calendar
        .getByRole('button', {
          name: new RegExp(`^Add .* of ${escapeRegExp(collateral.collateralName)}$`),
        })
        .first()
        .click();
      await expect(page.getByRole('link', { name: 'Upload its documents' })).toBeVisible();
      await expect(page).toHaveURL(
        new RegExp(
          `/accounts/${borrower.accountId}/collaterals\\?collateral=${escapeRegExp(collateral.key)}&frequency=`,
        ),
      );
      const panel = documentPanel(page);
      await expect(panel).toBeVisible();
      await expect(panel).toContainText(collateral.collateralName);
      await expectNoSeriousViolations(page);

      // A bulk submit from every status lands on Pending for approval, saying how many went.
      await page.goto('/unitstatus?status=ALL');
      await page.getByRole('checkbox', { name: `Select ${unit.unitName} to submit` }).check();
      await page.getByRole('checkbox', { name: 'Please confirm the selection.' }).check();
      await page.getByRole('button', { name: 'Submit to checker' }).click();
      await expect(page).toHaveURL(/\/unitstatus\?status=PENDING_APPROVAL$/);
      await expect(
        page.getByText(
          '1 unit was submitted to the checker. It is listed below, pending for approval.',
        ),
      ).toBeVisible();
      const submitted = page.getByRole('button', {
        name: `PENDING FOR APPROVAL, documents of ${unit.unitName}`,
      });
      await expect(submitted).toBeVisible();
      // The pointer rests where the submit bar was, over a row now: its hover shade is not the check.
      await page.mouse.move(0, 0);
      await expectNoSeriousViolations(page);

      // An empty status says where the units are, and the link sets the filter.
      await page.goto('/unitstatus?status=REJECTED');
      await expect(page.getByText('No units rejected')).toBeVisible();
      await expect(page.getByText('Other units:')).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.getByRole('button', { name: 'PENDING FOR APPROVAL (1)' }).click();
      await expect(page).toHaveURL(/status=PENDING_APPROVAL/);
      await expect(submitted).toBeVisible();
    });
  });
}
