import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { documentPanel } from './document-panel';
import {
  borrowerToken,
  DEV_STAFF,
  importBorrower,
  importNocUnit,
  signUpBorrower,
  staffPageSigningIn,
  submitFilledUnit,
  type NocUnit,
} from './fixtures';

// Four-eyes NOC release end to end: a server of its own with NOC_TWO_APPROVERS=true (the shared
// one runs without it). One approver gives the first approval, cannot confirm it, and a second,
// different approver confirms it: the unit is APPROVED. Staff sign in on this server, not from the
// run's saved sessions, which belong to the shared one.

const port = Number(process.env.E2E_FOUR_EYES_PORT ?? 4317);
const baseURL = `http://127.0.0.1:${port}`;
let server: ChildProcess | undefined;
let dataDir: string;

test.use({ baseURL });
// Its tests share the one server beforeAll starts: all in one worker, in order.
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  // A server of its own migrates a fresh embedded database and loads the demo book first: over a
  // minute beside two other spec files on a busy 2-core machine.
  test.setTimeout(150_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-four-eyes-'));
  // The command the shared configuration starts, with the setting this spec is about.
  server = spawn('node', ['--enable-source-maps', 'apps/api/dist/server.js'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NOC_TWO_APPROVERS: 'true',
    },
    stdio: 'inherit',
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${baseURL}/api/readyz`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 120_000, intervals: [500] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every document of the submitted unit approved through the API, as `staff`. */
async function approveDocuments(staff: Page, unit: NocUnit) {
  const files = await staff.request.get(`/api/units/${unit.unitKey}/files`);
  const { files: entries } = (await files.json()) as { files: { file: { key: string } }[] };
  for (const { file } of entries) {
    const reviewed = await staff.request.put(`/api/units/${unit.unitKey}/files/${file.key}`, {
      headers: { origin: baseURL },
      data: { approvalStatus: 'APPROVED', approverRemarks: 'Verified against the original.' },
    });
    expect(reviewed.status(), await reviewed.text()).toBe(200);
  }
}

const openUnit = async (staff: Page, unit: NocUnit) => {
  await staff.goto(`/checker?project=${unit.projectKey}&unit=${unit.unitKey}`);
  return documentPanel(staff).getByRole('region', { name: 'Final review' });
};

test('a unit is APPROVED only when a second, different approver confirms', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const borrower = await importBorrower(request);
  await signUpBorrower(request, borrower);
  const unit = await importNocUnit(request, borrower);
  await submitFilledUnit(request, await borrowerToken(baseURL, borrower), unit);

  // The first approver approves: the first of two approvals.
  const first = await staffPageSigningIn(browser, baseURL, DEV_STAFF.approver);
  await approveDocuments(first, unit);
  let review = await openUnit(first, unit);
  await review.getByRole('button', { name: 'Approve NOC (first of two approvals)' }).click();
  const approve = first.getByRole('dialog', { name: /^Approve the NOC of/ });
  await approve.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(review).toContainText(`First approved by ${DEV_STAFF.approver}`);

  // …and cannot confirm their own approval.
  await expect(review.getByRole('button', { name: 'Confirm approval' })).toBeDisabled();
  await expect(review.getByRole('button', { name: 'Send back' })).toBeDisabled();
  await expect(review).toContainText('You gave the first approval');

  // The checker list shows the unit awaiting its second approval.
  const second = await staffPageSigningIn(browser, baseURL, DEV_STAFF.secondApprover);
  await second.goto('/checker?status=PENDING_APPROVAL');
  await expect(
    second.getByRole('button', { name: `AWAITING SECOND APPROVAL, documents of ${unit.unitName}` }),
  ).toBeVisible();

  // A different approver confirms: the unit is APPROVED.
  review = await openUnit(second, unit);
  await expect(review).toContainText(`First approved by ${DEV_STAFF.approver}`);
  await review.getByRole('button', { name: 'Confirm approval' }).click();
  const confirm = second.getByRole('dialog', { name: /^Confirm the approval of/ });
  await confirm.getByRole('button', { name: 'Confirm approval' }).click();
  await expect(confirm).toBeHidden();
  const answer = await second.request.get(`/api/projects/${unit.projectKey}/units/${unit.unitKey}`);
  expect(((await answer.json()) as { unit: { approvalStatus: string } }).unit.approvalStatus).toBe(
    'APPROVED',
  );
});
