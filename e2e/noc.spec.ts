import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import {
  continueWithDevProvider,
  DEV_STAFF,
  importBorrower,
  importNocUnit,
  pdfFile,
  signUpBorrower,
  STRONG_PASSWORD,
  type Borrower,
} from './fixtures';

// The NOC workflow of SPEC §2 / §4 end to end against the real server: a borrower fills a
// unit's seven documents and submits it, an approver rejects one, the borrower replaces it and
// resubmits, the approver approves; the history tells the story.

// Each step is a few server round trips (hash, upload, check, refetch); on a busy machine
// 5 s per expectation is tight.
const expect = baseExpect.configure({ timeout: 15_000 });

/** SPEC §2: the unit's seven slots, in panel order, for a final NOC. */
const SLOTS = [
  'Shortfall Infusion Proof',
  'NOC Request Final',
  'Kyc Co-Applicant',
  'Customer Ledger',
  'KYC Applicant',
  'ATS/BBA',
  'Other',
];
const REJECTED_SLOT = 'KYC Applicant';
const REJECTION = 'The scan is unreadable; please upload a clear copy.';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** DESIGN §6: no serious or critical axe violations. */
async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  const where = (v: (typeof serious)[number]) => v.nodes.map((n) => n.target.join(' ')).join(', ');
  expect(serious.map((v) => `${v.id}: ${v.help} at ${where(v)}`)).toEqual([]);
}

async function signInAsBorrower(page: Page, borrower: Borrower, baseURL: string) {
  // page.request shares the page's cookies; DESIGN §3 wants a same-origin Origin on writes.
  const response = await page.request.post('/api/auth/signin', {
    data: { username: borrower.accountId, password: STRONG_PASSWORD },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Staff sign in through 'Continue With' and the development provider (DESIGN §2). */
async function signInAsApprover(page: Page) {
  await page.goto('/');
  await continueWithDevProvider(page, DEV_STAFF.approver);
  await expect(page).toHaveURL(/\/checker$/);
}

const documentPanel = (page: Page) => page.getByRole('dialog', { name: /Document uploads/ });

/** One slot of the open panel, expanded. */
async function slot(panel: Locator, label: string) {
  const control = panel.getByRole('button', { name: new RegExp(`^${escapeRegExp(label)}`) });
  if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
  await expect(control).toHaveAttribute('aria-expanded', 'true');
  return {
    control,
    body: panel.getByRole('region', { name: new RegExp(`^${escapeRegExp(label)}`) }),
  };
}

async function uploadInto(panel: Locator, label: string) {
  const { control, body } = await slot(panel, label);
  await body.getByLabel(`Choose a file for ${label}`).setInputFiles(
    // A small but real PDF: the server checks the magic bytes (DESIGN §4).
    pdfFile(`${label.toLowerCase().replace(/[^a-z]+/g, '-')}.pdf`),
  );
  await body.getByRole('textbox', { name: 'Borrower remarks' }).fill(`${label} for the NOC`);
  await body.getByRole('button', { name: `Upload ${label}` }).click();
  await expect(control).toContainText('NOT RAISED');
  await expect(body.getByRole('link', { name: /^View / })).toBeVisible();
}

async function review(
  panel: Locator,
  label: string,
  verdict: 'Approve' | 'Reject',
  remarks: string,
) {
  const { control, body } = await slot(panel, label);
  const button = body.getByRole('button', { name: `${verdict} ${label}` });
  // SPEC §5: no review without remarks.
  await expect(button).toBeDisabled();
  await body.getByRole('textbox', { name: 'Approver remarks' }).fill(remarks);
  await button.click();
  await expect(control).toContainText(verdict === 'Approve' ? 'APPROVED' : 'REJECTED');
}

/** SPEC §2 / §5: tick the unit, confirm the selection, submit; the list returns after 2000 ms. */
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
  const row = page.getByRole('row', { name: new RegExp(escapeRegExp(unit.unitName)) });
  await expect(page.getByRole('table', { name: 'Units' })).toContainText('₹98,00,000.00');
  await expectNoSeriousViolations(page);

  // It fills all seven slots through the panel.
  await rowAction(page, 'NOT RAISED').click();
  let panel = documentPanel(page);
  await expect(panel).toContainText(
    'Please upload the required documents below before raising for approval.',
  );
  await expectNoSeriousViolations(page);
  for (const label of SLOTS) await uploadInto(panel, label);
  await expect(panel.getByText('Ready for the checker')).toBeVisible();
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toBeHidden();
  await submitToChecker(page, unit.unitName);
  await expect(rowAction(page, 'PENDING FOR APPROVAL')).toBeVisible();

  // The approver rejects one document with remarks, approves six and submits: REJECTED.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsApprover(staff);
  await rowAction(staff, 'PENDING FOR APPROVAL').click();
  panel = documentPanel(staff);
  await expect(panel).toContainText(
    'Please review the documents and remark before approving or rejecting.',
  );
  await expectNoSeriousViolations(staff);
  // SPEC §2: the Submit bar waits until every document is reviewed.
  const finalSubmit = panel.getByRole('button', { name: 'Submit', exact: true });
  for (const label of SLOTS) {
    await expect(finalSubmit).toBeHidden();
    if (label === REJECTED_SLOT) await review(panel, label, 'Reject', REJECTION);
    else await review(panel, label, 'Approve', 'Verified against the original.');
  }
  await expect(panel.getByText(/Submitting makes this unit/)).toContainText('REJECTED');
  await finalSubmit.click();
  await expect(panel).toBeHidden();
  await expect(rowAction(staff, 'PENDING FOR APPROVAL')).toBeHidden();

  // The borrower sees the rejection, discards the document, uploads a new one and resubmits.
  await page.goto('/unitstatus?status=REJECTED');
  await rowAction(page, 'REJECTED').click();
  panel = documentPanel(page);
  const rejected = await slot(panel, REJECTED_SLOT);
  await expect(rejected.control).toContainText('REJECTED');
  await expect(rejected.body.getByRole('textbox', { name: 'Approver remarks' })).toHaveValue(
    REJECTION,
  );
  // SPEC §4: approved documents stay; only the rejected one may be discarded.
  const approved = await slot(panel, 'Other');
  await expect(approved.body.getByRole('button', { name: 'Discard Other' })).toHaveCount(0);
  await rejected.body.getByRole('button', { name: `Discard ${REJECTED_SLOT}` }).click();
  await expect(rejected.control).toContainText('NO FILE');
  await uploadInto(panel, REJECTED_SLOT);
  await panel.getByRole('button', { name: 'Close' }).click();
  await submitToChecker(page, unit.unitName);
  await expect(row).toBeHidden();

  // The approver approves the new document and submits: APPROVED.
  await staff.goto('/checker');
  await rowAction(staff, 'PENDING FOR APPROVAL').click();
  panel = documentPanel(staff);
  const kept = await slot(panel, 'Customer Ledger');
  await expect(kept.control).toContainText('APPROVED');
  await expect(kept.body.getByRole('button', { name: 'Approve Customer Ledger' })).toHaveCount(0);
  await review(panel, REJECTED_SLOT, 'Approve', 'Clear copy received.');
  await expect(panel.getByText(/Submitting makes this unit/)).toContainText('APPROVED');
  await finalSubmit.click();
  await expect(panel).toBeHidden();

  // The history shows each step: who, as what, and what they did.
  await staff.goto('/checker?status=APPROVED');
  await rowAction(staff, 'APPROVED').click();
  panel = documentPanel(staff);
  await expect(finalSubmit).toHaveCount(0);
  await panel.getByRole('button', { name: 'History' }).click();
  const history = panel.getByRole('region', { name: 'History' });
  await expect(history.getByText('Submitted to the checker')).toHaveCount(2);
  await expect(history.getByText(`Rejected ${REJECTED_SLOT}: “${REJECTION}”`)).toBeVisible();
  await expect(history.getByText('Finalised as REJECTED')).toBeVisible();
  await expect(history.getByText(new RegExp(`^Discarded ${REJECTED_SLOT}`))).toBeVisible();
  await expect(
    history.getByText(`Approved ${REJECTED_SLOT}: “Clear copy received.”`),
  ).toBeVisible();
  await expect(history.getByText('Finalised as APPROVED')).toBeVisible();
  await expect(history.getByText(`${borrower.accountId} (borrower)`).first()).toBeVisible();
  await expect(history.getByText(/\(approver\)/).first()).toBeVisible();
  await expectNoSeriousViolations(staff);
  await staffContext.close();
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the units are cards and the panel fills the screen', async ({ page, request, baseURL }) => {
    const borrower = await importBorrower(request);
    await signUpBorrower(request, borrower);
    const unit = await importNocUnit(request, borrower);
    await signInAsBorrower(page, borrower, baseURL!);
    await page.goto(`/opportunities/${unit.opportunityKey}/projects/${unit.projectKey}/units`);

    const cards = page.getByRole('list', { name: 'Units' }).getByRole('listitem');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('₹98,00,000.00');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);

    await page.getByRole('button', { name: `NOT RAISED, documents of ${unit.unitName}` }).click();
    const panel = documentPanel(page);
    await expect(panel).toContainText('Shortfall Infusion Proof');
    expect((await panel.boundingBox())?.width).toBeGreaterThanOrEqual(389);
    await expectNoSeriousViolations(page);
  });
});
