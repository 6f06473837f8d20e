import { expect, test } from '@playwright/test';
import { documentPanel } from './document-panel';
import {
  addDocument,
  borrowerToken,
  businessDate,
  DEV_STAFF,
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  importBorrower,
  importCollateral,
  onePagePdf,
  pdfFile,
  PHONE,
  signUpBorrower,
  staffPage,
} from './fixtures';

// What a checker's queue tells before anything is opened — how late a monitoring pack came and
// how many fraud checks flagged its documents — at 1366 px with the Action column in view; and on
// a phone, a header that names where it leads and a list whose filters are one control.

/** The nine collateral documents of a monitoring pack. */
const COLLATERAL_FILE_TYPES = [
  'SALES_MIS',
  'CUSTOMER_LEDGER',
  'BANK_STATEMENT',
  'SALARY_DOCUMENT',
  'GST_DOCUMENT',
  'TDS_DOCUMENT',
  'AUDITED_FINANCIAL',
  'TRAIL_BALANCE',
  'OTHER',
];

/** Whole days from one YYYY-MM-DD date to another. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

test('the collateral queue says a pack came late and its documents were flagged, with Action in view', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const borrower = await importBorrower(request);
  await signUpBorrower(request, borrower);
  const collateral = await importCollateral(request, borrower.accountId);
  const token = await borrowerToken(baseURL!, borrower);
  const headers = { Authorization: `Bearer ${token}` };
  // March 2026's pack was due on 15 April; it is submitted today, its Sales MIS saved by an editor.
  const created = await request.post(`/api/collaterals/${collateral.key}/frequencies`, {
    headers,
    data: { frequency: 1, month: 3, year: 2026 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { key } = ((await created.json()) as { frequency: { key: string } }).frequency;
  for (const fileType of COLLATERAL_FILE_TYPES) {
    await addDocument(request, token, `/api/frequencies/${key}/files`, {
      fileType,
      file:
        fileType === 'SALES_MIS'
          ? {
              name: 'sales-mis.pdf',
              mimeType: 'application/pdf',
              buffer: onePagePdf(`Sales MIS ${Date.now()}`, 'iLovePDF'),
            }
          : pdfFile(`${fileType.toLowerCase()}.pdf`),
      borrowerRemarks: 'March pack',
    });
  }
  const submitted = await request.post('/api/frequencies/submit', {
    headers,
    data: { keys: [key] },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const late = `${daysBetween('2026-04-15', businessDate())} days late`;

  const staff = await staffPage(browser, baseURL!, DEV_STAFF.approver, {
    viewport: { width: 1366, height: 900 },
  });
  await staff.goto(`/collateralchecker?search=${encodeURIComponent(collateral.collateralName)}`);
  const table = staff.getByRole('table', { name: 'Frequencies' });
  const row = table.getByRole('row').filter({ hasText: collateral.collateralName });
  await expect(row.getByText(late)).toBeInViewport();
  await expect(row.getByText('1 check flagged')).toBeInViewport();
  const action = row.getByRole('button', { name: /^PENDING FOR APPROVAL, documents of/ });
  await expect(action).toBeInViewport();
  await expect(table.getByRole('columnheader', { name: 'Action' })).toBeInViewport();
  await expectNoSidewaysScroll(staff);
  await expectNoSeriousViolations(staff);

  // The panel's header says it too.
  await action.click();
  const panel = documentPanel(staff);
  await expect(panel.getByRole('heading').getByText(late)).toBeVisible();
  await expect(panel.getByRole('button', { name: /^Sales MIS/ })).toContainText('1 check flagged');
  await expectNoSeriousViolations(staff);
});

test.describe('at phone width', () => {
  test.use({ viewport: PHONE });

  test('the header names where it leads, and a list’s filters are one control', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const staff = await staffPage(browser, baseURL!, DEV_STAFF.approver, { viewport: PHONE });
    await staff.goto('/collateralchecker');
    await expect(
      staff.getByRole('heading', { level: 1, name: 'Collateral Checker' }),
    ).toBeVisible();

    const filters = staff.getByRole('button', { name: /^Filters/ });
    await expect(filters).toBeVisible();
    await expect(staff.getByRole('combobox', { name: 'Sort' })).toBeHidden();
    await filters.click();
    await expect(staff.getByRole('combobox', { name: 'Sort' })).toBeVisible();
    await expect(staff.getByRole('searchbox')).toBeVisible();
    await expectNoSidewaysScroll(staff);
    await expectNoSeriousViolations(staff);

    const menu = staff.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveText('Menu');
    await menu.click();
    const nav = staff.getByRole('navigation', { name: 'Main' });
    const checker = nav.getByRole('link', { name: 'NOC Checker' });
    await expect(checker).toHaveText('NOC Checker');
    await expect(nav.getByRole('link', { name: 'Monitoring calendar' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Logout' })).toHaveText('Logout');
    await expectNoSidewaysScroll(staff);
    await expectNoSeriousViolations(staff);
    await checker.click();
    await expect(staff).toHaveURL(/\/checker$/);
    await expect(nav).toBeHidden();
  });
});
