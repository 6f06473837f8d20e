import { expect, test, type Locator, type Page } from '@playwright/test';
import { documentPanel, slotPdf, submitFromPanel } from './document-panel';
import {
  borrowerToken,
  createFrequency,
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  FINAL_NOC_SLOTS,
  importBorrower,
  importCollateral,
  importNocUnit,
  pdfFile,
  PHONE,
  signInAsBorrower,
  signUpBorrower,
  TIME_ZONE,
  type Borrower,
  type UploadFile,
} from './fixtures';

// A borrower fills a whole set in one go: every file picked at once, each offered to the slot its
// name suggests, one that says nothing placed by hand, one Upload, then the submit. Every click,
// file choice and key press from the home to "Submitted" is counted against the goal.

test.use({ timezoneId: TIME_ZONE });

/** SPEC §3: the nine collateral document types, in panel order. */
const COLLATERAL_SLOTS = [
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

/** The person's interactions, each counted as it is made. */
class Interactions {
  count = 0;

  async click(target: Locator) {
    await target.click();
    this.count += 1;
  }

  async chooseFiles(input: Locator, files: UploadFile[]) {
    await input.setInputFiles(files);
    this.count += 1;
  }
}

/** A file for each slot, named as a borrower would; the last one's name says nothing. */
function filesFor(labels: readonly string[]): UploadFile[] {
  return labels.map((label, index) =>
    index === labels.length - 1 ? pdfFile('scan-0001.pdf') : slotPdf(label),
  );
}

/** The loan `importNocUnit` gives the borrower. */
const loanName = (borrower: Borrower) => `E2E Construction Finance ${borrower.accountId.slice(3)}`;

/** Home: the loan's request, then Get. */
async function requestFromHome(page: Page, act: Interactions, loanName: string, request: string) {
  await page.goto('/');
  await act.click(
    page.getByRole('combobox', { name: `Service/Miscellaneous Request for ${loanName}` }),
  );
  await act.click(page.getByRole('option', { name: request }));
  await act.click(page.getByRole('button', { name: `Get: ${loanName}` }));
}

/**
 * Picks every file at once, places the one nothing suggests in `lastSlot`, uploads them all, and
 * checks each slot is filled, closed and says so.
 */
async function uploadAll(panel: Locator, act: Interactions, labels: readonly string[]) {
  const files = filesFor(labels);
  await act.chooseFiles(panel.getByLabel('Choose several files at once'), files);
  // Each named file is offered to its slot; the nameless one waits for the borrower.
  for (const [index, label] of labels.entries()) {
    const slot = panel.getByRole('combobox', { name: `Document for ${files[index]!.name}` });
    if (index < labels.length - 1) await expect(slot).toHaveValue(label);
    else await expect(slot).toHaveValue('');
  }
  const upload = panel.getByRole('button', { name: `Upload ${labels.length} files` });
  await expect(upload).toBeDisabled();
  await expect(panel.getByText('Its name does not say which document it is')).toBeVisible();
  await expectNoSeriousViolations(panel.page());
  const lastSlot = labels[labels.length - 1]!;
  await act.click(panel.getByRole('combobox', { name: 'Document for scan-0001.pdf' }));
  await act.click(panel.page().getByRole('option', { name: lastSlot, exact: true }));
  await act.click(upload);
  // A few at a time, each hashed, sent and checked: slow on a busy machine.
  await expect(panel.getByText(`${labels.length} documents uploaded.`)).toBeVisible({
    timeout: 150_000,
  });
  for (const label of labels) {
    const control = panel.getByRole('button', { name: new RegExp(`^${label}`) });
    await expect(control).toContainText('Uploaded');
    await expect(control).toContainText('NOT RAISED');
    await expect(control).toHaveAttribute('aria-expanded', 'false');
  }
  // All in: the several-files part has nothing left to fill.
  await expect(panel.getByLabel('Choose several files at once')).toHaveCount(0);
}

for (const size of [
  { name: 'a laptop', viewport: { width: 1366, height: 900 } },
  { name: 'a phone', viewport: PHONE },
]) {
  test.describe(`on ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('a NOC request with seven documents goes from home to submitted in 15 interactions or fewer', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(300_000);
      const borrower = await importBorrower(page.request);
      await signUpBorrower(page.request, borrower);
      const unit = await importNocUnit(page.request, borrower);
      await signInAsBorrower(page, borrower, baseURL!);
      const act = new Interactions();

      await requestFromHome(page, act, loanName(borrower), 'Request NOC');
      await act.click(page.getByRole('combobox', { name: 'Select Project' }));
      await act.click(page.getByRole('option', { name: unit.projectName }));
      await act.click(
        page.getByRole('button', { name: `NOT RAISED, documents of ${unit.unitName}` }),
      );
      const panel = documentPanel(page);
      // A phone offers its camera for a document on paper.
      if (size.viewport === PHONE) {
        await expect(panel.getByRole('button', { name: 'Take a photo' })).toBeVisible();
        await expectNoSidewaysScroll(page);
      }
      await uploadAll(
        panel,
        act,
        FINAL_NOC_SLOTS.map((slot) => slot.label),
      );
      await expectNoSeriousViolations(page);
      // The panel's confirm box and its Submit.
      act.count += 2;
      await submitFromPanel(panel);

      expect(act.count).toBeLessThanOrEqual(15);
      test.info().annotations.push({ type: 'interactions', description: String(act.count) });
    });

    test('a monitoring pack of nine goes from home to submitted in 18 interactions or fewer', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(300_000);
      const borrower = await importBorrower(page.request);
      await signUpBorrower(page.request, borrower);
      // A loan to make the request from.
      await importNocUnit(page.request, borrower);
      const collateral = await importCollateral(page.request, borrower.accountId);
      await createFrequency(page.request, await borrowerToken(baseURL!, borrower), collateral.key);
      await signInAsBorrower(page, borrower, baseURL!);
      const act = new Interactions();

      await requestFromHome(page, act, loanName(borrower), 'Upload Credit Monitoring Data');
      await act.click(page.getByRole('combobox', { name: 'Select Collateral' }));
      await act.click(page.getByRole('option', { name: collateral.collateralName }));
      await act.click(page.getByRole('button', { name: 'Uploaded Files (0)' }));
      const panel = documentPanel(page);
      await uploadAll(panel, act, COLLATERAL_SLOTS);
      await expectNoSeriousViolations(page);
      // The panel's confirm box and its Submit.
      act.count += 2;
      await submitFromPanel(panel);

      expect(act.count).toBeLessThanOrEqual(18);
      test.info().annotations.push({ type: 'interactions', description: String(act.count) });
    });
  });
}
