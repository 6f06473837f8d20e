import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { closePanel, documentPanel, finaliseFromPanel, review } from './document-panel';
import {
  borrowerToken,
  collectPageErrors,
  DEV_STAFF,
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  FINAL_NOC_SLOTS,
  importBorrower,
  importNocUnit,
  PHONE,
  signInAsBorrower,
  signUpBorrower,
  staffPage,
  submitFilledUnit,
} from './fixtures';

// The NOC letter end to end: the approval issues it, the borrower downloads it, the buyer's bank
// verifies it from the QR code's page and checks the copy it holds, the approver revokes it and the
// page says so.

/** Drops `bytes` as a PDF file on the verification page, as a visitor dragging it from their desktop. */
async function dropFile(page: Page, bytes: Buffer) {
  const dataTransfer = await page.evaluateHandle((base64) => {
    const transfer = new DataTransfer();
    const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    transfer.items.add(new File([data], 'letter.pdf', { type: 'application/pdf' }));
    return transfer;
  }, bytes.toString('base64'));
  await page.dispatchEvent('#drop-zone', 'drop', { dataTransfer });
}

test('an approved unit’s NOC letter is downloaded, verified and revoked', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const borrower = await importBorrower(request);
  await signUpBorrower(request, borrower);
  const unit = await importNocUnit(request, borrower);
  await submitFilledUnit(request, await borrowerToken(baseURL!, borrower), unit);

  // The approver approves every document and finalises: APPROVED.
  const staff = await staffPage(browser, baseURL!, DEV_STAFF.approver);
  await staff.goto('/checker');
  await staff
    .getByRole('button', { name: `PENDING FOR APPROVAL, documents of ${unit.unitName}` })
    .click();
  let panel = documentPanel(staff);
  for (const { label } of FINAL_NOC_SLOTS) await review(panel, label, 'Approve', 'Verified.');
  await finaliseFromPanel(staff, 'APPROVED');
  await closePanel(staff);

  // The borrower downloads the letter from the unit's row once it is ready: it is issued in the
  // background after the approval, which on a busy machine takes a few seconds.
  await signInAsBorrower(page, borrower, baseURL!);
  const letterUrl = `/api/projects/${unit.projectKey}/units/${unit.unitKey}/noc-letter`;
  await expect
    .poll(async () => (await page.request.get(letterUrl)).status(), { timeout: 60_000 })
    .toBe(200);
  await page.goto(`/opportunities/${unit.opportunityKey}/projects/${unit.projectKey}/units`);
  const download = page.getByRole('button', { name: `Download NOC letter of ${unit.unitName}` });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const letterFile = (await file.path())!;
  expect(file.suggestedFilename()).toMatch(/^NOC letter E-301 NOC-.*\.pdf$/);
  expect(readFileSync(letterFile).subarray(0, 5).toString()).toBe('%PDF-');
  const answer = await page.request.get(letterUrl);
  const { letterNumber } = ((await answer.json()) as { file: { letterNumber: string } }).file;

  // The verification page, as a phone opens it from the QR code: no sign-in.
  const bankContext = await browser.newContext({ viewport: PHONE });
  const bank = await bankContext.newPage();
  // A script the page's Content-Security-Policy refused would show here.
  const bankErrors = collectPageErrors(bank);
  await bank.goto(`/verify/${letterNumber}`);
  await expect(bank.getByRole('heading', { name: 'NOC letter verification' })).toBeVisible();
  await expect(bank.getByRole('status')).toHaveText('Valid NOC letter');
  await expect(bank.locator('main')).toContainText('E-301');
  await expectNoSeriousViolations(bank);
  await expectNoSidewaysScroll(bank);

  // The bank checks the copy it was given, byte for byte, in its own browser: the issued PDF
  // matches; a copy with one byte changed does not.
  const issued = readFileSync(letterFile);
  const result = bank.locator('#check-result');
  await dropFile(bank, issued);
  await expect(result).toHaveText('This file is the issued letter, byte for byte.');
  const edited = Buffer.from(issued);
  const at = edited.indexOf('/CreationDate (D:') + '/CreationDate (D:'.length;
  edited[at] = edited[at] === 0x32 ? 0x33 : 0x32;
  await dropFile(bank, edited);
  await expect(result).toHaveText(/^This file is not the issued letter/);
  // By keyboard: the language link, then the file chooser, which takes the file too.
  await bank.keyboard.press('Tab');
  await expect(bank.getByRole('link', { name: 'हिन्दी' })).toBeFocused();
  await bank.keyboard.press('Tab');
  const chooser = bank.getByLabel('Choose the PDF');
  await expect(chooser).toBeFocused();
  await chooser.setInputFiles({ name: 'letter.pdf', mimeType: 'application/pdf', buffer: issued });
  await expect(result).toHaveText('This file is the issued letter, byte for byte.');
  await expectNoSeriousViolations(bank);

  // The same page in Hindi, chosen on the page.
  await bank.getByRole('link', { name: 'हिन्दी' }).click();
  await expect(bank.getByRole('heading', { name: 'NOC पत्र सत्यापन' })).toBeVisible();
  await expect(bank.getByRole('status')).toHaveText('मान्य NOC पत्र');
  await dropFile(bank, edited);
  await expect(bank.locator('#check-result')).toHaveText(/^यह फ़ाइल जारी किया गया पत्र नहीं है/);
  await expectNoSeriousViolations(bank);
  await expectNoSidewaysScroll(bank);
  await bank.goto(`/verify/${letterNumber}?lang=en`);

  // The approver revokes it from the unit's panel, with a reason.
  await staff.goto('/checker?status=APPROVED');
  await staff.getByRole('button', { name: `APPROVED, documents of ${unit.unitName}` }).click();
  panel = documentPanel(staff);
  await expect(panel).toContainText(letterNumber);
  await panel.getByRole('button', { name: 'Revoke letter' }).click();
  const confirm = staff.getByRole('dialog', { name: 'Revoke NOC letter' });
  await confirm.getByRole('textbox', { name: 'Reason' }).fill('Sale cancelled by the buyer');
  await confirm.getByRole('button', { name: 'Revoke letter' }).click();
  await expect(confirm).toBeHidden();
  await expect(panel).toContainText('REVOKED');

  await bank.reload();
  await expect(bank.getByRole('status')).toHaveText('This NOC letter was revoked');
  await expect(bank.locator('main')).toContainText('Revoked on');
  expect(bankErrors).toEqual([]);
  await bankContext.close();
  await staff.context().close();
});
