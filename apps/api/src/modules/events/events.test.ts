import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { COLLATERAL_SLOTS, unitSlotFileTypes } from '@portal/domain';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { reviewAll, uploadAll, uploadDocument } from '../../../test/documents.ts';
import {
  seedBorrower,
  seedCollateral,
  seedLoans,
  seedStaff,
  tokenFor,
} from '../../../test/factories.ts';
import { startWebhookReceiver } from '../../../test/webhook-receiver.ts';
import { outboxHandlersFor, storageFor } from '../../app.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import { createOutboxWorker } from '../../outbox/outbox.ts';
import type { WebhookPayload } from './domain-events.ts';

const SECRET = 'whsec-test-0123456789';
let t: TestApp;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
const mails: MailMessage[] = [];
const mailer: Mailer = { kind: 'smtp', send: async (m) => void mails.push(m) };
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  receiver = await startWebhookReceiver({ failFirst: 1 });
  t = await createTestApp({
    WEBHOOK_URL: receiver.url,
    WEBHOOK_SECRET: SECRET,
    APPROVER_EMAIL: 'checkers@lender.example',
  });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

it('delivers every event of a NOC cycle once, signed and in order, issues its letter and mails the people who act next', async () => {
  const { user, account } = await seedBorrower(t.db);
  const { units } = await seedLoans(t.db, account.key, { opportunities: 1, projects: 1, units: 1 });
  const unit = units[0]!;
  const borrower = await tokenFor(t.db, user.id);
  const approver = await tokenFor(t.db, (await seedStaff(t.db, 'approver')).id);
  const filesUrl = `/api/units/${unit.key}/files`;
  const unitUrl = `/api/projects/${unit.projectKey}/units/${unit.key}`;
  const put = (token: string, approvalStatus: string) =>
    t.app.inject({
      method: 'PUT',
      url: unitUrl,
      headers: { authorization: `Bearer ${token}` },
      payload: { approvalStatus },
    });

  await uploadAll(t.app, borrower, filesUrl, unitSlotFileTypes('Final'));
  expect((await put(borrower, 'PENDING_APPROVAL')).statusCode).toBe(200);
  await reviewAll(t.app, approver, filesUrl, (type) =>
    type === 'CUSTOMER_LEDGER' ? 'REJECTED' : 'APPROVED',
  );
  expect((await put(approver, 'REJECTED')).statusCode).toBe(200);
  const list = await t.app.inject({
    url: filesUrl,
    headers: { authorization: `Bearer ${borrower}` },
  });
  const ledger = (list.json().files as { file: { key: string; fileType: string } }[]).find(
    (f) => f.file.fileType === 'CUSTOMER_LEDGER',
  )!;
  await t.app.inject({
    method: 'DELETE',
    url: `${filesUrl}/${ledger.file.key}`,
    headers: { authorization: `Bearer ${borrower}` },
  });
  await uploadDocument(t.app, borrower, filesUrl, 'CUSTOMER_LEDGER');
  expect((await put(borrower, 'PENDING_APPROVAL')).statusCode).toBe(200);
  await reviewAll(t.app, approver, filesUrl, () => 'APPROVED');
  expect((await put(approver, 'APPROVED')).statusCode).toBe(200);

  // The server's own outbox: events to their handlers, then the mails, the letter and webhooks.
  let clock = Date.now() + 1000;
  const worker = createOutboxWorker({
    db: t.db,
    log: quiet,
    handlers: outboxHandlersFor(t.env, { storage: storageFor(t.env), mailer }),
    now: () => new Date(clock),
  });
  await worker.drain();
  // The receiver failed the first delivery: nothing of this unit may overtake it.
  expect(receiver.received).toHaveLength(0);
  clock += 60 * 60_000;
  await worker.drain();
  await worker.drain();

  const events = receiver.received.map((hook) => {
    // Verified as the README tells a receiver to: HMAC of "<timestamp>.<body>", timestamp fresh.
    const timestamp = Number(hook.headers['x-portal-timestamp']);
    expect(Math.abs(Date.now() / 1000 - timestamp)).toBeLessThan(300);
    expect(hook.headers['x-portal-signature']).toBe(
      `sha256=${createHmac('sha256', SECRET).update(`${timestamp}.${hook.body}`).digest('hex')}`,
    );
    return JSON.parse(hook.body) as WebhookPayload;
  });
  expect(events.map((e) => e.type)).toEqual([
    ...Array(7).fill('file.uploaded'),
    'unit.submitted',
    ...Array(7).fill('file.reviewed'),
    'unit.finalised',
    'file.uploaded',
    'unit.submitted',
    'file.reviewed',
    'unit.finalised',
    'noc_letter.issued',
  ]);
  expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  expect(events[7]).toMatchObject({
    actor: { username: account.key, role: 'client' },
    data: {
      key: unit.key,
      unitKey: unit.key,
      projectKey: unit.projectKey,
      accountId: account.key,
      approvalStatus: 'PENDING_APPROVAL',
    },
  });
  expect(events[0]!.data).toMatchObject({
    unitKey: unit.key,
    fileType: 'SHORTFALL_INFUSION_PROOF',
    approvalStatus: 'NOT_RAISED',
  });
  expect(events.at(-2)!.data.approvalStatus).toBe('APPROVED');
  expect(events.at(-1)!.data).toMatchObject({ unitKey: unit.key, status: 'ISSUED' });
  expect(receiver.attempts()).toBe(events.length + 1);

  // Mails name the unit in words and link to its panel for the reader's role (issue 11).
  const label = 'Project 1 · Tower A · Unit A-101';
  const keys = `project=${encodeURIComponent(unit.projectKey)}&unit=${encodeURIComponent(unit.key)}`;
  const toCheckers = mails.filter((m) => m.to === 'checkers@lender.example');
  expect(toCheckers.map((m) => m.subject)).toEqual([
    `For your review: ${label}`,
    `For your review: ${label}`,
  ]);
  expect(toCheckers[0]!.text).toContain(
    `${t.env.PUBLIC_URL}/checker?status=PENDING_APPROVAL&${keys}`,
  );
  const toBorrower = mails.filter((m) => m.to === account.email);
  expect(toBorrower.map((m) => m.subject)).toEqual([
    `Rejected: ${label}`,
    // One mail for the approval: it comes with the NOC letter.
    `Approved, NOC letter ready: ${label}`,
  ]);
  expect(toBorrower[0]!.text).toContain(
    'Customer Ledger: The document cannot be read. Unreadable scan: CUSTOMER_LEDGER',
  );
  expect(toBorrower[0]!.text).toContain(`${t.env.PUBLIC_URL}/unitstatus?status=REJECTED&${keys}`);
  expect(toBorrower[1]!.text).toContain(`${t.env.PUBLIC_URL}/unitstatus?status=APPROVED&${keys}`);
});

it('names a frequency’s collateral, frequency and month in its mails, linking to its panel', async () => {
  mails.length = 0;
  const { user, account } = await seedBorrower(t.db);
  const borrower = await tokenFor(t.db, user.id);
  const approver = await tokenFor(t.db, (await seedStaff(t.db, 'approver')).id);
  const collateral = await seedCollateral(t.db, account.key, 'Receivables of Tower B');
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const added = await t.app.inject({
    method: 'POST',
    url: `/api/collaterals/${collateral.key}/frequencies`,
    headers: as(borrower),
    payload: { frequency: 3, month: 6, year: 2025 },
  });
  const key = added.json().frequency.key as string;
  const filesUrl = `/api/frequencies/${key}/files`;
  const frequencyUrl = `/api/collaterals/${collateral.key}/frequencies/${key}`;
  await uploadAll(t.app, borrower, filesUrl, COLLATERAL_SLOTS);
  const submit = { method: 'PUT' as const, url: frequencyUrl, headers: as(borrower) };
  expect(
    (await t.app.inject({ ...submit, payload: { approvalStatus: 'PENDING_APPROVAL' } })).statusCode,
  ).toBe(200);
  await reviewAll(t.app, approver, filesUrl, (type) =>
    type === 'GST_DOCUMENT' ? 'REJECTED' : 'APPROVED',
  );
  const reject = { method: 'PUT' as const, url: frequencyUrl, headers: as(approver) };
  expect(
    (await t.app.inject({ ...reject, payload: { approvalStatus: 'REJECTED' } })).statusCode,
  ).toBe(200);

  const worker = createOutboxWorker({
    db: t.db,
    log: quiet,
    handlers: outboxHandlersFor(t.env, { storage: storageFor(t.env), mailer }),
  });
  await worker.drain();

  const label = 'Receivables of Tower B · Quarterly, June 2025';
  const keys = `collateral=${encodeURIComponent(collateral.key)}&frequency=${encodeURIComponent(key)}`;
  const [toCheckers] = mails.filter((m) => m.to === 'checkers@lender.example');
  expect(toCheckers!.subject).toBe(`For your review: ${label}`);
  expect(toCheckers!.text).toContain(`/collateralchecker?status=PENDING_APPROVAL&${keys}`);
  const [toBorrower] = mails.filter((m) => m.to === account.email);
  expect(toBorrower!.subject).toBe(`Rejected: ${label}`);
  expect(toBorrower!.text).toContain(
    'GST Documents: The document cannot be read. Unreadable scan: GST_DOCUMENT',
  );
  expect(toBorrower!.text).toContain(`/collateralstatus?status=REJECTED&${keys}`);
});
