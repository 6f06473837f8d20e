import { expect, test } from '@playwright/test';
import { documentPanel, expectSlotStatus, uploadInto } from './document-panel';
import {
  collectPageErrors,
  escapeRegExp,
  expectNoSeriousViolations,
  FINAL_NOC_SLOTS,
  importBorrower,
  importNocUnit,
  PHONE,
  signInAsBorrower,
  signUpBorrower,
  TIME_ZONE,
} from './fixtures';

// The server answers on every address of its machine, and a borrower may open the portal at any
// of them: the runner's PUBLIC_URL names 127.0.0.1, and the portal opened at localhost uploads
// just as well, its files going to the address the page came from.

const DESKTOP = { width: 1366, height: 900 };

test('a borrower uploads from the portal opened at 127.0.0.1 and at localhost, on a desktop and a phone', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(480_000);
  const borrower = await importBorrower(request);
  await signUpBorrower(request, borrower);
  const unit = await importNocUnit(request, borrower);
  const port = new URL(baseURL!).port;
  const visits = [
    { address: `http://127.0.0.1:${port}`, viewport: DESKTOP },
    { address: `http://localhost:${port}`, viewport: DESKTOP },
    { address: `http://127.0.0.1:${port}`, viewport: PHONE },
    { address: `http://localhost:${port}`, viewport: PHONE },
  ];
  for (const [index, { address, viewport }] of visits.entries()) {
    const context = await browser.newContext({ baseURL: address, viewport, timezoneId: TIME_ZONE });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signInAsBorrower(page, borrower, address);
    await page.goto(`/opportunities/${unit.opportunityKey}/projects/${unit.projectKey}/units`);
    await page
      .getByRole('button', { name: new RegExp(`documents of ${escapeRegExp(unit.unitName)}$`) })
      .click();
    const panel = documentPanel(page);
    const slot = FINAL_NOC_SLOTS[index]!.label;
    const sent = page.waitForRequest(
      (sending) => sending.method() === 'PUT' && sending.url().includes('/api/storage/'),
    );
    await uploadInto(panel, slot);
    // The bytes went to the address the page was opened at, not to PUBLIC_URL's.
    expect(new URL((await sent).url()).origin).toBe(address);
    await expectSlotStatus(panel, slot, 'NOT RAISED');
    await expectNoSeriousViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  }
});
