import { expect, test } from '@playwright/test';
import {
  chooseRejectionReason,
  closePanel,
  documentPanel,
  finaliseFromPanel,
  openSlot,
} from './document-panel';
import {
  borrowerToken,
  businessDate,
  DEV_STAFF,
  expectNoSeriousViolations,
  importBorrower,
  importNocUnit,
  signInAsBorrower,
  signUpBorrower,
  staffPage,
  submitFilledUnit,
  TIME_ZONE,
} from './fixtures';

// A rejection's reason code end to end: the checker must pick one, the borrower reads it in
// plain words, and the rejection report counts it.

const REJECTED = { fileType: 'KYC_APPLICANT', label: 'KYC Applicant' } as const;
const REMARKS = 'The passport in this scan expired in 2023.';
const REASON = 'The document has expired';

test.use({ timezoneId: TIME_ZONE });

test('a checker rejects with a reason, the borrower reads it, the report counts it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const borrower = await importBorrower(page.request);
  await signUpBorrower(page.request, borrower);
  const unit = await importNocUnit(page.request, borrower);
  await submitFilledUnit(page.request, await borrowerToken(baseURL!, borrower), unit);

  const admin = await staffPage(browser, baseURL!, DEV_STAFF.admin);
  const today = businessDate();
  const reportUrl = `/api/reports/rejections?from=${today}&to=${today}`;
  const expiredToday = async () => {
    const answer = await admin.request.get(reportUrl);
    expect(answer.status(), await answer.text()).toBe(200);
    const { report } = (await answer.json()) as {
      report: { byReason: { reason: string; count: number }[] };
    };
    return report.byReason.find((r) => r.reason === 'EXPIRED')!.count;
  };
  const before = await expiredToday();

  // The checker approves the other documents, then rejects one: first without a reason.
  const staff = await staffPage(browser, baseURL!, DEV_STAFF.approver);
  const files = await staff.request.get(`/api/units/${unit.unitKey}/files`);
  const { files: entries } = (await files.json()) as {
    files: { file: { key: string; fileType: string } }[];
  };
  for (const { file } of entries.filter((entry) => entry.file.fileType !== REJECTED.fileType)) {
    const approved = await staff.request.put(`/api/units/${unit.unitKey}/files/${file.key}`, {
      headers: { origin: baseURL! },
      data: { approvalStatus: 'APPROVED', approverRemarks: 'Matches the original.' },
    });
    expect(approved.status(), await approved.text()).toBe(200);
  }
  await staff
    .getByRole('button', { name: `PENDING FOR APPROVAL, documents of ${unit.unitName}` })
    .click();
  const panel = documentPanel(staff);
  const { control, body } = await openSlot(panel, REJECTED.label);
  await body.getByRole('textbox', { name: 'Approver remarks' }).fill(REMARKS);
  await body.getByRole('button', { name: `Reject ${REJECTED.label}` }).click();
  const reasons = body.getByRole('combobox', { name: 'Reason for rejection' });
  await expect(body.getByText('Choose the reason for the rejection')).toBeVisible();
  await expect(reasons).toBeFocused();
  await expect(control).toContainText('PENDING');
  await expectNoSeriousViolations(staff);
  await chooseRejectionReason(body, REASON);
  await body.getByRole('button', { name: `Reject ${REJECTED.label}` }).click();
  await expect(control).toContainText('REJECTED');
  await finaliseFromPanel(staff, 'REJECTED');
  await closePanel(staff);
  await staff.context().close();

  // The borrower reads the reason in plain words, above the checker's remarks.
  await signInAsBorrower(page, borrower, baseURL!);
  await page.goto('/unitstatus?status=REJECTED');
  await page.getByRole('button', { name: `REJECTED, documents of ${unit.unitName}` }).click();
  const rejected = await openSlot(documentPanel(page), REJECTED.label);
  const remark = rejected.body.locator('figure', {
    hasText: 'Approver remarks: reason for rejection',
  });
  await expect(remark).toContainText(`${REASON}.${REMARKS}`);
  await expectNoSeriousViolations(page);

  // The admin finds the report in the navigation; today's count of expired documents went up.
  expect(await expiredToday()).toBe(before + 1);
  await admin.getByRole('link', { name: 'Rejection report' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Rejection report' })).toBeVisible();
  await admin.getByLabel('From').fill(today);
  await expect(admin).toHaveURL(new RegExp(`from=${today}&to=${today}`));
  const chart = admin.getByRole('img', { name: /^Rejections by reason/ });
  await expect(chart).toHaveAttribute('aria-label', new RegExp(`${REASON}: ${before + 1}`));
  const row = admin
    .getByRole('region', { name: 'Rejections by document' })
    .getByRole('row', { name: new RegExp(`^${REJECTED.label}`) });
  await expect(row).toContainText(`Expired ${before + 1}`);
  await expectNoSeriousViolations(admin);
  await admin.context().close();
});
