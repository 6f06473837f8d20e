import { expect, test } from '@playwright/test';
import { documentPanel, openSlot } from './document-panel';
import {
  addDocument,
  borrowerToken,
  DEV_STAFF,
  expectNoSeriousViolations,
  importBorrower,
  importNocUnit,
  pdfFile,
  PHONE,
  signUpBorrower,
  staffPage,
  submitFilledUnit,
} from './fixtures';

// Fraud signals as the checker meets them: a document one borrower already sent is sent again
// for another borrower's unit; the checker reviewing the second unit is told so on the slot.

test('the checker sees that a document was already uploaded for another borrower', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const shared = pdfFile('sale-deed.pdf');
  const [first, second] = [await importBorrower(request), await importBorrower(request)];
  for (const borrower of [first, second]) await signUpBorrower(request, borrower);
  const [firstUnit, secondUnit] = [
    await importNocUnit(request, first),
    await importNocUnit(request, second),
  ];

  await addDocument(
    request,
    await borrowerToken(baseURL!, first),
    `/api/units/${firstUnit.unitKey}/files`,
    { fileType: 'ATS_BBA', file: shared, borrowerRemarks: 'Our sale deed' },
  );
  await submitFilledUnit(request, await borrowerToken(baseURL!, second), secondUnit, {
    ATS_BBA: shared,
  });

  const staff = await staffPage(browser, baseURL!, DEV_STAFF.approver);
  await staff
    .getByRole('button', { name: `PENDING FOR APPROVAL, documents of ${secondUnit.unitName}` })
    .click();
  const panel = documentPanel(staff);
  const reused = await openSlot(panel, 'ATS/BBA');
  const signal = reused.body.getByRole('alert').filter({ hasText: 'Check this file closely' });
  await expect(signal).toContainText(
    `The same file was uploaded for another borrower's account (${first.accountId})`,
  );
  // The other documents of the unit carry no signal.
  const other = await openSlot(panel, 'Customer Ledger');
  await expect(other.body.getByText('Check this file closely')).toHaveCount(0);
  await expectNoSeriousViolations(staff);

  // Readable at phone width too.
  await staff.setViewportSize(PHONE);
  await expect(signal).toBeVisible();
});
