import { expect, type Locator, type Page } from '@playwright/test';
import { escapeRegExp, pdfFile, type UploadFile } from './fixtures';

// The one document panel of docs/product.md#screens 'Document uploads', as a person works it: units and
// frequencies alike (docs/product.md#what-it-does).

export const documentPanel = (page: Page) => page.getByRole('dialog', { name: /Document uploads/ });

export interface PanelSlot {
  /** The slot's header: its type and its status in words. */
  control: Locator;
  /** The slot's opened content. */
  body: Locator;
}

/** The slot of `label`, expanded (it stays open if it was). */
export async function openSlot(panel: Locator, label: string): Promise<PanelSlot> {
  const control = panel.getByRole('button', { name: new RegExp(`^${escapeRegExp(label)}`) });
  if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
  await expect(control).toHaveAttribute('aria-expanded', 'true');
  return {
    control,
    body: panel.getByRole('region', { name: new RegExp(`^${escapeRegExp(label)}`) }),
  };
}

export async function expectSlotStatus(panel: Locator, label: string, status: string) {
  await expect(
    panel.getByRole('button', { name: new RegExp(`^${escapeRegExp(label)}`) }),
  ).toContainText(status);
}

/** A PDF named after the slot. */
export const slotPdf = (label: string) =>
  pdfFile(`${label.toLowerCase().replace(/[^a-z]+/g, '-')}.pdf`);

/** Fills an empty slot: a file, the borrower's remarks, Upload (docs/product.md#screens, #validation). */
export async function uploadInto(panel: Locator, label: string, file: UploadFile = slotPdf(label)) {
  const { control, body } = await openSlot(panel, label);
  await body.getByLabel(`Choose a file for ${label}`).setInputFiles(file);
  await body.getByRole('textbox', { name: 'Borrower remarks' }).fill(`${label} for the review`);
  await body.getByRole('button', { name: `Upload ${label}` }).click();
  await expect(control).toContainText('NOT RAISED');
  await expect(body.getByRole('button', { name: `View ${file.name}` })).toBeVisible();
}

/** Picks the reason for a rejection from the lender's list, by its plain words. */
export async function chooseRejectionReason(slotBody: Locator, reason: string) {
  await slotBody.getByRole('combobox', { name: 'Reason for rejection' }).click();
  await slotBody.page().getByRole('option', { name: reason }).click();
}

/**
 * A checker's decision on one pending document, always with remarks (docs/product.md#validation); a rejection with
 * its reason (unreadable unless `reason` names another).
 */
export async function review(
  panel: Locator,
  label: string,
  verdict: 'Approve' | 'Reject',
  remarks: string,
  reason = 'The document cannot be read',
) {
  const { control, body } = await openSlot(panel, label);
  const button = body.getByRole('button', { name: `${verdict} ${label}` });
  await expect(button).toBeDisabled();
  await body.getByRole('textbox', { name: 'Approver remarks' }).fill(remarks);
  if (verdict === 'Reject') await chooseRejectionReason(body, reason);
  await button.click();
  await expect(control).toContainText(verdict === 'Approve' ? 'APPROVED' : 'REJECTED');
}

/**
 * The borrower's submit from the panel, offered once the set is ready: docs/product.md#screens's confirm
 * checkbox, then 'Submit to checker'; the panel stays and says what happened.
 */
export async function submitFromPanel(panel: Locator) {
  const region = panel.getByRole('region', { name: 'Submit to checker' });
  const submit = region.getByRole('button', { name: 'Submit to checker' });
  await expect(submit).toBeDisabled();
  await region.getByRole('checkbox', { name: 'Please confirm the selection.' }).check();
  await submit.click();
  await expect(panel.getByText('Submitted to the checker', { exact: true })).toBeVisible();
  await expect(panel.getByText(/is now PENDING FOR APPROVAL/)).toBeVisible();
}

/**
 * The checker's final Submit (docs/product.md#statuses), confirmed in a dialog that names the outcome. The panel
 * then closes, or stays to offer the next item of the queue.
 */
export async function finaliseFromPanel(page: Page, outcome: 'APPROVED' | 'REJECTED') {
  const panel = documentPanel(page);
  const finalReview = panel.getByRole('region', { name: 'Final review' });
  await expect(finalReview).toContainText(`Submitting makes this`);
  await expect(finalReview).toContainText(outcome);
  await finalReview.getByRole('button', { name: 'Submit', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: /^Submit the review of/ });
  await expect(confirm).toContainText(`will be ${outcome}`);
  await confirm.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(finalReview).toHaveCount(0);
}

/** Closes the panel if it is still open (it may be closing by itself, after a final Submit). */
export async function closePanel(page: Page) {
  const panel = documentPanel(page);
  await expect(async () => {
    if (await panel.isVisible()) {
      await panel.getByRole('button', { name: 'Close' }).first().click({ timeout: 1_000 });
    }
    await expect(panel).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}
