import { expect, test, type Page } from '@playwright/test';
import {
  chooseRejectionReason,
  closePanel,
  documentPanel,
  finaliseFromPanel,
  openSlot,
  review,
  slotPdf,
  submitFromPanel,
  uploadInto,
} from './document-panel';
import {
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  FINAL_NOC_SLOTS,
  importBorrower,
  importNocUnit,
  signInAsBorrower,
  signUpBorrower,
  staffPage,
  DEV_STAFF,
  PHONE,
} from './fixtures';

// The NOC workflow of docs/product.md#screens, #statuses end to end against the real server: a borrower fills a
// unit's seven documents and submits it from the panel, an approver rejects one, the borrower
// replaces it and resubmits from the list, the approver approves; the history tells the story.

const SLOTS = FINAL_NOC_SLOTS.map((slot) => slot.label);
const REJECTED_SLOT = 'KYC Applicant';
const REJECTION = 'The scan is unreadable; please upload a clear copy.';

/** docs/product.md#screens, #validation: tick the unit, confirm the selection, submit; the list returns after 2000 ms. */
async function submitToChecker(page: Page, unitName: string) {
  const submit = page.getByRole('button', { name: 'Submit to checker' });
  await page.getByRole('checkbox', { name: `Select ${unitName} to submit` }).check();
  await expect(submit).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Please confirm the selection.' }).check();
  await submit.click();
  await expect(page.getByText('Submitted to the checker').last()).toBeVisible();
}

test('a unit goes through the whole NOC cycle: submit, reject, fix, resubmit, approve', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const borrower = await importBorrower(request);
  await signUpBorrower(request, borrower);
  const unit = await importNocUnit(request, borrower);
  const rowAction = (p: Page, status: string) =>
    p.getByRole('button', { name: `${status}, documents of ${unit.unitName}` });

  // The borrower opens the project's units: the new unit is NOT RAISED.
  await signInAsBorrower(page, borrower, baseURL!);
  await page.goto(`/opportunities/${unit.opportunityKey}/projects/${unit.projectKey}/units`);
  await expect(page.getByRole('heading', { level: 3, name: unit.projectName })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Units' })).toContainText('₹98,00,000.00');
  await expectNoSeriousViolations(page);

  // It fills all seven slots through the panel and submits from there.
  await rowAction(page, 'NOT RAISED').click();
  let panel = documentPanel(page);
  await expect(panel).toContainText(
    'Please upload the required documents below before raising for approval.',
  );
  await expectNoSeriousViolations(page);
  const submitRegion = panel.getByRole('region', { name: 'Submit to checker' });
  for (const label of SLOTS) {
    await expect(submitRegion).toHaveCount(0);
    await uploadInto(panel, label);
  }
  await expectNoSeriousViolations(page);
  await submitFromPanel(panel);
  await closePanel(page);
  await expect(rowAction(page, 'PENDING FOR APPROVAL')).toBeVisible();

  // The approver approves all seven, then changes its mind on one: the outcome follows.
  const staff = await staffPage(browser, baseURL!, DEV_STAFF.approver);
  await rowAction(staff, 'PENDING FOR APPROVAL').click();
  panel = documentPanel(staff);
  await expect(panel).toContainText(
    'Please review the documents and remark before approving or rejecting.',
  );
  await expectNoSeriousViolations(staff);
  // docs/product.md#screens: the final Submit waits until every document is reviewed.
  const finalReview = panel.getByRole('region', { name: 'Final review' });
  for (const label of SLOTS) {
    await expect(finalReview).toHaveCount(0);
    await review(panel, label, 'Approve', 'Verified against the original.');
  }
  await expect(finalReview).toContainText('APPROVED');
  const changed = await openSlot(panel, REJECTED_SLOT);
  await changed.body
    .getByRole('button', { name: `Change the decision on ${REJECTED_SLOT}` })
    .click();
  await changed.body.getByRole('textbox', { name: 'New approver remarks' }).fill(REJECTION);
  await chooseRejectionReason(changed.body, 'The document cannot be read');
  await changed.body.getByRole('button', { name: `Reject ${REJECTED_SLOT}` }).click();
  await expect(changed.control).toContainText('REJECTED');
  await expectNoSeriousViolations(staff);
  await finaliseFromPanel(staff, 'REJECTED');
  await closePanel(staff);
  await expect(rowAction(staff, 'PENDING FOR APPROVAL')).toBeHidden();

  // The borrower reads the reason and replaces the document with Change; the list offers the
  // unit again only once every document is back in.
  await page.goto('/unitstatus?status=REJECTED');
  await expect(
    page.getByRole('checkbox', { name: `Select ${unit.unitName} to submit` }),
  ).toHaveCount(0);
  await rowAction(page, 'REJECTED').click();
  panel = documentPanel(page);
  // The panel opens on the slot that needs the borrower.
  const rejected = await openSlot(panel, REJECTED_SLOT);
  await expect(rejected.control).toContainText('REJECTED');
  await expect(rejected.body.getByText('Approver remarks: reason for rejection')).toBeVisible();
  await expect(rejected.body.getByText(REJECTION)).toBeVisible();
  // docs/product.md#statuses: approved documents stay; only the rejected one may be discarded or changed.
  const approved = await openSlot(panel, 'Other');
  await expect(approved.body.getByRole('button', { name: 'Discard Other' })).toHaveCount(0);
  await expect(approved.body.getByRole('button', { name: 'Change Other' })).toHaveCount(0);
  await rejected.body
    .getByLabel(`Choose a new file for ${REJECTED_SLOT}`)
    .setInputFiles(slotPdf('kyc-applicant-clear'));
  await rejected.body
    .getByRole('textbox', { name: 'Borrower remarks for the new file' })
    .fill('A clear scan');
  await rejected.body
    .getByRole('button', { name: `Upload the replacement for ${REJECTED_SLOT}` })
    .click();
  await expect(rejected.control).toContainText('NOT RAISED');
  // The reason stays beside the new file until the checker reviews it.
  await expect(panel.getByText('The previous file was rejected. Reason:')).toBeVisible();
  await expect(panel.getByText(REJECTION)).toBeVisible();
  await closePanel(page);
  await page.goto('/unitstatus?status=REJECTED');
  await submitToChecker(page, unit.unitName);
  // The list comes back on the status the unit now has.
  await expect(page).toHaveURL(/status=PENDING_APPROVAL/);
  await expect(rowAction(page, 'PENDING FOR APPROVAL')).toBeVisible();

  // The approver approves the new document and submits: APPROVED.
  await staff.goto('/checker');
  await rowAction(staff, 'PENDING FOR APPROVAL').click();
  panel = documentPanel(staff);
  const kept = await openSlot(panel, 'Customer Ledger');
  await expect(kept.control).toContainText('APPROVED');
  await expect(kept.body.getByRole('button', { name: 'Approve Customer Ledger' })).toHaveCount(0);
  await review(panel, REJECTED_SLOT, 'Approve', 'Clear copy received.');
  await finaliseFromPanel(staff, 'APPROVED');
  await closePanel(staff);

  // The history shows each step: who, as what, and what they did.
  await staff.goto('/checker?status=APPROVED');
  await rowAction(staff, 'APPROVED').click();
  panel = documentPanel(staff);
  await expect(panel.getByRole('region', { name: 'Final review' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'History' }).click();
  const history = panel.getByRole('region', { name: 'History' });
  await expect(history.getByText('Submitted to the checker')).toHaveCount(2);
  await expect(
    history.getByText(`Rejected ${REJECTED_SLOT} (The document cannot be read): “${REJECTION}”`),
  ).toBeVisible();
  await expect(history.getByText('Finalised as REJECTED')).toBeVisible();
  await expect(
    history.getByText(`Approved ${REJECTED_SLOT}: “Clear copy received.”`),
  ).toBeVisible();
  await expect(history.getByText('Finalised as APPROVED')).toBeVisible();
  // People by name and role.
  await expect(history.getByText(`${borrower.name} (borrower)`).first()).toBeVisible();
  await expect(history.getByText(/\(approver\)/).first()).toBeVisible();
  await expectNoSeriousViolations(staff);
  await staff.context().close();
});

test.describe('at phone width', () => {
  test.use({ viewport: PHONE });

  test('the units are cards and the panel fills the screen', async ({ page, request, baseURL }) => {
    const borrower = await importBorrower(request);
    await signUpBorrower(request, borrower);
    const unit = await importNocUnit(request, borrower);
    await signInAsBorrower(page, borrower, baseURL!);
    await page.goto(`/opportunities/${unit.opportunityKey}/projects/${unit.projectKey}/units`);

    const cards = page.getByRole('list', { name: 'Units' }).getByRole('listitem');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('₹98,00,000.00');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page);

    await page.getByRole('button', { name: `NOT RAISED, documents of ${unit.unitName}` }).click();
    const panel = documentPanel(page);
    await expect(panel).toContainText('Shortfall Infusion Proof');
    expect((await panel.boundingBox())?.width).toBeGreaterThanOrEqual(389);
    await expectNoSeriousViolations(page);
  });
});
