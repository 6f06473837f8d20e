import { expect, test, type Page } from '@playwright/test';
import {
  closePanel,
  documentPanel,
  expectSlotStatus,
  finaliseFromPanel,
  openSlot,
  review,
  slotPdf,
  submitFromPanel,
} from './document-panel';
import {
  borrowerToken,
  collectPageErrors,
  DEV_STAFF,
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  FINAL_NOC_SLOTS,
  importBorrower,
  importNocUnit,
  mailTo,
  PHONE,
  pngFile,
  rejectUnit,
  signInAsBorrower,
  signUpBorrower,
  staffPage,
  submitFilledUnit,
  TIME_ZONE,
  type NocUnit,
  type UploadFile,
} from './fixtures';

// The rejection loop and the review loop in the browser: a rejected borrower finds the item
// from home or the e-mail in one click, reads the reason and replaces the file without risk; a
// checker previews documents in the panel, changes a decision and finalises; the files screen.
// Each runs on a desktop and at phone width.

const REJECTED = { fileType: 'KYC_APPLICANT', label: 'KYC Applicant' } as const;
const REASON = 'The PAN card is cut off; please upload the whole card.';

const VIEWPORTS = [
  { name: 'on a desktop', viewport: { width: 1280, height: 800 } },
  { name: 'at phone width', viewport: PHONE },
] as const;

/** A signed-up borrower whose final NOC unit has all seven documents, submitted to the checker. */
async function submittedUnit(
  page: Page,
  baseURL: string,
  files: Partial<Record<string, UploadFile>> = {},
) {
  const borrower = await importBorrower(page.request);
  await signUpBorrower(page.request, borrower);
  const unit = await importNocUnit(page.request, borrower);
  await submitFilledUnit(page.request, await borrowerToken(baseURL, borrower), unit, files);
  return { borrower, unit };
}

/** "E2E Heights X · Tower E · Unit E-301", as the portal names a unit in words. */
const unitWords = (unit: NocUnit) => `${unit.projectName} · Tower E · Unit E-301`;

/** The rejected slot's live file, as the server has it. */
async function rejectedSlotFile(page: Page, unit: NocUnit) {
  const response = await page.request.get(`/api/units/${unit.unitKey}/files`);
  const { files } = (await response.json()) as {
    files: { file: { key: string; fileType: string; approvalStatus: string } }[];
  };
  return files.find(({ file }) => file.fileType === REJECTED.fileType)?.file;
}

/** The panel is open on the rejected slot, whose reason reads as text. */
async function expectPanelOnRejectedSlot(page: Page) {
  const panel = documentPanel(page);
  await expect(panel).toBeVisible();
  const control = panel.getByRole('button', { name: new RegExp(`^${REJECTED.label}`) });
  await expect(control).toHaveAttribute('aria-expanded', 'true');
  await expect(control).toContainText('REJECTED');
  const slot = panel.getByRole('region', { name: new RegExp(`^${REJECTED.label}`) });
  await expect(slot.getByText('Approver remarks: reason for rejection')).toBeVisible();
  await expect(slot.getByText(REASON)).toBeVisible();
  return panel;
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(name, () => {
    test.use({ viewport, timezoneId: TIME_ZONE });

    test('a rejected borrower finds it in one click, reads the reason, replaces and resubmits', async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      const { borrower, unit } = await submittedUnit(page, baseURL!);
      const staff = await staffPage(browser, baseURL!, DEV_STAFF.approver);
      await rejectUnit(staff, baseURL!, unit, { fileType: REJECTED.fileType, reason: REASON });
      await staff.context().close();
      await signInAsBorrower(page, borrower, baseURL!);

      // The e-mail names the unit in words and links straight to its panel.
      const mail = await mailTo(page.request, borrower.email, /^Rejected: /);
      expect(mail.subject).toBe(`Rejected: ${unitWords(unit)}`);
      expect(mail.text).toContain(`${REJECTED.label}: The document cannot be read. ${REASON}`);
      const link = /Fix it in Unit Status: (\S+)/.exec(mail.text)?.[1];
      expect(link, mail.text).toContain(`unit=${unit.unitKey}`);
      await page.goto(link!);
      await expectPanelOnRejectedSlot(page);
      await closePanel(page);

      // Home says what needs the borrower; the item's link opens the panel on the rejected slot.
      await page.goto('/opportunities');
      const todo = page.getByRole('region', { name: 'What needs you' });
      const rejectedUnits = todo.getByRole('region', { name: /^Rejected units/ });
      await expect(rejectedUnits).toContainText('1');
      await expectNoSeriousViolations(page);
      if (viewport === PHONE) await expectNoSidewaysScroll(page);
      await rejectedUnits.getByRole('link', { name: unitWords(unit) }).click();
      await expect(page).toHaveURL(/\/unitstatus\?status=REJECTED&/);
      let panel = await expectPanelOnRejectedSlot(page);
      await expectNoSeriousViolations(page);

      // A freshly rejected unit is not offered for submission, in the panel or the list.
      await expect(panel.getByRole('region', { name: 'Submit to checker' })).toHaveCount(0);
      await closePanel(page);
      await expect(
        page.getByRole('button', { name: `REJECTED, documents of ${unit.unitName}` }),
      ).toBeVisible();
      await expect(
        page.getByRole('checkbox', { name: `Select ${unit.unitName} to submit` }),
      ).toHaveCount(0);
      if (viewport === PHONE) await expectNoSidewaysScroll(page);

      // Change, then the picker is cancelled: nothing happens.
      await page.getByRole('button', { name: `REJECTED, documents of ${unit.unitName}` }).click();
      panel = await expectPanelOnRejectedSlot(page);
      const slot = await openSlot(panel, REJECTED.label);
      const before = await rejectedSlotFile(page, unit);
      const chooser = page.waitForEvent('filechooser');
      await slot.body.getByRole('button', { name: `Change ${REJECTED.label}` }).click();
      await chooser; // and no file is chosen
      await expect(slot.body.getByText(`New file for ${REJECTED.label}.`)).toHaveCount(0);
      await expectSlotStatus(panel, REJECTED.label, 'REJECTED');

      // Change with a file picked, then Cancel: the rejected file and its reason stay.
      await slot.body
        .getByLabel(`Choose a new file for ${REJECTED.label}`)
        .setInputFiles(slotPdf('kyc-applicant-second-try'));
      await expect(slot.body.getByText(`New file for ${REJECTED.label}.`)).toBeVisible();
      await slot.body.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect(slot.body.getByText(`New file for ${REJECTED.label}.`)).toHaveCount(0);
      await expectSlotStatus(panel, REJECTED.label, 'REJECTED');
      await expect(slot.body.getByText(REASON)).toBeVisible();
      expect(await rejectedSlotFile(page, unit)).toEqual(before);

      // The replacement goes in; the reason stays beside it until the checker reviews it.
      await slot.body
        .getByLabel(`Choose a new file for ${REJECTED.label}`)
        .setInputFiles(slotPdf('kyc-applicant-whole-card'));
      await slot.body
        .getByRole('textbox', { name: 'Borrower remarks for the new file' })
        .fill('The whole card this time');
      await slot.body
        .getByRole('button', { name: `Upload the replacement for ${REJECTED.label}` })
        .click();
      await expectSlotStatus(panel, REJECTED.label, 'NOT RAISED');
      await expect(slot.body.getByText('The previous file was rejected. Reason:')).toBeVisible();
      await expect(slot.body.getByText(REASON)).toBeVisible();
      await expect(slot.body.getByText('The whole card this time')).toBeVisible();
      expect((await rejectedSlotFile(page, unit))?.key).not.toBe(before?.key);

      // Now it may go back, from the panel.
      await expectNoSeriousViolations(page);
      await submitFromPanel(panel);
      await closePanel(page);
      await page.goto('/unitstatus?status=PENDING_APPROVAL');
      await expect(
        page.getByRole('button', { name: `PENDING FOR APPROVAL, documents of ${unit.unitName}` }),
      ).toBeVisible();
    });

    test('a checker previews documents in the panel, changes a decision and finalises', async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      const { unit } = await submittedUnit(page, baseURL!, {
        [REJECTED.fileType]: pngFile('kyc-applicant.png'),
      });
      const staff = await staffPage(browser, baseURL!, DEV_STAFF.approver);
      await staff.setViewportSize(viewport);
      const errors = collectPageErrors(staff);

      // The e-mail's address for staff opens the unit's panel on the NOC checker.
      await staff.goto(
        `/checker?status=PENDING_APPROVAL&project=${unit.projectKey}&unit=${unit.unitKey}`,
      );
      const panel = documentPanel(staff);
      await expect(panel).toContainText(unit.unitName);
      if (viewport === PHONE) expect((await panel.boundingBox())?.width).toBeGreaterThan(380);

      // A PDF is drawn in the page by pdf.js, from the bytes; its text can be read.
      const pdfSlot = await openSlot(panel, 'Shortfall Infusion Proof');
      const pdfName = 'shortfall_infusion_proof.pdf';
      await pdfSlot.body.getByRole('button', { name: `View ${pdfName}` }).click();
      const page1 = pdfSlot.body.locator('.react-pdf__Page');
      await expect(page1.locator('canvas')).toBeVisible();
      await expect(page1.locator('.react-pdf__Page__textContent')).toContainText(pdfName);
      expect(
        await page1.locator('canvas').evaluate((c: HTMLCanvasElement) => c.width),
      ).toBeGreaterThan(100);
      await expect(pdfSlot.body.getByRole('link', { name: `Download ${pdfName}` })).toBeVisible();

      // A PNG is shown as an image, drawn from its bytes too.
      const imageSlot = await openSlot(panel, REJECTED.label);
      await imageSlot.body.getByRole('button', { name: 'View kyc-applicant.png' }).click();
      const image = imageSlot.body.getByRole('img', { name: 'Preview of kyc-applicant.png' });
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
      expect(await image.getAttribute('src')).toMatch(/^blob:/);
      await expect(
        imageSlot.body.getByRole('link', { name: 'Download kyc-applicant.png' }),
      ).toBeVisible();
      await expectNoSeriousViolations(staff);

      // Reject one, approve the rest; then the checker changes its mind before finalising.
      await review(panel, REJECTED.label, 'Reject', REASON);
      for (const { label } of FINAL_NOC_SLOTS.filter((slot) => slot.label !== REJECTED.label)) {
        await review(panel, label, 'Approve', 'Matches the original.');
      }
      const finalReview = panel.getByRole('region', { name: 'Final review' });
      await expect(finalReview).toContainText('REJECTED');
      const changed = await openSlot(panel, REJECTED.label);
      await changed.body
        .getByRole('button', { name: `Change the decision on ${REJECTED.label}` })
        .click();
      const remarks = changed.body.getByRole('textbox', { name: 'New approver remarks' });
      await expect(remarks).toBeFocused();
      await remarks.fill('The image is clear enough after all.');
      await changed.body.getByRole('button', { name: `Approve ${REJECTED.label}` }).click();
      await expectSlotStatus(panel, REJECTED.label, 'APPROVED');
      await expect(finalReview).toContainText('APPROVED');
      await expectNoSeriousViolations(staff);
      await finaliseFromPanel(staff, 'APPROVED');
      await closePanel(staff);

      await staff.goto(`/checker?status=APPROVED&project=${unit.projectKey}&unit=${unit.unitKey}`);
      await expectSlotStatus(documentPanel(staff), REJECTED.label, 'APPROVED');
      // No uncaught error and no Content-Security-Policy refusal along the way.
      expect(errors).toEqual([]);
      await staff.context().close();
    });

    test('the files screen lists the borrower’s documents, and staff search everyone’s', async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const { borrower, unit } = await submittedUnit(page, baseURL!);
      await signInAsBorrower(page, borrower, baseURL!);

      await page.goto('/files');
      await expect(page.getByRole('heading', { level: 1, name: 'Your documents' })).toBeVisible();
      const table = page.getByRole('table', { name: 'Documents' });
      await expect(table.getByRole('row')).toHaveCount(FINAL_NOC_SLOTS.length + 1);
      const ledger = table.getByRole('row').filter({ hasText: 'customer_ledger.pdf' });
      await expect(ledger).toContainText('Customer Ledger');
      await expect(ledger).toContainText('PENDING FOR APPROVAL');
      const download = ledger.getByRole('link', { name: /^Download Customer Ledger/ });
      await expect(download).toHaveAttribute('rel', /noopener/);
      const bytes = await page.request.get((await download.getAttribute('href'))!);
      expect((await bytes.body()).subarray(0, 5).toString()).toBe('%PDF-');
      await expectNoSeriousViolations(page);
      if (viewport === PHONE) await expectNoSidewaysScroll(page);

      await searchFiles(page, 'ledger');
      await expect(table.getByRole('row')).toHaveCount(2);
      await expect(page).toHaveURL(/search=ledger/);

      // Its link opens the unit's panel, where the file is previewed.
      await ledger.getByRole('link', { name: `${unitWords(unit)}: open its documents` }).click();
      await expect(documentPanel(page)).toContainText('Customer Ledger');

      // Staff see everyone's documents and find one borrower's by account.
      const staff = await staffPage(browser, baseURL!, DEV_STAFF.approver);
      await staff.setViewportSize(viewport);
      await staff.goto('/files');
      await expect(staff.getByRole('heading', { level: 1, name: 'All documents' })).toBeVisible();
      await searchFiles(staff, borrower.accountId);
      const staffTable = staff.getByRole('table', { name: 'Documents' });
      await expect(staffTable.getByRole('row')).toHaveCount(FINAL_NOC_SLOTS.length + 1);
      await expect(staffTable.getByText(`${borrower.name} (${borrower.accountId})`)).toHaveCount(
        FINAL_NOC_SLOTS.length,
      );
      await expectNoSeriousViolations(staff);
      if (viewport === PHONE) await expectNoSidewaysScroll(staff);
      await staff.context().close();
    });
  });
}

/** Searches the files screen; on a phone its filters sit behind one Filters button first. */
async function searchFiles(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: /^Search by file/ });
  const filters = page.getByRole('button', { name: /^Filters/ });
  await expect(box.or(filters)).toBeVisible();
  if ((await filters.isVisible()) && (await filters.getAttribute('aria-expanded')) === 'false') {
    await filters.click();
  }
  await box.fill(text);
  await box.press('Enter');
}
