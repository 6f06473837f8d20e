import { expect, test } from '@playwright/test';
import { documentPanel } from './document-panel';
import {
  addDocument,
  borrowerToken,
  businessDate,
  DEV_STAFF,
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  FINAL_NOC_SLOTS,
  importBorrower,
  importNocUnit,
  INTEGRATION_API_KEY,
  PHONE,
  pdfFile,
  rejectUnit,
  signInAsBorrower,
  signUpBorrower,
  staffPage,
  submitFilledUnit,
  TIME_ZONE,
} from './fixtures';

// The borrower's home lists everything they owe: monitoring packs overdue first, a rejected
// document with the checker's reason, a unit with documents still to upload ("3 of 7"); one
// click on an item opens its panel at the right document.

const REMARKS = 'Page 2 of the ledger is cut off.';

test.use({ timezoneId: TIME_ZONE, viewport: { width: 1366, height: 900 } });

test('the home lists every pack, rejection and upload owed, each one click from its panel', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const borrower = await importBorrower(request);
  await signUpBorrower(request, borrower);
  const rejected = await importNocUnit(request, borrower);
  // A monthly calendar from four months back, due on the 1st: five packs, this month's due and
  // the others overdue (last month's only from the 2nd).
  const [year, month, day] = businessDate().split('-').map(Number) as [number, number, number];
  const overdue = day === 1 ? 3 : 4;
  const since = new Date(Date.UTC(year, month - 1 - 4, 1)).toISOString().slice(0, 7);
  const collateral = { key: `COL-${borrower.accountId}`, collateralName: 'Escrow of Tower E' };
  const toUpload = { key: `${rejected.unitKey}-2`, unit: 'E-302' };
  const imported = await request.post('/api/import', {
    headers: { Authorization: `Bearer ${INTEGRATION_API_KEY}` },
    data: {
      collaterals: [
        { ...collateral, accountId: borrower.accountId, monitoringFrequency: 1, dueDay: 1, since },
      ],
      units: [
        {
          key: toUpload.key,
          projectKey: rejected.projectKey,
          name: `Flat ${toUpload.unit}`,
          tower: 'E',
          floor: '3',
          unit: toUpload.unit,
          areaSqft: 1100,
          customerName: 'Kabir Rao',
          maxSellingPrice: 9_800_000,
          baseSellingPrice: 9_150_000,
          totalSaleValue: 10_225_000,
          amountToBeReceived: 3_430_000,
          selectedNoc: 'Final',
        },
      ],
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);

  const token = await borrowerToken(baseURL!, borrower);
  for (const { fileType, label } of FINAL_NOC_SLOTS.slice(0, 3)) {
    await addDocument(request, token, `/api/units/${toUpload.key}/files`, {
      fileType,
      file: pdfFile(`${fileType.toLowerCase()}.pdf`),
      borrowerRemarks: `${label} for the NOC`,
    });
  }
  await submitFilledUnit(request, token, rejected);
  const approver = await staffPage(browser, baseURL!, DEV_STAFF.approver);
  await rejectUnit(approver, baseURL!, rejected, {
    fileType: 'CUSTOMER_LEDGER',
    reason: REMARKS,
  });
  await approver.context().close();

  await signInAsBorrower(page, borrower, baseURL!);
  await page.goto('/opportunities');
  const todo = page.getByRole('region', { name: 'What needs you' });
  await expect(todo.getByRole('heading', { name: 'Monitoring packs to submit 5' })).toBeVisible();
  const packs = todo.getByRole('region', { name: /Monitoring packs to submit/ });
  await expect(
    packs.getByText(`${overdue} are overdue. The most overdue come first.`),
  ).toBeVisible();
  // The oldest pack first, with how late it is.
  await expect(packs.getByRole('listitem').first()).toContainText(/Overdue by \d+ days, due/);
  await expect(todo.getByText('Nothing needs you right now')).toHaveCount(0);
  const uploads = todo.getByRole('region', { name: /Units with documents to upload/ });
  await expect(uploads).toContainText('3 of 7 uploaded');
  const rejections = todo.getByRole('region', { name: /Rejected units/ });
  await expect(rejections).toContainText(
    `Customer Ledger rejected: The document cannot be read. “${REMARKS}”`,
  );
  await expectNoSeriousViolations(page);

  // One click: the rejected unit's panel, open at the rejected document.
  await rejections.getByRole('link', { name: /Unit E-301/ }).click();
  await expect(page).toHaveURL(/\/unitstatus\?.*slot=CUSTOMER_LEDGER/);
  const panel = documentPanel(page);
  await expect(panel.getByRole('button', { name: /^Customer Ledger/ })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(panel.getByText(REMARKS).first()).toBeVisible();

  // On a phone: the same list, nothing sideways; a pack not added yet opens its collateral's
  // frequency screen, whose calendar adds it.
  await page.setViewportSize(PHONE);
  await page.goto('/opportunities');
  await expect(packs.getByRole('listitem')).toHaveCount(5);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  await packs.getByRole('link').first().click();
  await expect(page).toHaveURL(
    `/accounts/${borrower.accountId}/collaterals?collateral=${collateral.key}`,
  );
  await expect(page.getByText(collateral.collateralName).first()).toBeVisible();
});
