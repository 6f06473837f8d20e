import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { clamdMissing, EICAR, startClamd, type RunningClamd } from '../apps/api/test/clamd.ts';
import { freePort } from '../apps/api/test/port.ts';
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
  signInAsBorrower,
  signUpBorrower,
  staffPage,
  submitFilledUnit,
  TIME_ZONE,
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

// The shared server scans nothing, so this one runs its own: the compiled server beside a real
// clamd whose only signature is EICAR's (apps/api/test/clamd.ts), on a port and data folder of
// its own.
test.describe('a file the virus scanner blocks', () => {
  // Its tests share the scanner and the server beforeAll starts: all in one worker, in order.
  test.describe.configure({ mode: 'default' });
  test.skip(clamdMissing !== undefined, clamdMissing);
  let clamd: RunningClamd;
  let server: ChildProcess;
  let base: string;
  let dataDir: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    clamd = await startClamd();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-scan-'));
    server = spawn(process.execPath, ['apps/api/dist/server.js'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DEMO_DATA: 'false',
        SCANNER_URL: clamd.tcpUrl,
      },
      stdio: 'ignore',
    });
    await expect
      .poll(
        () =>
          fetch(`${base}/api/readyz`).then(
            (r) => r.ok,
            () => false,
          ),
        {
          message: 'the scanning server is ready',
          timeout: 90_000,
        },
      )
      .toBe(true);
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await clamd?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('tells the borrower the file was refused, and leaves the slot empty', async ({
    browser,
  }) => {
    const request = await playwrightRequest.newContext({ baseURL: base });
    const borrower = await importBorrower(request);
    await signUpBorrower(request, borrower);
    const unit = await importNocUnit(request, borrower);
    await request.dispose();

    const context = await browser.newContext({ baseURL: base, timezoneId: TIME_ZONE });
    const page = await context.newPage();
    await signInAsBorrower(page, borrower, base);
    await page.goto(`/opportunities/${unit.opportunityKey}/projects/${unit.projectKey}/units`);
    await page.getByRole('button', { name: `NOT RAISED, documents of ${unit.unitName}` }).click();
    const panel = documentPanel(page);
    const { control, body } = await openSlot(panel, 'Customer Ledger');
    await body
      .getByLabel('Choose a file for Customer Ledger')
      .setInputFiles({ name: 'ledger.csv', mimeType: 'text/csv', buffer: EICAR });
    await body.getByRole('button', { name: 'Upload Customer Ledger' }).click();
    const refused = body.getByRole('alert').filter({ hasText: 'File refused' });
    await expect(refused).toContainText('This file was blocked by the virus scanner.');
    await expect(control).toContainText('NO FILE');
    await expect(body.getByLabel('Choose a file for Customer Ledger')).toBeAttached();
    await expectNoSeriousViolations(page);
    await context.close();
  });
});
